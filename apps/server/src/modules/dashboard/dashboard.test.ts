// The role-aware dashboard against a real database: every role's figures equal direct counts over
// the seeded rows (computed here with independent SQL), a decision and a review made through the
// API move them, a user without roles gets no sections, and nobody sees another instansi's figures.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DashboardResponse, type DashboardSection, DEMO_PASSWORD, type TrackId } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedAfirmasi } from '../../db/seed/afirmasi.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { attributeDecisions } from '../../db/seed/jadwal.js';
import { planNonAsn, seedNonAsn } from '../../db/seed/nonasn.js';
import { seedSanggah } from '../../db/seed/sanggah.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';
import { hariTerakhir, SharedReads } from './service.js';

const KEMENKUM = 3;
const BANDUNG = 7;
const RAJA_AMPAT = 8;
let ctx: TestContext;
let client: TestClient;
let filesDir: string;
const tokens = new Map<string, string>();

async function call(
  username: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  password = DEMO_PASSWORD,
) {
  let token = tokens.get(username);
  if (!token) {
    token = await client.loginToken(username, password);
    tokens.set(username, token);
  }
  return client.request({
    method,
    url,
    token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function dashboardOf(username: string, password = DEMO_PASSWORD): Promise<DashboardResponse> {
  const res = await call(username, 'GET', '/api/dashboard', undefined, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function section(answer: DashboardResponse, track: TrackId): DashboardSection {
  const found = answer.sections.find((s) => s.track === track);
  if (!found) throw new Error(`no ${track} section in ${JSON.stringify(answer.sections.map((s) => s.track))}`);
  return found;
}

const cardOf = (s: DashboardSection, key: string) => {
  const found = s.cards.find((c) => c.key === key);
  if (!found) throw new Error(`no card ${key} in ${s.track}: ${s.cards.map((c) => c.key).join(', ')}`);
  return found;
};
const chartOf = (s: DashboardSection, key: string) => {
  const found = s.charts.find((c) => c.key === key);
  if (!found) throw new Error(`no chart ${key} in ${s.track}: ${s.charts.map((c) => c.key).join(', ')}`);
  return Object.fromEntries(found.points.map((p) => [p.label, p.value]));
};

/** One number from independent SQL. */
async function count(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  const { rows } = await query.execute(ctx.db);
  return Number(rows[0]?.n ?? 0);
}

async function userId(username: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('app_user')
    .where('username', '=', username)
    .select('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rows of one instansi and track grouped by a column, as an object. */
async function grouped(column: string, where: ReturnType<typeof sql>) {
  const { rows } = await sql<{ k: string; n: number }>`
    SELECT ${sql.ref(column)} AS k, count(*)::int AS n FROM pelamar WHERE ${where} GROUP BY 1
  `.execute(ctx.db);
  return Object.fromEntries(rows.map((row) => [row.k, row.n]));
}

const jakartaDay = (column: string) => sql`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD')`;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
  // Every view reads afresh here (the figures must move at once after a decision); SharedReads is tested below.
  ctx = await createTestApp({ loginRateLimitPerMinute: 10_000, filesDir, dashboardCacheSeconds: 0 });
  client = new TestClient(ctx.app);
  await seedAccounts(ctx.db);
  await seedApplicants(ctx.db, new FolderBerkasStore(filesDir), {
    seed: 17,
    withDocuments: true,
    blocks: [
      { instansiId: KEMENKUM, track: 'cpns', applicants: 150 },
      { instansiId: BANDUNG, track: 'cpns', applicants: 60 },
      { instansiId: 4, track: 'pppk', applicants: 50 },
      { instansiId: 5, track: 'pppk-guru', applicants: 40 },
      { instansiId: 6, track: 'nakes', applicants: 60 },
      { instansiId: RAJA_AMPAT, track: 'cpns', applicants: 4, undecided: true },
    ],
  });
  await attributeDecisions(ctx.db);
  // The seeded decisions lie in 2024; bring a share of them into the last week (some today), so
  // "today" and the seven days have something to count.
  await sql`
    UPDATE pelamar SET tgl_verifikasi = now() - (id % 9) * interval '1 day' - interval '1 minute'
    WHERE status_verifikasi <> 'BELUM' AND id % 2 = 0
  `.execute(ctx.db);
  await sql`
    UPDATE pelamar SET tgl_supervisi = now() - (id % 8) * interval '1 day' - interval '1 minute'
    WHERE status_supervisi IS NOT NULL AND id % 3 = 0
  `.execute(ctx.db);
  // Objections of approved TMS decisions (their accepted ones leave un-rolled counter deltas).
  await seedSanggah(ctx.db);
  // A few more, waiting for an answer, in Kemenkum (a sample this small seeds only a handful).
  await sql`
    INSERT INTO sanggah (pelamar_id, instansi_id, track, diajukan_at, butir)
    SELECT id, instansi_id, track, now(), jsonb_build_array(jsonb_build_object('alasanTms', alasan_tms[1],
           'argumen', 'Mohon diperiksa ulang.', 'dokumenId', null, 'jawaban', null, 'alasanJawaban', null))
    FROM pelamar p
    WHERE instansi_id = ${KEMENKUM} AND status_verifikasi = 'TMS' AND cardinality(alasan_tms) > 0
      AND NOT EXISTS (SELECT 1 FROM sanggah s WHERE s.pelamar_id = p.id)
    LIMIT 3
  `.execute(ctx.db);
  await seedNonAsn(ctx.db, planNonAsn(400), 17);
  // Affirmation claims (PPPK Teknis, Nakes) and objections against the checker's decisions.
  await seedAfirmasi(ctx.db, new FolderBerkasStore(filesDir));
}, 90_000);

afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('GET /api/dashboard', () => {
  it('refuses without a session', async () => {
    const res = await client.request({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(401);
  });

  it('gives a user without roles no sections', async () => {
    const user = await createUser(ctx.db, { flags: { isCpns: true } });
    const answer = await dashboardOf(user.username, user.password);
    expect(answer.sections).toEqual([]);
    expect(answer.tanggal).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the verifier their claims, returns, the queue and their decisions of the week', async () => {
    const verifier = await userId('verifikator.cpns');
    // One claim held, one decision returned by the supervisor, both through the API.
    const claim = await call('verifikator.cpns', 'POST', '/api/cpns/verifikator/ambil', { kecuali: [] });
    expect(claim.statusCode, claim.body).toBe(200);
    const returnable = await ctx.db
      .selectFrom('pelamar')
      .where('instansi_id', '=', KEMENKUM)
      .where('verifikator_id', '=', verifier)
      .where('status_supervisi', 'is', null)
      .where('status_verifikasi', '<>', 'BELUM')
      .select(['id', 'version'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const back = await call('supervisor.cpns', 'PUT', `/api/cpns/supervisor/${returnable.id}`, {
      version: returnable.version,
      statusSupervisi: 'DIKEMBALIKAN',
      catatan: 'Periksa kembali ijazah.',
    });
    expect(back.statusCode, back.body).toBe(200);

    const s = section(await dashboardOf('verifikator.cpns'), 'cpns');
    expect(s.peran).toEqual(['verifikator']);
    expect(s.cakupan).toBe('instansi');
    const where = sql`instansi_id = ${KEMENKUM} AND track = 'cpns'`;
    expect(cardOf(s, 'klaimSaya').value).toBe(
      await count(
        sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND klaim_oleh = ${verifier} AND status_verifikasi = 'BELUM'`,
      ),
    );
    expect(cardOf(s, 'klaimSaya').value).toBe(1);
    expect(cardOf(s, 'dikembalikanKeSaya').value).toBe(1);
    const belum = await count(sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND status_verifikasi = 'BELUM'`);
    const total = await count(sql`SELECT count(*) AS n FROM pelamar WHERE ${where}`);
    expect(cardOf(s, 'menungguVerifikasi')).toMatchObject({ value: belum, total, href: '/cpns/verifikasi' });

    const { rows } = await sql<{ hari: string; n: number }>`
      SELECT ${jakartaDay('tgl_verifikasi')} AS hari, count(*)::int AS n FROM pelamar
      WHERE ${where} AND verifikator_id = ${verifier} AND status_verifikasi <> 'BELUM'
        AND tgl_verifikasi >= now() - interval '10 days'
      GROUP BY 1
    `.execute(ctx.db);
    const hari = hariTerakhir(new Date());
    const expected = Object.fromEntries(hari.map((day) => [day, rows.find((r) => r.hari === day)?.n ?? 0]));
    expect(chartOf(s, 'diputusHarian')).toEqual(expected);
    expect(Object.keys(chartOf(s, 'diputusHarian'))).toEqual(hari);
    expect(cardOf(s, 'diputusHariIni').value).toBe(expected[hari[6] as string]);
    expect(cardOf(s, 'diputusHariIni').value).toBeGreaterThan(0);
  });

  it('shows the supervisor the decisions awaiting review, their reviews and waiting objections', async () => {
    const supervisor = await userId('supervisor.cpns');
    const s = section(await dashboardOf('supervisor.cpns'), 'cpns');
    expect(s.peran).toEqual(['supervisor']);
    const where = sql`instansi_id = ${KEMENKUM} AND track = 'cpns'`;
    const menunggu = await count(
      sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND status_verifikasi <> 'BELUM' AND status_supervisi IS NULL`,
    );
    const decided = await count(sql`SELECT count(*) AS n FROM pelamar WHERE ${where} AND status_verifikasi <> 'BELUM'`);
    expect(cardOf(s, 'menungguSupervisi')).toMatchObject({ value: menunggu, total: decided, href: '/cpns/supervisi' });
    const today = await count(sql`
      SELECT count(*) AS n FROM pelamar WHERE ${where} AND supervisor_id = ${supervisor}
        AND ${jakartaDay('tgl_supervisi')} = to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD')
    `);
    expect(cardOf(s, 'disupervisiHariIni').value).toBe(today);
    expect(today).toBeGreaterThan(0);
    const week = await count(sql`
      SELECT count(*) AS n FROM pelamar WHERE ${where} AND supervisor_id = ${supervisor}
        AND tgl_supervisi >= ((now() AT TIME ZONE 'Asia/Jakarta')::date - 6)::timestamp AT TIME ZONE 'Asia/Jakarta'
    `);
    expect(Object.values(chartOf(s, 'disupervisiHarian')).reduce((a, b) => a + b, 0)).toBe(week);
    const waiting = await count(
      sql`SELECT count(*) AS n FROM sanggah WHERE instansi_id = ${KEMENKUM} AND track = 'cpns' AND status = 'DIAJUKAN'`,
    );
    expect(waiting).toBeGreaterThan(0);
    expect(cardOf(s, 'sanggahMenunggu')).toMatchObject({ value: waiting, href: '/cpns/sanggah' });
  });

  it('shows the admin the instansi’s statuses, supervision progress, lock and objections', async () => {
    const s = section(await dashboardOf('admin.cpns'), 'cpns');
    expect(s.peran).toEqual(['admin']);
    const where = sql`instansi_id = ${KEMENKUM} AND track = 'cpns'`;
    const status = await grouped('status_verifikasi', where);
    expect(chartOf(s, 'statusVerifikasi')).toEqual({ BELUM: 0, MS: 0, TMS: 0, ...status });
    const total = Object.values(status).reduce((a, b) => a + b, 0);
    expect(cardOf(s, 'totalPelamar')).toMatchObject({ value: total, href: '/cpns/rekap-pelamar' });
    expect(cardOf(s, 'sudahDiverifikasi')).toMatchObject({ value: total - (status.BELUM ?? 0), total });
    const supervisi = await grouped(`status_supervisi`, sql`${where} AND status_verifikasi <> 'BELUM'`);
    expect(chartOf(s, 'statusSupervisi')).toEqual({
      MENUNGGU: supervisi.null ?? 0,
      DISETUJUI: supervisi.DISETUJUI ?? 0,
      DIKEMBALIKAN: supervisi.DIKEMBALIKAN ?? 0,
    });
    expect(cardOf(s, 'sudahDisupervisi').value).toBe(supervisi.DISETUJUI);
    expect(cardOf(s, 'finalVerifikasi')).toMatchObject({ value: 0, format: 'ya-tidak' });
    const { rows } = await sql<{ status: string; n: number }>`
      SELECT status, count(*)::int AS n FROM sanggah WHERE ${where} GROUP BY 1
    `.execute(ctx.db);
    expect(chartOf(s, 'statusSanggah')).toEqual({
      DIAJUKAN: 0,
      DITERIMA: 0,
      DITOLAK: 0,
      ...Object.fromEntries(rows.map((r) => [r.status, r.n])),
    });
    // The monitor of the same instansi reads the same figures, without links to act.
    const monitor = section(await dashboardOf('monitor.cpns'), 'cpns');
    expect(monitor.peran).toEqual(['monitoring']);
    expect(chartOf(monitor, 'statusVerifikasi')).toEqual(chartOf(s, 'statusVerifikasi'));
    expect(cardOf(monitor, 'finalVerifikasi').href).toBeNull();
  });

  it('shows wasdal, per track, the answers not checked yet and the flagged ones over every instansi', async () => {
    const answer = await dashboardOf('wasdal');
    expect(answer.sections.map((s) => s.track)).toEqual(['cpns', 'pppk', 'pppk-guru', 'nakes']);
    for (const s of answer.sections) {
      expect(s.cakupan).toBe('nasional');
      // Wasdal checks the answers to objections against a TMS, not those against the checker.
      const where = sql`track = ${s.track} AND jenis = 'ADMINISTRASI'`;
      expect(cardOf(s, 'sanggahBelumDiperiksa').value).toBe(
        await count(
          sql`SELECT count(*) AS n FROM sanggah WHERE ${where} AND status <> 'DIAJUKAN' AND cek_status IS NULL`,
        ),
      );
      expect(cardOf(s, 'sanggahDitandai').value).toBe(
        await count(sql`SELECT count(*) AS n FROM sanggah WHERE ${where} AND cek_status = 'DITANDAI'`),
      );
      expect(cardOf(s, 'sanggahBelumDiperiksa').total).toBe(
        await count(sql`SELECT count(*) AS n FROM sanggah WHERE ${where} AND status <> 'DIAJUKAN'`),
      );
    }
    // Two instansi have CPNS objections: the national figure is more than Kemenkum's.
    const cpns = section(answer, 'cpns');
    const kemenkum = await count(
      sql`SELECT count(*) AS n FROM sanggah WHERE track = 'cpns' AND instansi_id = ${KEMENKUM} AND status <> 'DIAJUKAN' AND cek_status IS NULL`,
    );
    expect(cardOf(cpns, 'sanggahBelumDiperiksa').value).toBeGreaterThan(kemenkum);
  });

  it('shows the national monitor national figures per track and the non-ASN confirmation progress', async () => {
    const answer = await dashboardOf('menpan');
    expect(answer.sections.map((s) => s.track)).toEqual(['pppk', 'pppk-guru', 'nakes']);
    for (const s of answer.sections) {
      expect(s.cakupan).toBe('nasional');
      expect(chartOf(s, 'statusVerifikasi')).toEqual({
        BELUM: 0,
        MS: 0,
        TMS: 0,
        ...(await grouped('status_verifikasi', sql`track = ${s.track}`)),
      });
    }
    const pppk = section(answer, 'pppk');
    expect(pppk.peran).toEqual(['nasional', 'nonasn']);
    const { rows } = await sql<{ status: string; n: number }>`
      SELECT status_konfirmasi AS status, count(*)::int AS n FROM nonasn GROUP BY 1
    `.execute(ctx.db);
    const nonasn = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    expect(chartOf(pppk, 'statusNonAsn')).toEqual({ BELUM: 0, DIKONFIRMASI: 0, TIDAK_DIUSULKAN: 0, ...nonasn });
    expect(cardOf(pppk, 'nonasnTerjawab')).toMatchObject({
      value: (nonasn.DIKONFIRMASI ?? 0) + (nonasn.TIDAK_DIUSULKAN ?? 0),
      total: 400,
      href: '/pppk/dashboard-konfirmasi',
    });
    // BKN's non-ASN monitor: only the non-ASN progress.
    const bkn = await dashboardOf('nonasn.bkn');
    expect(bkn.sections.map((s) => [s.track, s.peran])).toEqual([['pppk', ['nonasn']]]);
  });

  it('shows the checker the instansi’s claims waiting, and objections against the checker apart from the others', async () => {
    const s = section(await dashboardOf('checker.nakes'), 'nakes');
    expect(s.peran).toEqual(['checker']);
    const where = sql`instansi_id = 6 AND track = 'nakes'`;
    const belum = await count(sql`SELECT count(*) AS n FROM afirmasi WHERE ${where} AND status = 'BELUM'`);
    const semua = await count(sql`SELECT count(*) AS n FROM afirmasi WHERE ${where}`);
    expect(semua).toBeGreaterThan(0);
    expect(cardOf(s, 'klaimAfirmasiMenunggu')).toMatchObject({
      value: belum,
      total: semua,
      href: '/nakes/afirmasi-admin',
    });
    const supervisor = section(await dashboardOf('supervisor.nakes'), 'nakes');
    const afirmasi = await count(
      sql`SELECT count(*) AS n FROM sanggah WHERE ${where} AND jenis = 'AFIRMASI' AND status = 'DIAJUKAN'`,
    );
    const administrasi = await count(
      sql`SELECT count(*) AS n FROM sanggah WHERE ${where} AND jenis = 'ADMINISTRASI' AND status = 'DIAJUKAN'`,
    );
    expect(cardOf(supervisor, 'sanggahAfirmasiMenunggu')).toMatchObject({
      value: afirmasi,
      href: '/nakes/sanggah-afirmasi',
    });
    expect(cardOf(supervisor, 'sanggahMenunggu').value).toBe(administrasi);
  });

  it('never shows another instansi’s figures', async () => {
    // operator.multi verifies CPNS in Bandung: Bandung's queue, not Kemenkum's.
    const multi = await dashboardOf('operator.multi');
    expect(multi.sections.map((s) => [s.track, s.peran])).toEqual([
      ['cpns', ['verifikator']],
      ['pppk', ['supervisor']],
      ['nakes', ['admin']],
    ]);
    const bandung = await count(
      sql`SELECT count(*) AS n FROM pelamar WHERE instansi_id = ${BANDUNG} AND track = 'cpns' AND status_verifikasi = 'BELUM'`,
    );
    expect(cardOf(section(multi, 'cpns'), 'menungguVerifikasi').value).toBe(bandung);
    // An admin of an instansi without applicants sees zeros while others have thousands.
    const empty = await createUser(ctx.db, {
      roles: ['ROLE_ADMIN_CPNS', 'ROLE_SUPERVISOR_CPNS'],
      flags: { isCpns: true },
    });
    const s = section(await dashboardOf(empty.username, empty.password), 'cpns');
    expect(s.peran).toEqual(['supervisor', 'admin']);
    expect(s.cards.every((c) => c.value === 0)).toBe(true);
    expect(s.charts.every((c) => c.points.every((p) => p.value === 0))).toBe(true);
  });

  it('moves the verifier’s and the supervisor’s figures when a decision and its review go through the API', async () => {
    const before = section(await dashboardOf('verifikator.rajaampat'), 'cpns');
    const supervisorBefore = section(await dashboardOf('supervisor.rajaampat'), 'cpns');
    const claim = await call('verifikator.rajaampat', 'POST', '/api/cpns/verifikator/ambil', { kecuali: [] });
    expect(claim.statusCode, claim.body).toBe(200);
    const id = claim.json().id as number;
    expect(cardOf(section(await dashboardOf('verifikator.rajaampat'), 'cpns'), 'klaimSaya').value).toBe(1);
    const detail = (await call('verifikator.rajaampat', 'GET', `/api/cpns/verifikator/${id}`)).json();
    const decided = await call('verifikator.rajaampat', 'PUT', `/api/cpns/verifikator/${id}`, {
      version: detail.verifikasi.version,
      statusVerifikasi: 'MS',
      cekDokumen: (detail.dokumen as { id: number }[]).map((d) => ({ dokumenId: d.id, sesuai: true, alasan: null })),
      alasanTms: [],
      catatan: null,
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const after = section(await dashboardOf('verifikator.rajaampat'), 'cpns');
    expect(cardOf(after, 'diputusHariIni').value).toBe(cardOf(before, 'diputusHariIni').value + 1);
    expect(cardOf(after, 'menungguVerifikasi').value).toBe(cardOf(before, 'menungguVerifikasi').value - 1);
    expect(cardOf(after, 'klaimSaya').value).toBe(0);
    const supervisorAfter = section(await dashboardOf('supervisor.rajaampat'), 'cpns');
    expect(cardOf(supervisorAfter, 'menungguSupervisi').value).toBe(
      cardOf(supervisorBefore, 'menungguSupervisi').value + 1,
    );

    const version = (await call('supervisor.rajaampat', 'GET', `/api/cpns/supervisor/${id}`)).json().verifikasi.version;
    const reviewed = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version,
      statusSupervisi: 'DISETUJUI',
      catatan: null,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const reviewedAfter = section(await dashboardOf('supervisor.rajaampat'), 'cpns');
    expect(cardOf(reviewedAfter, 'menungguSupervisi').value).toBe(cardOf(supervisorBefore, 'menungguSupervisi').value);
    expect(cardOf(reviewedAfter, 'disupervisiHariIni').value).toBe(
      cardOf(supervisorBefore, 'disupervisiHariIni').value + 1,
    );
    const admin = section(await dashboardOf('admin.rajaampat'), 'cpns');
    expect(chartOf(admin, 'statusSupervisi').DISETUJUI).toBe(1);
  });
});

describe('SharedReads', () => {
  it('shares a read for its time, reads again after it, and never keeps a failure', async () => {
    let reads = 0;
    const read = async () => ++reads;
    const shared = new SharedReads(60_000);
    expect(await shared.get('status:cpns:3', read)).toBe(1);
    expect(await shared.get('status:cpns:3', read)).toBe(1);
    expect(await shared.get('status:cpns:4', read)).toBe(2);
    const never = new SharedReads(0);
    expect(await never.get('status:cpns:3', read)).toBe(3);
    expect(await never.get('status:cpns:3', read)).toBe(4);
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('sementara');
      return 'ok';
    };
    await expect(shared.get('nonasn', flaky)).rejects.toThrow('sementara');
    fail = false;
    expect(await shared.get('nonasn', flaky)).toBe('ok');
  });
});
