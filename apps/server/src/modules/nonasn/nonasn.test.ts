// Non-ASN data and confirmation (issue #5) against a real database through the HTTP layer: scoping
// by instansi and national roles, who may answer, the window, the SPTJM and reason rules, version
// conflicts, bulk answers with partial failure, the audit trail, the counters and the dashboard
// built on them, search and the export.

import { DEMO_PASSWORD, KATEGORI_NONASN_NAMA } from '@portal/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../db/seed/accounts.js';
import { ensureJadwal } from '../../db/seed/jadwal.js';
import { recountNonAsn, seedNonAsn } from '../../db/seed/nonasn.js';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app.js';
import { rollUpNonAsnCounts } from './service.js';

const BOGOR = 4; // admin.pppk
const JATENG = 5; // admin.guru
const BANDUNG = 7; // operator.multi (ROLE_ADMIN_PPPK_NAKES among others)
let ctx: TestContext;
let client: TestClient;
const tokens = new Map<string, string>();

async function tokenOf(username: string): Promise<string> {
  const known = tokens.get(username);
  if (known) return known;
  const token = await client.loginToken(username, DEMO_PASSWORD);
  tokens.set(username, token);
  return token;
}

async function call(username: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return client.request({
    method,
    url,
    token: await tokenOf(username),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const page = (filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  filter,
  paginator: { page: 1, pageSize: 100 },
  sorting: { column: 'id', direction: 'asc' },
  ...extra,
});

async function list(username: string, filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const res = await call(username, 'POST', '/api/pppk/nonasn/filter', page(filter, extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; nik: string; nama: string; statusKonfirmasi: string; instansi: { id: number } }[];
    recordsTotal: number;
    summaries: { statusKonfirmasi: string; jumlah: number }[];
  };
}

async function dashboard(username: string, body: Record<string, unknown> = {}) {
  const res = await call(username, 'POST', '/api/pppk/dashboard-konfirmasi/filter', {
    filter: {},
    paginator: { page: 1, pageSize: 100 },
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      id: string;
      instansi: { id: number };
      kategori: string;
      total: number;
      dikonfirmasi: number;
      tidakDiusulkan: number;
      belum: number;
      persen: number;
    }[];
    recordsTotal: number;
    summaries: {
      kategori: string | null;
      total: number;
      dikonfirmasi: number;
      tidakDiusulkan: number;
      belum: number;
    }[];
  };
}

async function idsOf(instansiId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('nonasn')
    .where('instansi_id', '=', instansiId)
    .select('id')
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

async function versionOf(id: number): Promise<number> {
  const row = await ctx.db.selectFrom('nonasn').where('id', '=', id).select('version').executeTakeFirstOrThrow();
  return row.version;
}

const konfirmasi = (id: number, body: Record<string, unknown>, username = 'admin.pppk') =>
  call(username, 'PUT', `/api/pppk/nonasn/${id}`, body);

async function lastAuditId(): Promise<number> {
  const row = await ctx.db
    .selectFrom('audit_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function reset() {
  await ctx.db
    .updateTable('nonasn')
    .set({ status_konfirmasi: 'BELUM', alasan: null, dikonfirmasi_oleh: null, dikonfirmasi_at: null, version: 1 })
    .execute();
  await recountNonAsn(ctx.db);
  await ctx.db
    .updateTable('jadwal_tahap')
    .set({ mulai: sql`now() - interval '1 day'`, selesai: sql`now() + interval '30 days'` })
    .where('tahap', '=', 'KONFIRMASI_NONASN')
    .execute();
}

beforeAll(async () => {
  ctx = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  client = new TestClient(ctx.app);
  await seedAccounts(ctx.db);
  await ensureJadwal(ctx.db);
  await seedNonAsn(
    ctx.db,
    [
      { instansiId: BOGOR, records: 40, unanswered: true },
      { instansiId: JATENG, records: 12, unanswered: true },
      { instansiId: BANDUNG, records: 8, unanswered: true },
    ],
    3,
  );
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

beforeEach(reset);

describe('Data Non ASN list', () => {
  it('shows an instansi admin only their own instansi, with full NIKs and counts from the counters', async () => {
    const answer = await list('admin.pppk');
    expect(answer.recordsTotal).toBe(40);
    expect(answer.data).toHaveLength(40);
    expect(new Set(answer.data.map((row) => row.instansi.id))).toEqual(new Set([BOGOR]));
    expect(answer.data[0]?.nik).toMatch(/^\d{16}$/);
    expect(answer.summaries).toEqual([
      { statusKonfirmasi: 'BELUM', jumlah: 40 },
      { statusKonfirmasi: 'DIKONFIRMASI', jumlah: 0 },
      { statusKonfirmasi: 'TIDAK_DIUSULKAN', jumlah: 0 },
    ]);
    // Asking for another instansi gives nothing, never its rows.
    const other = await list('admin.pppk', { instansiId: JATENG });
    expect(other.recordsTotal).toBe(0);
    expect(other.data).toEqual([]);
  });

  it('shows national monitors every instansi (masked NIKs) and lets them narrow to one', async () => {
    for (const monitor of ['nonasn.bkn', 'menpan']) {
      const all = await list(monitor);
      expect(all.recordsTotal).toBe(60);
      expect(new Set(all.data.map((row) => row.instansi.id))).toEqual(new Set([BOGOR, JATENG, BANDUNG]));
      expect(all.data[0]?.nik).toMatch(/^\d{6}\*{6}\d{4}$/);
      const jateng = await list(monitor, { instansiId: JATENG });
      expect(jateng.recordsTotal).toBe(12);
      expect(jateng.data.every((row) => row.instansi.id === JATENG)).toBe(true);
    }
    const options = await call('nonasn.bkn', 'GET', '/api/pppk/nonasn/instansi');
    expect(
      options
        .json()
        .map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([BOGOR, JATENG, BANDUNG]);
  });

  it('refuses the list to roles without the page', async () => {
    for (const username of ['verifikator.pppk', 'wasdal', 'admin.cpns']) {
      const res = await call(username, 'POST', '/api/pppk/nonasn/filter', page());
      expect(res.statusCode, username).toBe(403);
    }
    // The dashboard is the monitors' page, not the instansi admins'.
    const res = await call('admin.pppk', 'POST', '/api/pppk/dashboard-konfirmasi/filter', page());
    expect(res.statusCode).toBe(403);
  });

  it('searches by name words and by NIK prefix inside the scope', async () => {
    const [first] = (await list('admin.pppk')).data;
    if (!first) throw new Error('no rows');
    const word = first.nama.split(' ')[0] as string;
    const byName = await list('admin.pppk', {}, { searchTerm: word.toLowerCase().slice(0, 4) });
    expect(byName.data.map((row) => row.id)).toContain(first.id);
    expect(byName.data.every((row) => row.instansi.id === BOGOR)).toBe(true);
    expect(byName.recordsTotal).toBe(byName.data.length);
    const byNik = await list('admin.pppk', {}, { searchTerm: first.nik.slice(0, 12) });
    expect(byNik.data.map((row) => row.id)).toContain(first.id);
    const exact = await list('admin.pppk', {}, { searchTerm: first.nik });
    expect(exact.data.map((row) => row.id)).toEqual([first.id]);
    // Another instansi's admin does not find the person.
    const elsewhere = await list('admin.guru', {}, { searchTerm: first.nik });
    expect(elsewhere.data).toEqual([]);
  });

  it('rejects unknown sort columns, page sizes and filter keys', async () => {
    const bad = [
      page({}, { sorting: { column: 'nik', direction: 'asc' } }),
      { ...page(), paginator: { page: 1, pageSize: 7 } },
      page({ unitKerja: 'RSUD' }),
    ];
    for (const body of bad) {
      const res = await call('admin.pppk', 'POST', '/api/pppk/nonasn/filter', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('confirming one record', () => {
  it('confirms under the SPTJM, bumps the version, writes the audit event and moves the counters', async () => {
    const [id] = await idsOf(BOGOR);
    const before = await lastAuditId();
    const res = await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, version: 2 });
    const events = await ctx.db.selectFrom('audit_event').where('id', '>', String(before)).selectAll().execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'KONFIRMASI_NONASN',
      entity: 'nonasn',
      entity_id: String(id),
      from_value: 'BELUM',
      to_value: 'DIKONFIRMASI',
      actor_username: 'admin.pppk',
      instansi_id: BOGOR,
    });
    expect(events[0]?.details).toMatchObject({ sptjm: true });
    const summaries = (await list('admin.pppk')).summaries;
    expect(summaries).toContainEqual({ statusKonfirmasi: 'DIKONFIRMASI', jumlah: 1 });
    expect(summaries).toContainEqual({ statusKonfirmasi: 'BELUM', jumlah: 39 });
    const detail = await call('admin.pppk', 'GET', `/api/pppk/nonasn/${id}`);
    expect(detail.json()).toMatchObject({
      statusKonfirmasi: 'DIKONFIRMASI',
      version: 2,
      dikonfirmasiOleh: 'Hendra Gunawan',
    });
    expect(detail.json().riwayat.at(-1)).toEqual(
      expect.objectContaining({ aksi: 'KONFIRMASI_NONASN', dari: 'BELUM', ke: 'DIKONFIRMASI', oleh: 'Hendra Gunawan' }),
    );
  });

  it('refuses without the SPTJM, and Tidak Diusulkan without a reason (400)', async () => {
    const [id] = await idsOf(BOGOR);
    for (const body of [
      { status: 'DIKONFIRMASI', version: 1 },
      { status: 'DIKONFIRMASI', version: 1, sptjm: false },
      { status: 'TIDAK_DIUSULKAN', version: 1, sptjm: true },
      { status: 'TIDAK_DIUSULKAN', version: 1, sptjm: true, alasan: '   ' },
      { status: 'BELUM', version: 1, sptjm: true },
    ]) {
      const res = await konfirmasi(id as number, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
    expect(await versionOf(id as number)).toBe(1);
  });

  it('detects a stale version (409 KONFLIK_VERSI) and never overwrites', async () => {
    const [id] = await idsOf(BOGOR);
    expect((await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true })).statusCode).toBe(200);
    const stale = await konfirmasi(id as number, {
      status: 'TIDAK_DIUSULKAN',
      alasan: 'Sudah berhenti',
      version: 1,
      sptjm: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'KONFLIK_VERSI', details: { version: 2 } });
    const row = await ctx.db
      .selectFrom('nonasn')
      .where('id', '=', id as number)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.status_konfirmasi).toBe('DIKONFIRMASI');
  });

  it('lets the admin change an answer until the deadline, only with a reason, audited from → to', async () => {
    const [id] = await idsOf(BOGOR);
    // The trail outlives the tests' resets: read what this test adds.
    const earlier = (await call('admin.pppk', 'GET', `/api/pppk/nonasn/${id}`)).json().riwayat.length;
    await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true });
    const noReason = await konfirmasi(id as number, {
      status: 'TIDAK_DIUSULKAN',
      version: 2,
      sptjm: true,
      alasan: null,
    });
    expect(noReason.statusCode).toBe(400);
    const same = await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 2, sptjm: true });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe('TIDAK_BERUBAH');
    const changed = await konfirmasi(id as number, {
      status: 'TIDAK_DIUSULKAN',
      version: 2,
      sptjm: true,
      alasan: 'Telah mengundurkan diri',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const back = await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 3, sptjm: true });
    expect(back.statusCode).toBe(400);
    expect(back.json().error).toBe('ALASAN_WAJIB');
    const detail = (await call('admin.pppk', 'GET', `/api/pppk/nonasn/${id}`)).json();
    expect(detail).toMatchObject({
      statusKonfirmasi: 'TIDAK_DIUSULKAN',
      alasan: 'Telah mengundurkan diri',
      version: 3,
    });
    expect(detail.riwayat.slice(earlier)).toEqual([
      expect.objectContaining({ aksi: 'KONFIRMASI_NONASN', dari: 'BELUM', ke: 'DIKONFIRMASI', alasan: null }),
      expect.objectContaining({
        aksi: 'UBAH_KONFIRMASI_NONASN',
        dari: 'DIKONFIRMASI',
        ke: 'TIDAK_DIUSULKAN',
        alasan: 'Telah mengundurkan diri',
      }),
    ]);
    const summaries = (await list('admin.pppk')).summaries;
    expect(summaries).toContainEqual({ statusKonfirmasi: 'DIKONFIRMASI', jumlah: 0 });
    expect(summaries).toContainEqual({ statusKonfirmasi: 'TIDAK_DIUSULKAN', jumlah: 1 });
  });

  it('lets monitors read but not answer (403), and hides other instansi’s records (404)', async () => {
    const [bogor] = await idsOf(BOGOR);
    const [jateng] = await idsOf(JATENG);
    for (const monitor of ['nonasn.bkn', 'menpan']) {
      expect((await call(monitor, 'GET', `/api/pppk/nonasn/${bogor}`)).statusCode).toBe(200);
      const res = await konfirmasi(bogor as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true }, monitor);
      expect(res.statusCode, monitor).toBe(403);
      const bulk = await call(monitor, 'PUT', '/api/pppk/nonasn/updateStatus', {
        ids: [bogor],
        status: 'DIKONFIRMASI',
        sptjm: true,
      });
      expect(bulk.statusCode).toBe(403);
    }
    expect((await call('admin.pppk', 'GET', `/api/pppk/nonasn/${jateng}`)).statusCode).toBe(404);
    const foreign = await konfirmasi(jateng as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true });
    expect(foreign.statusCode).toBe(404);
    // The Guru admin answers for their own instansi.
    const own = await konfirmasi(jateng as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true }, 'admin.guru');
    expect(own.statusCode, own.body).toBe(200);
    expect(await versionOf(bogor as number)).toBe(1);
  });

  it('refuses outside the KONFIRMASI_NONASN window (403 DI_LUAR_JADWAL), one or many', async () => {
    await ctx.db
      .updateTable('jadwal_tahap')
      .set({ mulai: sql`now() - interval '30 days'`, selesai: sql`now() - interval '1 day'` })
      .where('tahap', '=', 'KONFIRMASI_NONASN')
      .execute();
    const [id] = await idsOf(BOGOR);
    const one = await konfirmasi(id as number, { status: 'DIKONFIRMASI', version: 1, sptjm: true });
    expect(one.statusCode).toBe(403);
    expect(one.json().error).toBe('DI_LUAR_JADWAL');
    expect(one.json().message).toMatch(/konfirmasi Non ASN/);
    const many = await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: [id],
      status: 'DIKONFIRMASI',
      sptjm: true,
    });
    expect(many.statusCode).toBe(403);
    expect(await versionOf(id as number)).toBe(1);
  });
});

describe('bulk confirmation', () => {
  it('answers each id on its own: partial failure is reported per id, the rest is done', async () => {
    const [a, b, c] = await idsOf(BOGOR);
    const [foreign] = await idsOf(JATENG);
    await konfirmasi(c as number, { status: 'TIDAK_DIUSULKAN', version: 1, sptjm: true, alasan: 'Meninggal dunia' });
    const before = await lastAuditId();
    const res = await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: [a, b, c, foreign, a],
      status: 'DIKONFIRMASI',
      sptjm: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: a, ok: true, version: 2 },
      { id: b, ok: true, version: 2 },
      expect.objectContaining({ id: c, ok: false, error: 'ALASAN_WAJIB' }),
      expect.objectContaining({ id: foreign, ok: false, error: 'NOT_FOUND' }),
    ]);
    const events = await ctx.db
      .selectFrom('audit_event')
      .where('id', '>', String(before))
      .select(['entity_id', 'from_value', 'to_value'])
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { entity_id: String(a), from_value: 'BELUM', to_value: 'DIKONFIRMASI' },
      { entity_id: String(b), from_value: 'BELUM', to_value: 'DIKONFIRMASI' },
    ]);
    // Not proposed in bulk needs the reason, which then applies to every id.
    const noReason = await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: [c],
      status: 'TIDAK_DIUSULKAN',
      sptjm: true,
    });
    expect(noReason.statusCode).toBe(400);
    const noSptjm = await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: [c],
      status: 'DIKONFIRMASI',
    });
    expect(noSptjm.statusCode).toBe(400);
  });
});

describe('confirmation dashboard', () => {
  it('shows per instansi × kategori progress from the counters, moving with every answer', async () => {
    const before = await dashboard('nonasn.bkn');
    expect(new Set(before.data.map((row) => row.instansi.id))).toEqual(new Set([BOGOR, JATENG, BANDUNG]));
    expect(before.data.reduce((sum, row) => sum + row.total, 0)).toBe(60);
    expect(before.summaries[0]).toMatchObject({ kategori: null, total: 60, belum: 60, dikonfirmasi: 0 });
    const ids = await idsOf(BOGOR);
    const kategoriOf = await ctx.db
      .selectFrom('nonasn')
      .where('id', '=', ids[0] as number)
      .select('kategori')
      .executeTakeFirstOrThrow();
    await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: ids.slice(0, 10),
      status: 'DIKONFIRMASI',
      sptjm: true,
    });
    await konfirmasi(ids[10] as number, { status: 'TIDAK_DIUSULKAN', version: 1, sptjm: true, alasan: 'Tidak aktif' });
    const check = async () => {
      const after = await dashboard('nonasn.bkn', { filter: { instansiId: BOGOR } });
      expect(after.summaries[0]).toMatchObject({
        kategori: null,
        total: 40,
        dikonfirmasi: 10,
        tidakDiusulkan: 1,
        belum: 29,
        persen: 27.5,
      });
      expect(after.data.every((row) => row.instansi.id === BOGOR)).toBe(true);
      const row = after.data.find((item) => item.kategori === kategoriOf.kategori);
      expect(row?.dikonfirmasi).toBeGreaterThan(0);
      for (const item of after.data) expect(item.dikonfirmasi + item.tidakDiusulkan + item.belum).toBe(item.total);
    };
    await check();
    // Folding the deltas into the counters changes nothing that is read.
    expect(await rollUpNonAsnCounts(ctx.db)).toBeGreaterThan(0);
    expect(await ctx.db.selectFrom('nonasn_count_delta').select('id').execute()).toEqual([]);
    await check();
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM nonasn WHERE instansi_id = ${BOGOR} AND status_konfirmasi = 'DIKONFIRMASI'`.execute(
      ctx.db,
    );
    expect(rows[0]?.n).toBe(10);
  });

  it('scopes an instansi admin with the page to their instansi and sorts by progress and name, paged', async () => {
    // operator.multi is an admin (Nakes) without a national role: only Bandung, and no dashboard page.
    const own = await list('operator.multi');
    expect(own.recordsTotal).toBe(8);
    const ids = await idsOf(JATENG);
    await call('admin.guru', 'PUT', '/api/pppk/nonasn/updateStatus', { ids, status: 'DIKONFIRMASI', sptjm: true });
    const byProgress = await dashboard('menpan', { sorting: { column: 'persen', direction: 'desc' } });
    expect(byProgress.data[0]?.instansi.id).toBe(JATENG);
    expect(byProgress.data[0]?.persen).toBe(100);
    const persen = byProgress.data.map((row) => row.persen);
    expect(persen).toEqual([...persen].sort((x, y) => y - x));
    const paged = await dashboard('menpan', {
      paginator: { page: 2, pageSize: 3 },
      sorting: { column: 'instansi', direction: 'asc' },
    });
    expect(paged.recordsTotal).toBe(byProgress.recordsTotal);
    expect(paged.data).toHaveLength(3);
    const names = await dashboard('menpan', { sorting: { column: 'instansi', direction: 'asc' } });
    expect(paged.data.map((row) => row.id)).toEqual(names.data.slice(3, 6).map((row) => row.id));
    const kategori = await dashboard('menpan', { filter: { kategori: 'R3' } });
    expect(kategori.data.every((row) => row.kategori === 'R3')).toBe(true);
  });
});

describe('export', () => {
  it('downloads the filtered view as CSV with Indonesian headers, in the list order', async () => {
    const ids = await idsOf(BOGOR);
    await call('admin.pppk', 'PUT', '/api/pppk/nonasn/updateStatus', {
      ids: ids.slice(0, 5),
      status: 'DIKONFIRMASI',
      sptjm: true,
    });
    const res = await call('admin.pppk', 'POST', '/api/pppk/nonasn/export', {
      format: 'csv',
      filter: { statusKonfirmasi: 'DIKONFIRMASI' },
      sorting: { column: 'id', direction: 'desc' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'NIK;Nama;Tempat Lahir;Tanggal Lahir;Unit Kerja;Jabatan;Masa Kerja;Kategori;Sumber Dana;Status Konfirmasi;Alasan;Dikonfirmasi Oleh;Waktu Konfirmasi;Instansi',
    );
    expect(lines).toHaveLength(6);
    const niks = await ctx.db
      .selectFrom('nonasn')
      .where('id', 'in', ids.slice(0, 5))
      .select('nik')
      .orderBy('id', 'desc')
      .execute();
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(niks.map((row) => row.nik));
    expect(lines.slice(1).every((line) => line.includes(';Dikonfirmasi;') && line.includes('Hendra Gunawan'))).toBe(
      true,
    );
    const xlsx = await call('nonasn.bkn', 'POST', '/api/pppk/nonasn/export', { format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Words for the kategori codes (R1…, EKS_THK_II), dates as DD/MM/YYYY, in Excel as real dates.
    const header = (lines[0] ?? '').split(';');
    for (const line of lines.slice(1)) {
      const cells = line.split(';');
      expect(Object.values(KATEGORI_NONASN_NAMA)).toContain(cells[header.indexOf('Kategori')]);
      expect(cells[header.indexOf('Tanggal Lahir')]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(cells[header.indexOf('Waktu Konfirmasi')]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}\.\d{2}$/);
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const lahir = sheet?.getRow(2).getCell(header.indexOf('Tanggal Lahir') + 1);
    expect(lahir?.value).toBeInstanceOf(Date);
    expect(lahir?.numFmt).toBe('dd/mm/yyyy');
  });
});
