// Issue #30, the probe's cases: values PostgreSQL cannot take are a 400 with an Indonesian message
// naming the field, never a 500 — impossible dates, integers past int4, NUL and lone surrogates in
// any string (request-guard.ts) — and a data exception that still reaches the database (SQLSTATE
// class 22) is answered 400 and logged as a missed check (errors.ts). The fuzz is fuzz.test.ts.

import { Writable } from 'node:stream';
import { ERROR_CODES, fieldLabel } from '@portal/contract';
import { type RawBuilder, sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { listBody, useApiFixture } from './test/api-fixture.js';
import { createTestDb, TEST_JWT_SECRET, TestClient, type TestDb } from './test/test-app.js';

const FORBIDDEN = 'mengandung karakter yang tidak diizinkan (NUL atau karakter Unicode tidak utuh).';
const DATE = 'harus tanggal yang ada, berformat YYYY-MM-DD';
/** Issue #32: the message names the field in words, never as a path (`body.username`). */
const refused = (name: string, message: string) =>
  `Data tidak valid: ${fieldLabel(name)} ${message.replace(/\.$/, '')}.`;

const api = useApiFixture({
  applicants: {
    seed: 30,
    blocks: [
      { instansiId: 3, track: 'cpns', applicants: 20 },
      { instansiId: 6, track: 'nakes', applicants: 20 },
    ],
  },
});

describe('dates that do not exist', () => {
  it.each([
    ['admin.cpns', '/api/cpns/admin/filter', 'tglDaftarDari'],
    ['admin.cpns', '/api/cpns/admin/filter', 'tglVerifikasiSampai'],
    ['supervisor.nakes', '/api/nakes/sanggah/filter', 'diajukanDari'],
    ['wasdal', '/api/cpns/sanggah-nilai/filter', 'diajukanSampai'],
    ['checker.nakes', '/api/nakes/afirmasi/filter', 'diajukanDari'],
  ])('%s %s: filter.%s 2024-02-30 is 400 naming the field', async (user, url, field) => {
    const res = await api.call(user, 'POST', url, listBody({ [field]: '2024-02-30' }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: ERROR_CODES.validation,
      message: refused(field, DATE),
      details: [expect.objectContaining({ field: `body.filter.${field}`, name: field })],
    });
  });

  it('takes 29 February of a leap year, not of another year, nor year 0000 or month 13', async () => {
    const url = '/api/cpns/admin/filter';
    expect((await api.call('admin.cpns', 'POST', url, listBody({ tglDaftarDari: '2024-02-29' }))).statusCode).toBe(200);
    for (const tanggal of ['2023-02-29', '0000-01-01', '2024-13-01', '9999-99-99', '2024-2-1']) {
      const res = await api.call('admin.cpns', 'POST', url, listBody({ tglDaftarDari: tanggal }));
      expect(`${tanggal} ${res.statusCode}`).toBe(`${tanggal} 400`);
    }
  });

  it('checks the query too: the verifier’s daily counts', async () => {
    const res = await api.call(
      'verifikator.cpns',
      'GET',
      '/api/cpns/verifikator/harian?mode=my-verifier&dari=2024-02-30',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(refused('dari', DATE));
  });

  it('refuses a stage window that is not a real moment', async () => {
    for (const mulai of ['2024-02-30T08:00:00+07:00', '0000-01-01T00:00:00Z', '2024-01-01T24:00:00Z']) {
      const res = await api.call('superadmin', 'PUT', '/api/admin/jadwal', {
        track: 'cpns',
        tahap: 'VERIFIKASI',
        mulai,
        selesai: '2024-12-31T17:00:00+07:00',
      });
      expect(`${mulai} ${res.statusCode}`).toBe(`${mulai} 400`);
      expect(res.json().message).toMatch(/^Data tidak valid: Waktu mulai harus waktu yang ada/);
    }
  });
});

describe('integers past int4', () => {
  it('GET /api/admin/pengguna/2147483648 is 400 naming the id; the largest id is only not found', async () => {
    const res = await api.call('superadmin', 'GET', '/api/admin/pengguna/2147483648');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: ERROR_CODES.validation,
      message: refused('id', 'harus nomor identitas 1 sampai 2147483647'),
    });
    expect((await api.call('superadmin', 'GET', '/api/admin/pengguna/2147483647')).statusCode).toBe(404);
  });

  it('refuses them in paths, filters, id lists and versions', async () => {
    const cases: [string, 'GET' | 'POST' | 'PUT', string, unknown, string][] = [
      ['admin.cpns', 'GET', '/api/cpns/admin/2147483648', undefined, 'params.id'],
      ['admin.cpns', 'GET', '/api/cpns/admin/1/dokumen/99999999999', undefined, 'params.dokumenId'],
      [
        'admin.cpns',
        'POST',
        '/api/cpns/admin/filter',
        listBody({ verifikatorId: 2 ** 31 }),
        'body.filter.verifikatorId',
      ],
      ['wasdal', 'POST', '/api/cpns/sanggah/filter', listBody({ instansiId: '2147483648' }), 'body.filter.instansiId'],
      [
        'supervisor.cpns',
        'PUT',
        '/api/cpns/supervisor/updateStatus',
        { ids: [1, 2 ** 31], status: 'DISETUJUI' },
        'body.ids.1',
      ],
      [
        'supervisor.cpns',
        'PUT',
        '/api/cpns/supervisor/1',
        { version: 2 ** 31, statusSupervisi: 'DISETUJUI' },
        'body.version',
      ],
    ];
    for (const [user, method, url, payload, field] of cases) {
      const res = await api.call(user, method, url, payload);
      expect(`${url} ${res.statusCode}`).toBe(`${url} 400`);
      expect(res.json().details[0].field).toBe(field);
      expect(res.json().message).toMatch(/^Data tidak valid(: | — )/);
      expect(res.json().message).not.toContain(field);
    }
  });
});

describe('text PostgreSQL cannot store (request-guard.ts)', () => {
  it('NUL in a search term is 400 naming the field', async () => {
    const res = await api.call('admin.cpns', 'POST', '/api/cpns/admin/filter', listBody({}, 'Budi\u0000'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: ERROR_CODES.validation,
      message: refused('searchTerm', FORBIDDEN),
      details: [
        {
          field: 'body.searchTerm',
          path: 'searchTerm',
          name: 'searchTerm',
          label: 'Kata pencarian',
          message: FORBIDDEN.slice(0, -1),
        },
      ],
    });
  });

  it('a username with NUL at sign-in is 400, not a failed sign-in and not a 500', async () => {
    const res = await api.client.login('admin.cpns\u0000', 'Demo#2024');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(refused('username', FORBIDDEN));
  });

  it('a lone surrogate in a body string is 400, at any depth', async () => {
    const top = await api.call('admin.cpns', 'POST', '/api/cpns/admin/filter', listBody({}, 'Sit\uD800i'));
    expect(top.statusCode).toBe(400);
    expect(top.json().message).toBe(refused('searchTerm', FORBIDDEN));
    const nested = await api.call('supervisor.cpns', 'PUT', '/api/cpns/supervisor/1', {
      version: 1,
      statusSupervisi: 'DIKEMBALIKAN',
      catatan: 'Periksa \uDC00 lagi',
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toBe(refused('catatan', FORBIDDEN));
    const inArray = await api.call('supervisor.cpns', 'PUT', '/api/cpns/supervisor/updateStatus', {
      ids: [1],
      status: 'DISETUJUI',
      extra: [{ a: ['ok', 'x\uD83D'] }],
    });
    expect(inArray.json().message).toBe(refused('a', FORBIDDEN));
    expect(inArray.json().details[0].field).toBe('body.extra.0.a.1');
    // A whole pair is a character like any other: the schema decides about it.
    const pair = await api.call('admin.cpns', 'POST', '/api/cpns/admin/filter', listBody({}, 'Siti 😀'));
    expect(pair.statusCode).toBe(200);
  });

  it('checks keys, the query, the path and form posts too', async () => {
    const key = await api.call('admin.cpns', 'POST', '/api/cpns/admin/filter', {
      ...listBody(),
      filter: { 'a\u0000': 1 },
    });
    expect(key.json().details[0].field).toBe('body.filter.a\\u0000');
    const query = await api.client.request({ url: '/api/dev/mailbox?to=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe(refused('to', FORBIDDEN));
    const path = await api.client.request({ url: '/api/cek-dokumen/ABC%00' });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toBe(refused('kode', FORBIDDEN));
    const form = await api.client.request({
      method: 'POST',
      url: '/realms/public/login-actions/x/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=admin.cpns%00&password=x',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toBe(refused('username', FORBIDDEN));
  });
});

describe('data exceptions that reach the database (errors.ts)', () => {
  // A route of this test's own runs each statement: what a missing schema check would send.
  const CASES: [string, string, RawBuilder<unknown>][] = [
    ['22007', 'format tanggal atau waktu tidak dikenali', sql`SELECT ${'bukan tanggal'}::date`],
    ['22008', 'tanggal atau waktu tidak ada atau di luar jangkauan', sql`SELECT ${'2024-02-30'}::date`],
    ['22003', 'angka di luar jangkauan yang dapat disimpan', sql`SELECT ${'2147483648'}::integer`],
    ['22P02', 'nilai tidak sesuai dengan jenis datanya', sql`SELECT ${'dua'}::integer`],
    ['22021', FORBIDDEN.slice(0, -1), sql`SELECT ${'a\u0000b'}::text`],
    ['22P05', 'mengandung karakter yang tidak dapat disimpan', sql`SELECT (${'"\\u0000"'}::jsonb) #>> '{}'`],
    ['22001', 'teks terlalu panjang', sql`DO $$ DECLARE v varchar(3); BEGIN v := 'terlalu panjang'; END $$`],
    ['22012', 'nilai tidak dapat diterima basis data', sql`SELECT 1 / ${0}::integer`],
  ];
  let testDb: TestDb;
  let client: TestClient;
  const logged: { level: number; msg: string; err?: { code?: string } }[] = [];
  let close: () => Promise<void>;

  beforeAll(async () => {
    testDb = await createTestDb();
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk, _encoding, done) {
          logged.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', JWT_SECRET: TEST_JWT_SECRET });
    const app = await buildApp({ config, db: testDb.db, logger });
    app.get<{ Params: { kasus: string } }>('/api/uji/sql/:kasus', { config: { access: 'public' } }, async (request) => {
      const statement = CASES.find(([code]) => code === request.params.kasus)?.[2] ?? sql`SELEC 1`;
      await statement.execute(testDb.db);
      return { ok: true };
    });
    client = new TestClient(app);
    close = async () => {
      await app.close();
      await testDb.close();
    };
  });
  afterAll(() => close());

  it.each(CASES)('SQLSTATE %s is 400 “Data tidak valid: %s”, logged as a warning', async (code, reason) => {
    const before = logged.length;
    const res = await client.request({ url: `/api/uji/sql/${code}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: ERROR_CODES.validation,
      message: `Data tidak valid: ${reason}.`,
      details: { sqlstate: code },
    });
    const entry = logged.slice(before).find((line) => line.err?.code === code);
    expect(entry?.level).toBe(40);
    expect(entry?.msg).toMatch(/pemeriksaan skema permintaan terlewat/);
  });

  it('other database errors stay what they are: a syntax error is still a 500', async () => {
    const res = await client.request({ url: '/api/uji/sql/lain' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe(ERROR_CODES.internal);
  });
});
