// Issue #30: the public document check, open to anyone on the internet, reads only a PDF no
// larger than the issued document (its type, size and code checked before the body is read),
// and answers a limited number of requests per client address — counted in the database, so two
// instances on one database share the count instead of doubling it.

import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ERROR_CODES, XSRF_COOKIE, XSRF_HEADER } from '@portal/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Config, loadConfig } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { specimenPdf } from '../../db/seed/demo-files.js';
import { createTestDb, createUser, TEST_JWT_SECRET, type TestDb } from '../../test/test-app.js';

const KODE = 'CEKDKMN234';
const PDF = Buffer.from(specimenPdf('Pengumuman Uji'));
/** The largest file the check reads in these tests. */
const MAX_BYTES = 4096;
const PER_MINUTE = 5;

/** Factory: an issued document (the row the check reads) whose file is `PDF`. */
async function issue(db: Kysely<DB>, kode = KODE): Promise<void> {
  const user = await createUser(db);
  await db
    .insertInto('dokumen_resmi')
    .values({
      kode,
      jenis: 'PENGUMUMAN',
      instansi_id: user.instansiId,
      track: 'cpns',
      nomor: '800/1/UJI/2026',
      tanggal: '2026-11-24',
      sha256: createHash('sha256').update(PDF).digest('hex'),
      ukuran: PDF.length,
      halaman: 1,
      isian: JSON.stringify({}),
      dibuat_oleh: user.id,
    })
    .execute();
}

const config = (): Config => ({
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET }),
  cekDokumen: { perMinute: PER_MINUTE, maxBytes: MAX_BYTES },
});

let testDb: TestDb;
let a: FastifyInstance;
let b: FastifyInstance;
let nextAddress = 1;
/** Each test calls from an address of its own, so the counts of one do not spill into another. */
const newAddress = () => `203.0.113.${nextAddress++}`;

beforeAll(async () => {
  testDb = await createTestDb();
  await issue(testDb.db);
  // Two instances of the portal on one database, as behind a load balancer.
  a = await buildApp({ config: config(), db: testDb.db });
  b = await buildApp({ config: config(), db: testDb.db });
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await testDb?.close();
});

/** POSTs a file to the check as the SPA does (with the XSRF double submit), from `remoteAddress`. */
const check = (app: FastifyInstance, remoteAddress: string, options: Partial<InjectOptions> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/cek-dokumen/${KODE}`,
    payload: PDF,
    remoteAddress,
    ...options,
    headers: { 'content-type': 'application/pdf', [XSRF_HEADER]: 'uji', ...options.headers },
    cookies: { [XSRF_COOKIE]: 'uji' },
  });

describe('the public document check (issue #30)', () => {
  it('refuses what is not a PDF with 400 and an Indonesian message: by its type, and by its first bytes', async () => {
    const address = newAddress();
    // The issued file still matches, an altered one not.
    expect((await check(a, address)).json()).toMatchObject({ cocok: true });
    const altered = Buffer.from(PDF);
    altered.writeUInt8(altered.readUInt8(100) ^ 1, 100);
    expect((await check(a, address, { payload: altered })).json()).toMatchObject({ cocok: false });
    const byType = await check(a, address, { headers: { 'content-type': 'application/octet-stream' } });
    expect(byType.statusCode).toBe(400);
    expect(byType.json()).toMatchObject({ error: 'BUKAN_PDF', message: expect.stringMatching(/harus PDF/) });
    const text = await check(a, address, {
      headers: { 'content-type': 'text/plain' },
      payload: 'bukan pdf',
    });
    expect(text.statusCode).toBe(400);
    const disguised = await check(a, address, { payload: Buffer.from('PK\u0003\u0004 sebuah zip, bukan pdf') });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({ error: 'BUKAN_PDF', message: expect.stringMatching(/harus PDF/) });
  });

  it('refuses a body over the limit with 413 before reading it, in Indonesian', async () => {
    const address = newAddress();
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_BYTES)]);
    const declared = await check(a, address, { payload: big });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject({
      error: 'BERKAS_TERLALU_BESAR',
      message: expect.stringMatching(/^Berkas yang diperiksa paling besar/),
    });
    // Sent without a Content-Length (chunked): the route's bodyLimit stops the reading.
    const chunked = await check(a, address, { payload: Readable.from([big]) });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json()).toMatchObject({ message: 'Data yang dikirim terlalu besar untuk permintaan ini.' });
    // Under the limit but larger than the issued document: it cannot be the document.
    const larger = await check(a, address, { payload: Buffer.concat([PDF, Buffer.alloc(100)]) });
    expect(larger.statusCode).toBe(413);
    expect(larger.json().message).toMatch(/lebih besar daripada dokumen yang diterbitkan/);
    // An unknown code is answered before its body is read.
    const unknown = await check(a, address, { url: '/api/cek-dokumen/ZZZZZZZZZZ' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 429 with an Indonesian message once an address reached the limit, GET and POST alike', async () => {
    const address = newAddress();
    const codes: number[] = [];
    for (let i = 0; i < PER_MINUTE; i++) {
      const res =
        i % 2 === 0
          ? await a.inject({ url: `/api/cek-dokumen/${KODE}`, remoteAddress: address })
          : await check(a, address);
      codes.push(res.statusCode);
    }
    expect(codes).toEqual(Array(PER_MINUTE).fill(200));
    for (const res of [
      await check(a, address),
      await a.inject({ url: `/api/cek-dokumen/${KODE}`, remoteAddress: address }),
    ]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: ERROR_CODES.rateLimited, message: expect.stringMatching(/Coba lagi/) });
    }
    // Another address is not held back.
    expect((await check(a, newAddress())).statusCode).toBe(200);
  });

  it('is counted once for all instances: the hits on one count on the other', async () => {
    const address = newAddress();
    const get = (app: FastifyInstance) => app.inject({ url: `/api/cek-dokumen/${KODE}`, remoteAddress: address });
    const codes: number[] = [];
    for (let i = 0; i < PER_MINUTE; i++) codes.push((await get(i % 2 === 0 ? a : b)).statusCode);
    expect(codes).toEqual(Array(PER_MINUTE).fill(200));
    // Each instance saw fewer than the limit itself, yet both refuse now.
    expect((await get(a)).statusCode).toBe(429);
    expect((await get(b)).statusCode).toBe(429);
  });
});
