// Issue #22, compression on the wire: the SPA's files as the build compressed them, the API's
// text answers per request above the threshold, documents and spreadsheets never, and the
// streamed exports still whole once decompressed. A real server (app.inject) on a real database.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { DEMO_PASSWORD } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';
import { seedAccounts } from './db/seed/accounts.js';
import { seedApplicants } from './db/seed/applicants.js';
import { FolderBerkasStore } from './storage/folder-berkas-store.js';
import { createTestApp, TestClient, type TestContext } from './test/test-app.js';

/** The bytes the client gets once it has undone the answer's Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/,\s*/)
    .includes('accept-encoding');

describe('the built SPA: precompressed files', () => {
  let ctx: TestContext;
  let dist: string;
  // Big enough that compression pays, as the build's chunks are.
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `kata-${i}`))};\n`;
  const html = `<!doctype html><html lang="id"><div id="root"></div>${'<!-- isi -->'.repeat(50)}</html>`;
  const worker = `self.addEventListener('install', () => {});${' '.repeat(2000)}`;

  /** What vite-plugin-compression2 and the service worker step write: file, file.br, file.gz. */
  function writeCompressed(file: string, text: string) {
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
  }

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeCompressed(path.join(dist, 'index.html'), html);
    writeCompressed(path.join(dist, 'sw.js'), worker);
    writeCompressed(path.join(dist, 'assets', 'index-abc123.js'), script);
    // Fonts are compressed already: the build writes no copies, the server sends them as they are.
    writeFileSync(path.join(dist, 'assets', 'poppins-def456.woff2'), Buffer.alloc(4096, 7));
    ctx = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  /** The copy the build wrote: sent byte for byte, not compressed again per request. */
  const built = (file: string) => readFileSync(path.join(dist, file));

  it('sends a hashed asset as brotli or gzip when accepted, as is otherwise, cached for a year', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 2);
    expect(decoded(br).toString()).toBe(script);
    expect(br.rawPayload.equals(built('assets/index-abc123.js.br'))).toBe(true);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(built('assets/index-abc123.js.gz'))).toBe(true);
    expect(decoded(gz).toString()).toBe(script);

    for (const identity of [undefined, 'identity']) {
      const plain = await get('/assets/index-abc123.js', identity);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      expect(varies(plain), 'a cache must not hand this to a client that accepts br').toBe(true);
    }
    for (const res of [br, gz]) {
      expect(varies(res)).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends index.html (also as the fallback of client routes) and the service worker compressed, never cached', async () => {
    for (const url of ['/', '/auth/login', '/cpns/rekap-pelamar']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.rawPayload.equals(built('index.html.br'))).toBe(true);
      expect(decoded(res).toString()).toBe(html);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(varies(res)).toBe(true);
    }
    const sw = await get('/sw.js', 'gzip');
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(sw.rawPayload.equals(built('sw.js.gz'))).toBe(true);
    expect(decoded(sw).toString()).toBe(worker);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends a font as it is, whatever the browser accepts', async () => {
    const font = await get('/assets/poppins-def456.woff2', 'br, gzip');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.rawPayload.length).toBe(4096);
  });
});

describe('the API: compressed per request', () => {
  let ctx: TestContext;
  let client: TestClient;
  let filesDir: string;
  let token: string;

  beforeAll(async () => {
    filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
    ctx = await createTestApp({ loginRateLimitPerMinute: 10_000, filesDir });
    client = new TestClient(ctx.app);
    await seedAccounts(ctx.db);
    await seedApplicants(ctx.db, new FolderBerkasStore(filesDir), {
      seed: 22,
      withDocuments: true,
      blocks: [{ instansiId: 3, track: 'cpns', applicants: 40 }],
    });
    token = await client.loginToken('admin.cpns', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const listBody = {
    filter: {},
    paginator: { page: 1, pageSize: 50, total: 0, pageSizes: [] },
    sorting: { column: 'id', direction: 'asc' },
    searchTerm: '',
    grouping: { selectedRowIds: [], itemIds: [] },
  };
  const list = (acceptEncoding?: string) =>
    client.request({
      method: 'POST',
      url: '/api/cpns/admin/filter',
      token,
      payload: listBody,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('compresses a JSON answer above the threshold with what the client accepts', async () => {
    const plain = await list();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const expected = plain.json();
    expect(expected.data).toHaveLength(40);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(varies(br)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decoded(br).toString())).toEqual(expected);

    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz).toString())).toEqual(expected);
  });

  it('leaves a JSON answer below the threshold as it is', async () => {
    const health = await client.request({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });

  it('never compresses a PDF or a photo, which are compressed already', async () => {
    const [first] = (await list()).json().data as { id: number }[];
    const detail = (await client.request({ url: `/api/cpns/admin/${first?.id}`, token })).json();
    const dokumen = (jenis: string) => detail.dokumen.find((d: { jenis: string }) => d.jenis === jenis);
    for (const [jenis, mime, magic] of [
      ['KTP', 'application/pdf', [0x25, 0x50, 0x44, 0x46]],
      ['PAS_FOTO', 'image/jpeg', [0xff, 0xd8, 0xff]],
    ] as const) {
      const file = await client.request({
        url: `/api/cpns/admin/${first?.id}/dokumen/${dokumen(jenis).id}`,
        token,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(file.statusCode, jenis).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.headers['content-encoding'], jenis).toBeUndefined();
      expect([...file.rawPayload.subarray(0, magic.length)]).toEqual([...magic]);
    }
  });

  const exportAs = (format: 'csv' | 'xlsx') =>
    client.request({
      method: 'POST',
      url: '/api/cpns/admin/export',
      token,
      payload: { format, filter: {}, sorting: { column: 'nama', direction: 'asc' }, searchTerm: '' },
      headers: { 'accept-encoding': 'gzip' },
    });

  it('streams the CSV export compressed and whole, and the Excel export as it is', async () => {
    const csv = await exportAs('csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="rekap-pelamar-cpns-\d{8}\.csv"$/);
    const lines = decoded(csv)
      .toString()
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.split(';').slice(0, 3)).toEqual(['Nomor Peserta', 'NIK', 'Nama']);
    expect(lines).toHaveLength(41);

    const xlsx = await exportAs('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(41);
  });
});
