// Objections (issue #5) against a real database: the list and its scoping by role, the
// supervisor's answer (accepted → MS when it clears every TMS reason), the answer window, version
// conflicts, wasdal's check, the Nakes admin's reset (MS back to TMS, old answer in the trail),
// the counters and the audit events.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../db/seed/accounts.js';
import { seedApplicants } from '../../db/seed/applicants.js';
import { FolderBerkasStore } from '../../storage/folder-berkas-store.js';
import { createTestApp, createUser, TestClient, type TestContext } from '../../test/test-app.js';
import { rollUpStatusCounts } from '../verifikasi/service.js';

const KEMENKES = 6;
let ctx: TestContext;
let client: TestClient;
let filesDir: string;
const tokens = new Map<string, string>();
let otherSupervisor: { username: string; password: string };

async function tokenOf(username: string, password = DEMO_PASSWORD): Promise<string> {
  const known = tokens.get(username);
  if (known) return known;
  const token = await client.loginToken(username, password);
  tokens.set(username, token);
  return token;
}

async function call(username: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const password = username === otherSupervisor?.username ? otherSupervisor.password : DEMO_PASSWORD;
  return client.request({
    method,
    url,
    token: await tokenOf(username, password),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const listBody = (filter: Record<string, unknown> = {}, searchTerm = '') => ({
  filter,
  paginator: { page: 1, pageSize: 100 },
  sorting: { column: 'id', direction: 'asc' },
  searchTerm,
});

/** TMS applicants of Kemenkes' Nakes with their reasons, as seeded. */
let tms: { id: number; alasan: string[]; nama: string }[] = [];

/** An objection by a TMS applicant: one item per reason (or the given ones), not answered. */
async function buatSanggah(pelamar: { id: number; alasan: string[] }, alasan = pelamar.alasan): Promise<number> {
  const dokumen = await ctx.db
    .selectFrom('dokumen')
    .where('pelamar_id', '=', pelamar.id)
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const row = await ctx.db
    .insertInto('sanggah')
    .values({
      pelamar_id: pelamar.id,
      instansi_id: KEMENKES,
      track: 'nakes',
      diajukan_at: sql`now() - interval '1 day'`,
      butir: JSON.stringify(
        alasan.map((kode) => ({
          alasanTms: kode,
          argumen: `Argumen untuk ${kode}`,
          dokumenId: Number(dokumen.id),
          jawaban: null,
          alasanJawaban: null,
        })),
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function detail(username: string, id: number, segment = 'sanggah') {
  const res = await call(username, 'GET', `/api/nakes/${segment}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const jawab = (version: number, jawaban: string[], alasan = 'Sudah diperiksa ulang terhadap dokumen.') => ({
  version,
  butir: jawaban.map((value) => ({ jawaban: value, alasan })),
});

async function statusOf(pelamarId: number) {
  const row = await ctx.db
    .selectFrom('pelamar')
    .where('id', '=', pelamarId)
    .select(['status_verifikasi', 'version'])
    .executeTakeFirstOrThrow();
  return row.status_verifikasi;
}

async function counter(status: 'MS' | 'TMS') {
  await rollUpStatusCounts(ctx.db);
  const row = await ctx.db
    .selectFrom('pelamar_status_count')
    .where('instansi_id', '=', KEMENKES)
    .where('track', '=', 'nakes')
    .where('status_verifikasi', '=', status)
    .select('jumlah')
    .executeTakeFirst();
  return Number(row?.jumlah ?? 0);
}

async function eventsOf(pelamarId: number) {
  return ctx.db
    .selectFrom('audit_event')
    .where('entity', '=', 'pelamar')
    .where('entity_id', '=', String(pelamarId))
    .select(['action', 'actor_username', 'from_value', 'to_value', 'reason', 'details'])
    .orderBy('id')
    .execute();
}

async function setWindow(open: boolean) {
  await ctx.db
    .updateTable('jadwal_tahap')
    .set(
      open
        ? { mulai: sql`now() - interval '1 day'`, selesai: sql`now() + interval '30 days'` }
        : { mulai: sql`now() - interval '10 days'`, selesai: sql`now() - interval '2 days'` },
    )
    .where('tahap', '=', 'JAWAB_SANGGAH')
    .execute();
}

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
  ctx = await createTestApp({ loginRateLimitPerMinute: 10_000, filesDir });
  client = new TestClient(ctx.app);
  await seedAccounts(ctx.db);
  await seedApplicants(ctx.db, new FolderBerkasStore(filesDir), {
    seed: 11,
    withDocuments: true,
    blocks: [
      { instansiId: KEMENKES, track: 'nakes', applicants: 160 },
      { instansiId: 7, track: 'nakes', applicants: 60 },
    ],
  });
  // Every TMS decision approved, as objections follow the announcement.
  await ctx.db
    .updateTable('pelamar')
    .set({ status_supervisi: 'DISETUJUI' })
    .where('status_verifikasi', '=', 'TMS')
    .execute();
  const rows = await ctx.db
    .selectFrom('pelamar')
    .where('instansi_id', '=', KEMENKES)
    .where('status_verifikasi', '=', 'TMS')
    .select(['id', 'alasan_tms', 'nama'])
    .orderBy('id')
    .execute();
  tms = rows.map((row) => ({ id: Number(row.id), alasan: row.alasan_tms ?? [], nama: row.nama }));
  const supervisor = await createUser(ctx.db, { roles: ['ROLE_SUPERVISOR_PPPK_NAKES'], flags: { isPppkNakes: true } });
  otherSupervisor = supervisor;
}, 60_000);

afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await sql`DELETE FROM sanggah`.execute(ctx.db);
  await ctx.db
    .updateTable('pelamar')
    .set({ status_verifikasi: 'TMS' })
    .where(
      'id',
      'in',
      tms.map((p) => p.id),
    )
    .execute();
  await setWindow(true);
});

describe('the objection list', () => {
  it('shows the instansi’s objections to its supervisor and every instansi’s to wasdal, NIK masked', async () => {
    expect(tms.length).toBeGreaterThanOrEqual(4);
    const ids = [await buatSanggah(tms[0]!), await buatSanggah(tms[1]!)];
    const elsewhere = await ctx.db
      .selectFrom('pelamar')
      .where('instansi_id', '=', 7)
      .where('status_verifikasi', '=', 'TMS')
      .select(['id', 'alasan_tms'])
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('sanggah')
      .values({
        pelamar_id: elsewhere.id,
        instansi_id: 7,
        track: 'nakes',
        diajukan_at: sql`now()`,
        butir: JSON.stringify([
          { alasanTms: 'IPK', argumen: 'x', dokumenId: null, jawaban: null, alasanJawaban: null },
        ]),
      })
      .execute();

    const own = await call('supervisor.nakes', 'POST', '/api/nakes/sanggah/filter', listBody());
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((row: { id: number }) => row.id)).toEqual(ids);
    expect(own.json().recordsTotal).toBe(2);
    expect(own.json().summaries).toEqual([
      { status: 'DIAJUKAN', jumlah: 2 },
      { status: 'DITERIMA', jumlah: 0 },
      { status: 'DITOLAK', jumlah: 0 },
    ]);
    const first = own.json().data[0];
    expect(first).toMatchObject({ pelamarId: tms[0]!.id, status: 'DIAJUKAN', jumlahButir: tms[0]!.alasan.length });
    expect(first.nik).toMatch(/^\d{16}$/);

    const national = await call('wasdal', 'POST', '/api/nakes/sanggah/filter', listBody());
    expect(national.statusCode).toBe(200);
    expect(national.json().recordsTotal).toBe(3);
    expect(national.json().data[0].nik).toMatch(/^\d{6}\*{6}\d{4}$/);
    const oneInstansi = await call('wasdal', 'POST', '/api/nakes/sanggah/filter', listBody({ instansiId: 7 }));
    expect(oneInstansi.json().recordsTotal).toBe(1);
    // Wasdal reads every track's objections; an instansi filter does not widen a supervisor's view.
    expect((await call('wasdal', 'POST', '/api/cpns/sanggah/filter', listBody())).statusCode).toBe(200);
    const widened = await call('supervisor.nakes', 'POST', '/api/nakes/sanggah/filter', listBody({ instansiId: 7 }));
    expect(widened.json().data.map((row: { id: number }) => row.id)).toEqual(ids);

    const word = tms[1]!.nama.split(' ')[0]!.toLowerCase();
    const searched = await call('supervisor.nakes', 'POST', '/api/nakes/sanggah/filter', listBody({}, word));
    expect(searched.json().data.map((row: { pelamarId: number }) => row.pelamarId)).toContain(tms[1]!.id);

    // Pages carry the permission: the verifier and another track's supervisor have no sanggah page.
    expect((await call('verifikator.nakes', 'POST', '/api/nakes/sanggah/filter', listBody())).statusCode).toBe(403);
    expect((await call('supervisor.cpns', 'POST', '/api/nakes/sanggah/filter', listBody())).statusCode).toBe(403);
  });

  it('gives the detail with each item, the applicant, the trail and the document', async () => {
    const id = await buatSanggah(tms[0]!);
    const d = await detail('supervisor.nakes', id);
    expect(d.butir).toHaveLength(tms[0]!.alasan.length);
    expect(d.butir[0]).toMatchObject({ alasanTms: tms[0]!.alasan[0], jawaban: null });
    expect(d.pelamar.verifikasi.alasanTms).toEqual(tms[0]!.alasan);
    expect(Array.isArray(d.pelamar.verifikasi.riwayat)).toBe(true);
    expect(d).toMatchObject({ bolehJawab: true, bolehCek: false, bolehReset: false, version: 1 });
    const file = await call('supervisor.nakes', 'GET', `/api/nakes/sanggah/${id}/dokumen/${d.butir[0].dokumenId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/pdf|image/);

    const wasdal = await detail('wasdal', id);
    expect(wasdal).toMatchObject({ bolehJawab: false, bolehCek: false });
    expect(wasdal.pelamar.verifikasi.riwayat).not.toBeNull();
    const stranger = await call(otherSupervisor.username, 'GET', `/api/nakes/sanggah/${id}`);
    expect(stranger.statusCode).toBe(404);
  });
});

describe('answering', () => {
  it('accepting every item makes the applicant MS, moves the counters and writes the trail', async () => {
    const pelamar = tms[0]!;
    const id = await buatSanggah(pelamar);
    const [msBefore, tmsBefore] = [await counter('MS'), await counter('TMS')];
    const res = await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah/${id}`,
      jawab(
        1,
        pelamar.alasan.map(() => 'DITERIMA'),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ version: 2, status: 'DITERIMA', mengubahStatus: true });
    expect(await statusOf(pelamar.id)).toBe('MS');
    expect([await counter('MS'), await counter('TMS')]).toEqual([msBefore + 1, tmsBefore - 1]);
    const events = (await eventsOf(pelamar.id)).filter((event) => event.action !== 'RESET_SANGGAH');
    expect(events.slice(-pelamar.alasan.length - 2).map((event) => event.action)).toEqual([
      'SANGGAH_DITERIMA',
      ...pelamar.alasan.map(() => 'JAWAB_BUTIR_SANGGAH'),
      'JAWAB_SANGGAH',
    ]);
    expect(events.at(-pelamar.alasan.length - 2)).toMatchObject({
      actor_username: 'supervisor.nakes',
      from_value: 'TMS',
      to_value: 'MS',
    });
    const d = await detail('supervisor.nakes', id);
    expect(d).toMatchObject({ status: 'DITERIMA', mengubahStatus: true, bolehJawab: false });
    expect(d.butir[0]).toMatchObject({ jawaban: 'DITERIMA', alasanJawaban: 'Sudah diperiksa ulang terhadap dokumen.' });
    expect(d.penjawabNama).toBeTruthy();

    const again = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, jawab(2, ['DITOLAK']));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('SUDAH_DIJAWAB');
  });

  it('a rejected item rejects the objection; accepted items that leave a reason keep the applicant TMS', async () => {
    const multi = { ...tms[3]!, alasan: ['IPK', 'AKREDITASI'] };
    await ctx.db.updateTable('pelamar').set({ alasan_tms: multi.alasan }).where('id', '=', multi.id).execute();
    const rejected = await buatSanggah(multi!);
    const answers = multi!.alasan.map((_, index) => (index === 0 ? 'DITOLAK' : 'DITERIMA'));
    const res = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${rejected}`, jawab(1, answers));
    expect(res.json()).toMatchObject({ status: 'DITOLAK', mengubahStatus: false });
    expect(await statusOf(multi!.id)).toBe('TMS');

    await sql`DELETE FROM sanggah`.execute(ctx.db);
    const partial = await buatSanggah(multi!, [multi!.alasan[0]!]);
    const accepted = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${partial}`, jawab(1, ['DITERIMA']));
    expect(accepted.json()).toMatchObject({ status: 'DITERIMA', mengubahStatus: false });
    expect(await statusOf(multi!.id)).toBe('TMS');
  });

  it('refuses a stale version, a wrong item count, a missing reason, outside the window, and others', async () => {
    const pelamar = tms[0]!;
    const id = await buatSanggah(pelamar);
    const all = (value: string) => pelamar.alasan.map(() => value);
    const stale = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, jawab(7, all('DITOLAK')));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('KONFLIK_VERSI');
    const count = await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah/${id}`,
      jawab(1, [...all('DITOLAK'), 'DITOLAK']),
    );
    expect(count.statusCode).toBe(400);
    const noReason = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, jawab(1, all('DITOLAK'), ' '));
    expect(noReason.statusCode).toBe(400);

    expect((await call('wasdal', 'PUT', `/api/nakes/sanggah/${id}`, jawab(1, all('DITOLAK')))).statusCode).toBe(403);
    expect((await call('admin.nakes', 'PUT', `/api/nakes/sanggah/${id}`, jawab(1, all('DITOLAK')))).statusCode).toBe(
      403,
    );
    const stranger = await call(otherSupervisor.username, 'PUT', `/api/nakes/sanggah/${id}`, jawab(1, all('DITOLAK')));
    expect(stranger.statusCode).toBe(404);

    await setWindow(false);
    const closed = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, jawab(1, all('DITOLAK')));
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ error: 'DI_LUAR_JADWAL' });
    expect(closed.json().message).toMatch(/^Di luar jadwal jawab sanggah PPPK Tenaga Kesehatan/);
    expect(await statusOf(pelamar.id)).toBe('TMS');
    expect((await detail('supervisor.nakes', id)).status).toBe('DIAJUKAN');
  });

  it('lets one of two concurrent answers through', async () => {
    const pelamar = tms[0]!;
    const id = await buatSanggah(pelamar);
    const body = jawab(
      1,
      pelamar.alasan.map(() => 'DITERIMA'),
    );
    const before = (await eventsOf(pelamar.id)).length;
    const results = await Promise.all([
      call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, body),
      call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}`, body),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const events = (await eventsOf(pelamar.id)).slice(before);
    expect(events.filter((event) => event.action === 'JAWAB_SANGGAH')).toHaveLength(1);
    expect(events.filter((event) => event.action === 'SANGGAH_DITERIMA')).toHaveLength(1);
  });
});

describe('wasdal’s check', () => {
  it('checks or flags answered objections only, with a note for a flag', async () => {
    const pelamar = tms[0]!;
    const id = await buatSanggah(pelamar);
    const early = await call('wasdal', 'PUT', `/api/nakes/sanggah/${id}/cek`, { version: 1, status: 'DIPERIKSA' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('BELUM_DIJAWAB');
    await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah/${id}`,
      jawab(
        1,
        pelamar.alasan.map(() => 'DITOLAK'),
      ),
    );
    expect((await detail('wasdal', id)).bolehCek).toBe(true);
    const noNote = await call('wasdal', 'PUT', `/api/nakes/sanggah/${id}/cek`, { version: 2, status: 'DITANDAI' });
    expect(noNote.statusCode).toBe(400);
    const bySupervisor = await call('supervisor.nakes', 'PUT', `/api/nakes/sanggah/${id}/cek`, {
      version: 2,
      status: 'DIPERIKSA',
    });
    expect(bySupervisor.statusCode).toBe(403);
    const flagged = await call('wasdal', 'PUT', `/api/nakes/sanggah/${id}/cek`, {
      version: 2,
      status: 'DITANDAI',
      catatan: 'Alasan penolakan tidak menanggapi dokumen.',
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().version).toBe(3);
    const list = await call('wasdal', 'POST', '/api/nakes/sanggah/filter', listBody({ cek: 'DITANDAI' }));
    expect(list.json().data.map((row: { id: number; cek: string }) => [row.id, row.cek])).toEqual([[id, 'DITANDAI']]);
    const unchecked = await call('wasdal', 'POST', '/api/nakes/sanggah/filter', listBody({ cek: 'BELUM' }));
    expect(unchecked.json().recordsTotal).toBe(0);
    const d = await detail('supervisor.nakes', id);
    expect(d).toMatchObject({ cek: 'DITANDAI', cekCatatan: 'Alasan penolakan tidak menanggapi dokumen.' });
    expect(d.cekOlehNama).toBe('Teguh Santoso');
    const events = await eventsOf(pelamar.id);
    expect(events.at(-1)).toMatchObject({
      action: 'CEK_JAWABAN_SANGGAH',
      actor_username: 'wasdal',
      to_value: 'DITANDAI',
    });
  });
});

describe('the Nakes admin’s reset', () => {
  it('reopens answered objections, turns an accepted one’s MS back to TMS, and keeps the old answer', async () => {
    const [a, b, c] = [tms[0]!, tms[1]!, tms[2]!];
    const accepted = await buatSanggah(a);
    const rejected = await buatSanggah(b);
    const open = await buatSanggah(c);
    await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah/${accepted}`,
      jawab(
        1,
        a.alasan.map(() => 'DITERIMA'),
      ),
    );
    await call(
      'supervisor.nakes',
      'PUT',
      `/api/nakes/sanggah/${rejected}`,
      jawab(
        1,
        b.alasan.map(() => 'DITOLAK'),
      ),
    );
    await call('wasdal', 'PUT', `/api/nakes/sanggah/${rejected}/cek`, { version: 2, status: 'DIPERIKSA' });
    expect(await statusOf(a.id)).toBe('MS');

    const list = await call('admin.nakes', 'POST', '/api/nakes/reset-jawab-sanggah/filter', listBody());
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([accepted, rejected]);
    expect(list.json().summaries.map((s: { status: string }) => s.status)).toEqual(['DITERIMA', 'DITOLAK']);
    expect((await detail('admin.nakes', accepted, 'reset-jawab-sanggah')).bolehReset).toBe(true);
    expect((await call('admin.nakes', 'GET', `/api/nakes/reset-jawab-sanggah/${open}`)).statusCode).toBe(404);

    const [tmsBefore, msBefore] = [await counter('TMS'), await counter('MS')];
    const noReason = await call('admin.nakes', 'PUT', '/api/nakes/reset-jawab-sanggah/updateStatus', {
      ids: [accepted],
      status: 'DIAJUKAN',
      alasan: '',
    });
    expect(noReason.statusCode).toBe(400);
    const res = await call('admin.nakes', 'PUT', '/api/nakes/reset-jawab-sanggah/updateStatus', {
      ids: [accepted, rejected, open],
      status: 'DIAJUKAN',
      alasan: 'Jawaban perlu ditinjau ulang atas permintaan BKN.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: accepted, ok: true },
      { id: rejected, ok: true },
      expect.objectContaining({ id: open, ok: false, error: 'BELUM_DIJAWAB' }),
    ]);
    expect(await statusOf(a.id)).toBe('TMS');
    expect([await counter('TMS'), await counter('MS')]).toEqual([tmsBefore + 1, msBefore - 1]);
    const reopened = await detail('supervisor.nakes', rejected);
    expect(reopened).toMatchObject({ status: 'DIAJUKAN', cek: null, dijawabAt: null, bolehJawab: true });
    expect(reopened.butir.every((item: { jawaban: unknown }) => item.jawaban === null)).toBe(true);
    const events = await eventsOf(a.id);
    const resetEvent = events.find((event) => event.action === 'RESET_JAWABAN_SANGGAH');
    expect(resetEvent).toMatchObject({
      actor_username: 'admin.nakes',
      from_value: 'DITERIMA',
      to_value: 'DIAJUKAN',
      reason: 'Jawaban perlu ditinjau ulang atas permintaan BKN.',
    });
    const details = (
      typeof resetEvent?.details === 'string' ? JSON.parse(resetEvent.details) : resetEvent?.details
    ) as {
      jawabanLama: { jawaban: string }[];
    };
    expect(details.jawabanLama[0]?.jawaban).toBe('DITERIMA');
    expect(events.some((event) => event.action === 'RESET_SANGGAH' && event.to_value === 'TMS')).toBe(true);

    // The supervisor has no reset page, other tracks have no reset, and the window holds.
    const bySupervisor = await call('supervisor.nakes', 'PUT', '/api/nakes/reset-jawab-sanggah/updateStatus', {
      ids: [accepted],
      status: 'DIAJUKAN',
      alasan: 'Tidak berhak mereset.',
    });
    expect(bySupervisor.statusCode).toBe(403);
    expect((await call('admin.cpns', 'POST', '/api/cpns/reset-jawab-sanggah/filter', listBody())).statusCode).toBe(404);
    await setWindow(false);
    const closed = await call('admin.nakes', 'PUT', '/api/nakes/reset-jawab-sanggah/updateStatus', {
      ids: [accepted],
      status: 'DIAJUKAN',
      alasan: 'Di luar jadwal jawab sanggah.',
    });
    expect(closed.statusCode).toBe(403);
  });
});
