// Issue #30: no answer of the API is kept in a browser's or a proxy's cache (no-store.ts). Held two
// ways: every route that answers personal data — every list, detail, export, document, profile and
// token — is called for real (a 200) from a table of concrete URLs, and the table must cover
// every such route the app registers (read from its OpenAPI description, so a new one without an
// entry fails here); then every registered /api route is called as a stranger and as a signed-in
// user, and every answer, errors included, must say no-store unless the route is named below as
// cacheable on purpose.

import { DASAR_HUKUM_BAKU, DEMO_PASSWORD, NONASN_PAGE } from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedAfirmasi } from './db/seed/afirmasi.js';
import { seedNonAsn } from './db/seed/nonasn.js';
import { seedSanggah } from './db/seed/sanggah.js';
import { seedSanggahNilai } from './db/seed/sanggah-nilai.js';
import { PEMBUAT_EKSPOR } from './ekspor-jenis.js';
import { kerjakanPengumuman, pembuatDokumen } from './modules/dokumen-resmi/pekerja.js';
import { antrekanEkspor, kerjakanEkspor } from './modules/export/job.js';
import { openBerkasStore } from './storage/open-berkas-store.js';
import { type ApiFixture, listBody, type Method, useApiFixture } from './test/api-fixture.js';

/** /api answers cacheable on purpose (their routes set Cache-Control themselves): path prefixes. */
const CACHEABLE = [
  // Swagger UI's own scripts and styles (@fastify/static's policy): public, the same for everyone.
  '/api/docs/static/',
];

const NO_STORE = /(^|[\s,])no-store([\s,]|$)/;

const INSTANSI_KECIL = 8;

const api = useApiFixture({
  applicants: {
    seed: 30,
    blocks: [
      { instansiId: 3, track: 'cpns', applicants: 240 },
      { instansiId: 4, track: 'pppk', applicants: 240 },
      { instansiId: 5, track: 'pppk-guru', applicants: 120 },
      { instansiId: 6, track: 'nakes', applicants: 240 },
      { instansiId: INSTANSI_KECIL, track: 'cpns', applicants: 4 },
    ],
  },
  seed: async (fx) => {
    const { db } = fx.ctx;
    await seedSanggah(db);
    await seedAfirmasi(db, fx.store);
    await seedSanggahNilai(db);
    await seedNonAsn(db, [{ instansiId: 4, records: 30 }], 30);
  },
  timeout: 240_000,
});

/** One row of a query as numbers and strings, or a failure naming what the seed lacks. */
async function one<T>(what: string, query: Promise<{ rows: T[] }>): Promise<T> {
  const row = (await query).rows[0];
  if (!row) throw new Error(`data uji tidak ada: ${what}`);
  return row;
}

interface Case {
  who: string;
  method?: Method;
  url: string;
  body?: unknown;
  /** The status expected (200 unless said). */
  status?: number;
}

/** The calls that answer personal data, as the users whose screens make them. */
async function personalDataCases(fx: ApiFixture): Promise<Case[]> {
  const { db } = fx.ctx;
  const idOf = (username: string) =>
    one(username, sql<{ id: number }>`SELECT id FROM app_user WHERE username = ${username}`.execute(db)).then(
      (r) => r.id,
    );
  // An applicant of instansi 3's CPNS with a document, decided by the demo verifier and reviewed by
  // the demo supervisor (so each of their screens shows it).
  const verifikator = await idOf('verifikator.cpns');
  const supervisor = await idOf('supervisor.cpns');
  const pelamar = await one(
    'pelamar CPNS dengan dokumen',
    sql<{ id: number; dokumen: number }>`
      SELECT p.id, min(d.id)::int AS dokumen FROM pelamar p JOIN dokumen d ON d.pelamar_id = p.id
      WHERE p.instansi_id = 3 AND p.track = 'cpns' AND d.berkas_sha256 IS NOT NULL
      GROUP BY p.id ORDER BY p.id LIMIT 1`.execute(db),
  );
  await sql`UPDATE pelamar SET verifikator_id = ${verifikator}, supervisor_id = ${supervisor},
      status_verifikasi = 'MS', status_supervisi = 'DISETUJUI', tgl_verifikasi = now(), tgl_supervisi = now()
    WHERE id = ${pelamar.id}`.execute(db);
  const sanggah = await one(
    'sanggah Nakes dengan dokumen',
    sql<{ id: number; dokumen: number }>`
      SELECT s.id, (s.butir -> 0 ->> 'dokumenId')::int AS dokumen FROM sanggah s
      WHERE s.track = 'nakes' AND s.instansi_id = 6 AND s.butir -> 0 ->> 'dokumenId' IS NOT NULL
      ORDER BY s.id LIMIT 1`.execute(db),
  );
  const sanggahAfirmasi = await one(
    'sanggah afirmasi Nakes',
    sql<{ id: number; klaim: number; dokumen: number | null }>`
      SELECT s.id, a.id AS klaim, (SELECT min(d.id)::int FROM dokumen d WHERE d.pelamar_id = s.pelamar_id) AS dokumen
      FROM sanggah s JOIN afirmasi a ON a.pelamar_id = s.pelamar_id
      WHERE s.track = 'nakes' AND s.instansi_id = 6 AND s.jenis = 'AFIRMASI'
      ORDER BY s.id LIMIT 1`.execute(db),
  );
  const afirmasi = await one(
    'klaim afirmasi Nakes',
    sql<{ id: number }>`SELECT id FROM afirmasi WHERE track = 'nakes' AND instansi_id = 6 ORDER BY id LIMIT 1`.execute(
      db,
    ),
  );
  const sanggahNilai = await one(
    'sanggah nilai CPNS',
    sql<{
      id: number;
    }>`SELECT id FROM sanggah_nilai WHERE track = 'cpns' AND instansi_id = 3 ORDER BY id LIMIT 1`.execute(db),
  );
  const nonasn = await one(
    'Non ASN',
    sql<{ id: number }>`SELECT id FROM nonasn WHERE instansi_id = 4 ORDER BY id LIMIT 1`.execute(db),
  );
  const pengguna = await idOf('verifikator.cpns');
  // Issue #32: their documents' readings made a rendition for the screen (here the file itself).
  await sql`INSERT INTO dokumen_bacaan (dokumen_id, pelamar_id, berkas_sha256, status, tampilan_sha256)
      SELECT d.id, d.pelamar_id, d.berkas_sha256, 'SELESAI', d.berkas_sha256 FROM dokumen d
      WHERE d.id = ANY(${[pelamar.dokumen, sanggah.dokumen, sanggahAfirmasi.dokumen].filter((id) => id !== null)}::bigint[])
    ON CONFLICT (dokumen_id) DO UPDATE SET tampilan_sha256 = EXCLUDED.tampilan_sha256`.execute(db);

  // An announcement of the small instansi, issued after its final lock (issue #20).
  await sql`UPDATE pelamar SET status_verifikasi = 'MS', status_supervisi = 'DISETUJUI',
      verifikator_id = ${verifikator}, supervisor_id = ${supervisor}, tgl_verifikasi = now(), tgl_supervisi = now()
    WHERE instansi_id = ${INSTANSI_KECIL} AND track = 'cpns'`.execute(db);
  await sql`INSERT INTO final_verifikasi (instansi_id, track, dikunci_oleh)
    VALUES (${INSTANSI_KECIL}, 'cpns', ${await idOf('admin.rajaampat')})`.execute(db);
  const progres = '5d0c2a8e-4b1f-4a57-9e1c-0f5b8f7a2c11';
  const made = await fx.call('admin.rajaampat', 'POST', '/api/cpns/admin/dokumen-resmi/pengumuman', {
    nomor: '800/9/UJI/2026',
    tanggal: '2026-11-24',
    dasarHukum: DASAR_HUKUM_BAKU,
    penandatangan: { jabatan: 'Ketua Panitia Seleksi', nama: 'Penanda Tangan Uji', nip: '197501012000032001' },
    progresId: progres,
  });
  if (made.statusCode !== 202) throw new Error(`pengumuman: ${made.statusCode} ${made.body}`);
  // Made by the queue's worker step (issue #33).
  await kerjakanPengumuman(
    pembuatDokumen(fx.ctx.db, openBerkasStore(fx.ctx.config, fx.ctx.db), fx.ctx.config),
    progres,
  );
  const pembuatan = await fx.call('admin.rajaampat', 'GET', `/api/cpns/admin/dokumen-resmi/progres/${progres}`);
  const kode = pembuatan.json().dokumen?.kode as string;
  if (!kode) throw new Error(`pengumuman: ${pembuatan.body}`);

  // An import checked with a rejected row, and applied as a job (issue #18).
  const boundary = '----ujiNoStore';
  const csv = 'kode,nama,jenis\n9951,Badan Uji Cache,pusat\n9952,Kota Uji Cache,kota\n';
  const checked = await fx.client.request({
    method: 'POST',
    url: '/api/admin/impor/instansi/cek',
    token: await fx.tokenOf('superadmin'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="instansi.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  });
  if (checked.statusCode !== 200) throw new Error(`impor cek: ${checked.statusCode} ${checked.body}`);
  const cek = checked.json().id as string;
  const job = await fx.call('superadmin', 'POST', `/api/admin/impor/cek/${cek}/terapkan`);
  if (job.statusCode !== 202) throw new Error(`impor terapkan: ${job.statusCode} ${job.body}`);

  const list = listBody();
  const exportBody = { format: 'csv', sorting: list.sorting, searchTerm: '' };
  // Issue #33: a large list export made on the job queue, and its file.
  const ekspor = await antrekanEkspor(db, {
    penggunaId: await idOf('admin.pppk'),
    jenis: 'NONASN',
    halaman: NONASN_PAGE,
    nama: 'data-nonasn',
    format: 'csv',
    permintaan: {
      scope: { instansiId: 4, maskNik: false },
      view: { filter: {}, sorting: { column: 'nama', direction: 'asc' }, searchTerm: '' },
    },
  });
  const files = openBerkasStore(fx.ctx.config, fx.ctx.db);
  if ((await kerjakanEkspor({ db, files, pembuat: PEMBUAT_EKSPOR }, ekspor.id)) !== 'SELESAI')
    throw new Error('ekspor tidak selesai');
  return [
    // Accounts, sessions and tokens.
    {
      who: 'verifikator.cpns',
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 'admin.cpns', password: DEMO_PASSWORD },
    },
    { who: 'verifikator.cpns', url: '/api/auth/check-token' },
    { who: 'verifikator.cpns', url: '/api/profil' },
    { who: 'verifikator.cpns', method: 'POST', url: '/api/profil/totp/setup' },
    { who: 'verifikator.cpns', url: '/api/dev/mailbox?to=verifikator.cpns@portal-asn.go.id' },
    { who: 'superadmin', url: '/api/admin/pengguna/options' },
    { who: 'superadmin', url: `/api/admin/pengguna/${pengguna}` },
    { who: 'superadmin', method: 'POST', url: '/api/admin/pengguna/filter', body: list },
    { who: 'superadmin', url: '/api/auth/registrasi' },
    // Applicants: lists, details, documents, exports.
    { who: 'admin.cpns', method: 'POST', url: '/api/cpns/admin/filter', body: list },
    { who: 'admin.cpns', method: 'POST', url: '/api/cpns/admin/export', body: exportBody },
    { who: 'admin.cpns', url: `/api/cpns/admin/${pelamar.id}` },
    { who: 'admin.cpns', url: `/api/cpns/admin/${pelamar.id}/dokumen/${pelamar.dokumen}` },
    { who: 'admin.cpns', url: `/api/cpns/admin/${pelamar.id}/dokumen/${pelamar.dokumen}/tampilan` },
    { who: 'admin.cpns', url: '/api/cpns/admin/final-verifikasi' },
    { who: 'verifikator.cpns', method: 'POST', url: '/api/cpns/verifikator/filter', body: list },
    { who: 'verifikator.cpns', method: 'POST', url: '/api/cpns/verifikator/export?mode=my-verifier', body: exportBody },
    { who: 'verifikator.cpns', url: `/api/cpns/verifikator/${pelamar.id}` },
    { who: 'verifikator.cpns', url: `/api/cpns/verifikator/${pelamar.id}/dokumen/${pelamar.dokumen}` },
    { who: 'verifikator.cpns', url: `/api/cpns/verifikator/${pelamar.id}/dokumen/${pelamar.dokumen}/tampilan` },
    { who: 'verifikator.cpns', url: '/api/cpns/verifikator/harian?mode=my-verifier' },
    { who: 'supervisor.cpns', method: 'POST', url: '/api/cpns/supervisor/filter', body: list },
    { who: 'supervisor.cpns', url: `/api/cpns/supervisor/${pelamar.id}` },
    { who: 'supervisor.cpns', url: `/api/cpns/supervisor/${pelamar.id}/dokumen/${pelamar.dokumen}` },
    { who: 'supervisor.cpns', url: `/api/cpns/supervisor/${pelamar.id}/dokumen/${pelamar.dokumen}/tampilan` },
    { who: 'supervisor.cpns', method: 'POST', url: '/api/cpns/my-supervisi/filter', body: list },
    { who: 'supervisor.cpns', method: 'POST', url: '/api/cpns/my-supervisi/export', body: exportBody },
    { who: 'supervisor.cpns', url: `/api/cpns/my-supervisi/${pelamar.id}` },
    { who: 'supervisor.cpns', url: `/api/cpns/my-supervisi/${pelamar.id}/dokumen/${pelamar.dokumen}` },
    { who: 'supervisor.cpns', url: `/api/cpns/my-supervisi/${pelamar.id}/dokumen/${pelamar.dokumen}/tampilan` },
    {
      who: 'nonasn.bkn',
      method: 'POST',
      url: '/api/pppk/dashboard-konfirmasi/filter',
      body: { ...list, sorting: { column: 'instansi', direction: 'asc' } },
    },
    { who: 'admin.cpns', url: '/api/dashboard' },
    { who: 'admin.cpns', url: '/api/jadwal' },
    // Objections, affirmation claims, score objections, non-ASN records.
    { who: 'supervisor.nakes', method: 'POST', url: '/api/nakes/sanggah/filter', body: list },
    { who: 'supervisor.nakes', url: '/api/nakes/sanggah/instansi' },
    { who: 'supervisor.nakes', url: `/api/nakes/sanggah/${sanggah.id}` },
    { who: 'supervisor.nakes', url: `/api/nakes/sanggah/${sanggah.id}/dokumen/${sanggah.dokumen}` },
    { who: 'supervisor.nakes', url: `/api/nakes/sanggah/${sanggah.id}/dokumen/${sanggah.dokumen}/tampilan` },
    { who: 'admin.nakes', method: 'POST', url: '/api/nakes/reset-jawab-sanggah/filter', body: list },
    { who: 'admin.nakes', url: '/api/nakes/reset-jawab-sanggah/instansi' },
    { who: 'admin.nakes', url: `/api/nakes/reset-jawab-sanggah/${sanggah.id}` },
    { who: 'admin.nakes', url: `/api/nakes/reset-jawab-sanggah/${sanggah.id}/dokumen/${sanggah.dokumen}` },
    { who: 'admin.nakes', url: `/api/nakes/reset-jawab-sanggah/${sanggah.id}/dokumen/${sanggah.dokumen}/tampilan` },
    { who: 'supervisor.nakes', method: 'POST', url: '/api/nakes/sanggah-afirmasi/filter', body: list },
    { who: 'supervisor.nakes', url: '/api/nakes/sanggah-afirmasi/instansi' },
    { who: 'supervisor.nakes', url: `/api/nakes/sanggah-afirmasi/${sanggahAfirmasi.id}` },
    {
      who: 'supervisor.nakes',
      url: `/api/nakes/sanggah-afirmasi/${sanggahAfirmasi.id}/dokumen/${sanggahAfirmasi.dokumen}`,
    },
    {
      who: 'supervisor.nakes',
      url: `/api/nakes/sanggah-afirmasi/${sanggahAfirmasi.id}/dokumen/${sanggahAfirmasi.dokumen}/tampilan`,
    },
    {
      who: 'supervisor.nakes',
      url: `/api/nakes/sanggah-afirmasi/${sanggahAfirmasi.id}/bukti/${sanggahAfirmasi.klaim}`,
    },
    { who: 'checker.nakes', method: 'POST', url: '/api/nakes/afirmasi/filter', body: list },
    { who: 'checker.nakes', url: `/api/nakes/afirmasi/${afirmasi.id}` },
    { who: 'checker.nakes', url: `/api/nakes/afirmasi/${afirmasi.id}/bukti` },
    { who: 'penjawab.skd', method: 'POST', url: '/api/cpns/sanggah-nilai/filter', body: list },
    { who: 'penjawab.skd', url: '/api/cpns/sanggah-nilai/instansi' },
    { who: 'penjawab.skd', url: `/api/cpns/sanggah-nilai/${sanggahNilai.id}` },
    { who: 'admin.pppk', method: 'POST', url: '/api/pppk/nonasn/filter', body: list },
    { who: 'admin.pppk', method: 'POST', url: '/api/pppk/nonasn/export', body: exportBody },
    { who: 'admin.pppk', url: '/api/pppk/nonasn/instansi' },
    { who: 'admin.pppk', url: `/api/pppk/nonasn/${nonasn.id}` },
    { who: 'admin.pppk', url: `/api/ekspor?halaman=${NONASN_PAGE}` },
    { who: 'admin.pppk', url: `/api/ekspor/${ekspor.id}` },
    { who: 'admin.pppk', url: `/api/ekspor/${ekspor.id}/berkas` },
    // Official documents and their public check.
    { who: 'admin.rajaampat', url: '/api/cpns/admin/dokumen-resmi' },
    { who: 'admin.rajaampat', url: `/api/cpns/admin/dokumen-resmi/progres/${progres}` },
    { who: 'admin.rajaampat', url: `/api/cpns/admin/dokumen-resmi/${kode}` },
    { who: 'admin.rajaampat', url: `/api/cpns/admin/dokumen-resmi/${kode}/xlsx` },
    { who: 'admin.rajaampat', url: `/api/cek-dokumen/${kode}` },
    { who: 'admin.rajaampat', url: `/api/cek-dokumen/${kode}/daftar?q=a&halaman=1` },
    // Imports: the check, its rejected rows (NIKs, names, addresses), the jobs.
    { who: 'superadmin', url: '/api/admin/impor/jenis' },
    { who: 'superadmin', url: '/api/admin/sampel-verifikasi' },
    // Issue #34: the quality of verification of each track, and its export.
    { who: 'supervisor.cpns', url: '/api/cpns/mutu-verifikasi' },
    { who: 'supervisor.cpns', url: '/api/cpns/mutu-verifikasi/export?format=csv' },
    { who: 'admin.pppk', url: '/api/pppk/mutu-verifikasi' },
    { who: 'admin.pppk', url: '/api/pppk/mutu-verifikasi/export?format=xlsx' },
    { who: 'supervisor.guru', url: '/api/pppk-guru/mutu-verifikasi' },
    { who: 'supervisor.guru', url: '/api/pppk-guru/mutu-verifikasi/export?format=csv' },
    { who: 'wasdal', url: '/api/nakes/mutu-verifikasi' },
    { who: 'wasdal', url: '/api/nakes/mutu-verifikasi/export?format=xlsx' },
    { who: 'superadmin', url: '/api/admin/impor/pelamar/template' },
    { who: 'superadmin', url: `/api/admin/impor/cek/${cek}` },
    { who: 'superadmin', url: `/api/admin/impor/cek/${cek}/ditolak?format=csv` },
    { who: 'superadmin', url: '/api/admin/impor/jobs' },
    { who: 'superadmin', url: `/api/admin/impor/jobs/${job.json().id}` },
    // Not personal, and still not cached: nothing under /api is unless it says so.
    { who: 'admin.cpns', url: '/api/health' },
    { who: 'admin.cpns', url: '/api/health/live' },
    { who: 'admin.cpns', url: '/api/health/ready' },
    { who: 'admin.cpns', url: '/api/auth/sso-config' },
  ];
}

interface Operation {
  method: Method;
  path: string;
}

/** Every operation of the app's OpenAPI description (hidden ones, like the description itself, aside). */
async function operations(fx: ApiFixture): Promise<Operation[]> {
  await fx.ctx.app.ready();
  const doc = fx.ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .map((m) => m.toUpperCase())
      .filter((m): m is Method => ['GET', 'POST', 'PUT', 'DELETE'].includes(m))
      .map((method) => ({ method, path })),
  );
}

/** The operation a concrete URL is served by: the matching path with the fewest parameters. */
function operationOf(ops: Operation[], method: Method, url: string): Operation | undefined {
  const path = url.split('?')[0] ?? url;
  const matching = ops.filter(
    (op) => op.method === method && new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
  const params = (op: Operation) => (op.path.match(/\{/g) ?? []).length;
  return matching.sort((a, b) => params(a) - params(b))[0];
}

/** A route of the four tracks stands for its copies: `/api/{T}/…`. */
const kind = (op: Operation) => `${op.method} ${op.path.replace(/^\/api\/(cpns|pppk-guru|pppk|nakes)\//, '/api/{T}/')}`;

/** An operation's path with a value in each parameter (most of them unknown, answered 400 or 404). */
const concrete = (path: string) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === 'kode' ? 'ZZZZZZZZZZ' : name === 'jenis' ? 'pelamar' : '999999',
  );

const cacheControl = (headers: Record<string, unknown>) => String(headers['cache-control'] ?? '');

describe('Cache-Control: no-store on the API (issue #30)', () => {
  it('is on every answer that carries personal data: lists, details, exports, documents, profile, tokens', async () => {
    const cases = await personalDataCases(api);
    const failures: string[] = [];
    for (const c of cases) {
      const method = c.method ?? 'GET';
      const res = await api.call(c.who, method, c.url, c.body);
      const expected = c.status ?? (method === 'POST' && c.url.endsWith('/pengumuman') ? 202 : 200);
      if (res.statusCode !== expected)
        failures.push(`${method} ${c.url} (${c.who}): ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (!NO_STORE.test(cacheControl(res.headers))) {
        failures.push(`${method} ${c.url}: Cache-Control "${cacheControl(res.headers)}"`);
      }
    }
    expect(failures).toEqual([]);

    // Every route that reads data is in the table: each GET, each list and each export.
    const ops = await operations(api);
    const covered = new Set(
      cases.map((c) => {
        const op = operationOf(ops, c.method ?? 'GET', c.url);
        return op ? kind(op) : `? ${c.url}`;
      }),
    );
    const reading = ops.filter((op) => op.method === 'GET' || /\/(filter|export)$/.test(op.path));
    const missing = [...new Set(reading.filter((op) => op.path.startsWith('/api')).map(kind))].filter(
      (k) => !covered.has(k),
    );
    expect(missing).toEqual([]);
    expect([...covered].filter((k) => k.startsWith('?'))).toEqual([]);
  }, 240_000);

  it('is on every answer of every /api route, errors included, unless the route is cacheable on purpose', async () => {
    const ops = (await operations(api)).filter((op) => op.path.startsWith('/api'));
    expect(ops.length).toBeGreaterThan(200);
    const token = await api.tokenOf('admin.cpns');
    const calls: { method: Method; url: string; token?: string }[] = [
      ...ops.map((op) => ({ method: op.method, url: concrete(op.path) })),
      // Signed in, the reading routes answer past the session check (403, 404, 400 or 200).
      ...ops.filter((op) => op.method === 'GET').map((op) => ({ method: op.method, url: concrete(op.path), token })),
      // What is not an operation: the description, an unknown address, the router's spelling.
      { method: 'GET', url: '/api/docs' },
      { method: 'GET', url: '/api/docs/json' },
      { method: 'GET', url: '/api/docs/static/swagger-ui.css' },
      { method: 'GET', url: '/api/tidak-ada' },
      { method: 'GET', url: '/api' },
      { method: 'GET', url: '/%61pi/profil', token },
    ];
    const failures: string[] = [];
    const statuses = new Set<number>();
    for (const call of calls) {
      const res = await api.client.request({
        method: call.method,
        url: call.url,
        ...(call.token ? { token: call.token } : {}),
        ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload: {} }),
      });
      statuses.add(res.statusCode);
      const value = cacheControl(res.headers);
      const cacheable = CACHEABLE.some((prefix) => call.url.startsWith(prefix));
      if (!cacheable && !NO_STORE.test(value))
        failures.push(`${call.method} ${call.url} ${res.statusCode}: "${value}"`);
      if (cacheable && res.statusCode !== 200) failures.push(`${call.url}: ${res.statusCode} (cacheable, but absent)`);
    }
    expect(failures).toEqual([]);
    // The sweep reached answers of every kind, not only the session check's refusals.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401, 403, 404]));
  }, 240_000);
});
