// Verification and supervision (issue #4) against a real database: the state machine by role,
// claim exclusivity under concurrency, optimistic-concurrency conflicts, window and lock
// refusals, bulk review with partial failure, counters and the audit trail.

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
import { rollUpStatusCounts } from './service.js';

const RAJA_AMPAT = 8;
let ctx: TestContext;
let client: TestClient;
let filesDir: string;
const tokens = new Map<string, string>();

async function tokenOf(username: string, password = DEMO_PASSWORD): Promise<string> {
  const known = tokens.get(username);
  if (known) return known;
  const token = await client.loginToken(username, password);
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

const listBody = { filter: {}, paginator: { page: 1, pageSize: 100 }, sorting: { column: 'id', direction: 'asc' } };

async function detail(username: string, track: string, list: string, id: number) {
  const res = await call(username, 'GET', `/api/${track}/${list}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every document sesuai, as the verifier's form sends it. */
async function allSesuai(username: string, track: string, id: number) {
  const d = await detail(username, track, 'verifikator', id);
  return {
    version: d.verifikasi.version as number,
    cekDokumen: (d.dokumen as { id: number }[]).map((doc) => ({ dokumenId: doc.id, sesuai: true, alasan: null })),
  };
}

async function claimNext(username: string, track = 'cpns', kecuali: number[] = []) {
  return call(username, 'POST', `/api/${track}/verifikator/ambil`, { kecuali });
}

async function decide(username: string, id: number, body: Record<string, unknown>, track = 'cpns') {
  return call(username, 'PUT', `/api/${track}/verifikator/${id}`, body);
}

async function lastAuditId(): Promise<number> {
  const row = await ctx.db
    .selectFrom('audit_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function reset() {
  await sql`TRUNCATE final_verifikasi`.execute(ctx.db);
  await ctx.db
    .updateTable('pelamar')
    .set({
      status_verifikasi: 'BELUM',
      verifikator_id: null,
      tgl_verifikasi: null,
      status_supervisi: null,
      supervisor_id: null,
      tgl_supervisi: null,
      klaim_oleh: null,
      klaim_at: null,
      cek_dokumen: null,
      alasan_tms: null,
      catatan_verifikasi: null,
      catatan_supervisi: null,
    })
    .where('instansi_id', '=', RAJA_AMPAT)
    .execute();
  await ctx.db
    .updateTable('jadwal_tahap')
    .set({ mulai: sql`now() - interval '1 day'`, selesai: sql`now() + interval '30 days'` })
    .where('tahap', '=', 'VERIFIKASI')
    .execute();
  await sql`DELETE FROM pelamar_status_delta`.execute(ctx.db);
  await sql`DELETE FROM pelamar_status_count`.execute(ctx.db);
  await sql`INSERT INTO pelamar_status_count SELECT instansi_id, track, status_verifikasi, count(*) FROM pelamar GROUP BY 1, 2, 3`.execute(
    ctx.db,
  );
}

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'berkas-'));
  ctx = await createTestApp({ loginRateLimitPerMinute: 10_000, filesDir });
  client = new TestClient(ctx.app);
  await seedAccounts(ctx.db);
  await seedApplicants(ctx.db, new FolderBerkasStore(filesDir), {
    seed: 5,
    withDocuments: true,
    blocks: [
      { instansiId: RAJA_AMPAT, track: 'cpns', applicants: 40, undecided: true },
      { instansiId: RAJA_AMPAT, track: 'nakes', applicants: 4, undecided: true },
      { instansiId: 3, track: 'cpns', applicants: 5 },
    ],
  });
}, 60_000);

afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

beforeEach(reset);

describe('claims', () => {
  it('claims the first registered waiting applicant, keeps returning it until decided, then the next', async () => {
    const first = await claimNext('verifikator.rajaampat');
    expect(first.statusCode, first.body).toBe(200);
    const again = await claimNext('verifikator.rajaampat');
    expect(again.json().id).toBe(first.json().id);
    // Asked for another one (prefetching the next), it claims a second.
    const second = await claimNext('verifikator.rajaampat', 'cpns', [first.json().id]);
    // First registered, first verified.
    const order = await ctx.db
      .selectFrom('pelamar')
      .where('instansi_id', '=', RAJA_AMPAT)
      .where('track', '=', 'cpns')
      .select('id')
      .orderBy('tgl_daftar')
      .orderBy('id')
      .limit(2)
      .execute();
    expect([first.json().id, second.json().id]).toEqual(order.map((row) => Number(row.id)));
    const queue = await call('verifikator.rajaampat', 'POST', '/api/cpns/verifikator/filter', listBody);
    const held = queue.json().data.filter((row: { klaimSaya: boolean }) => row.klaimSaya);
    expect(held.map((row: { id: number }) => row.id).sort()).toEqual([first.json().id, second.json().id].sort());
  });

  it('never gives one applicant to two verifiers, however many claim at once', async () => {
    const verifiers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        createUser(ctx.db, {
          username: `verifikator.paralel${index}`,
          instansiId: RAJA_AMPAT,
          roles: ['ROLE_VERIFIKATOR_CPNS'],
          flags: { isCpns: true },
        }),
      ),
    );
    for (const verifier of verifiers) await tokenOf(verifier.username, verifier.password);
    // Three rounds of everyone claiming at once: 36 claims over 40 applicants.
    const claimed: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        verifiers.map((verifier, index) =>
          claimNext(
            verifier.username,
            'cpns',
            claimed.filter((_, position) => position % verifiers.length === index),
          ),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        claimed.push(answer.json().id);
      }
    }
    expect(new Set(claimed).size).toBe(36);
    const holders = await ctx.db
      .selectFrom('pelamar')
      .where('instansi_id', '=', RAJA_AMPAT)
      .where('klaim_oleh', 'is not', null)
      .select(['id', 'klaim_oleh'])
      .execute();
    expect(holders.length).toBe(36);
    await ctx.db
      .deleteFrom('app_user')
      .where('username', 'like', 'verifikator.paralel%')
      .execute()
      .catch(() => undefined);
  });

  it('refuses someone else’s applicant until the claim lapses', async () => {
    const mine = (await claimNext('verifikator.rajaampat')).json().id as number;
    const other = await createUser(ctx.db, {
      instansiId: RAJA_AMPAT,
      roles: ['ROLE_VERIFIKATOR_CPNS'],
      flags: { isCpns: true },
    });
    const otherToken = await client.loginToken(other.username, other.password);
    const taken = await client.request({
      method: 'POST',
      url: `/api/cpns/verifikator/${mine}/ambil`,
      token: otherToken,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'SEDANG_DIKERJAKAN',
      message: expect.stringContaining('Yohana Mambraku'),
    });
    // Someone else's claim is not in the other verifier's queue.
    const queue = await client.request({
      method: 'POST',
      url: '/api/cpns/verifikator/filter',
      token: otherToken,
      payload: listBody,
    });
    expect(queue.json().data.map((row: { id: number }) => row.id)).not.toContain(mine);
    expect(queue.json().recordsTotal).toBe(39);
    await ctx.db
      .updateTable('pelamar')
      .set({ klaim_at: sql`now() - interval '31 minutes'` })
      .where('id', '=', mine)
      .execute();
    const lapsed = await client.request({
      method: 'POST',
      url: `/api/cpns/verifikator/${mine}/ambil`,
      token: otherToken,
    });
    expect(lapsed.statusCode, lapsed.body).toBe(200);
    const late = await decide('verifikator.rajaampat', mine, {
      ...(await allSesuai('verifikator.rajaampat', 'cpns', mine)),
      statusVerifikasi: 'MS',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('SEDANG_DIKERJAKAN');
  });

  it('answers 404 with an Indonesian message when the queue is empty', async () => {
    await ctx.db
      .updateTable('pelamar')
      .set({ status_verifikasi: 'MS' })
      .where('instansi_id', '=', RAJA_AMPAT)
      .where('track', '=', 'nakes')
      .execute();
    const res = await claimNext('verifikator.rajaampat', 'nakes');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      error: 'ANTRIAN_KOSONG',
      message: 'Tidak ada lagi pelamar yang menunggu verifikasi.',
    });
  });
});

describe('the verifier’s decision', () => {
  it('saves MS with every document sesuai, counts it and writes the audit trail', async () => {
    const since = await lastAuditId();
    const id = (await claimNext('verifikator.rajaampat')).json().id as number;
    const form = await allSesuai('verifikator.rajaampat', 'cpns', id);
    const res = await decide('verifikator.rajaampat', id, { ...form, statusVerifikasi: 'MS' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(form.version + 1);
    const row = await ctx.db.selectFrom('pelamar').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status_verifikasi: 'MS', klaim_oleh: null, status_supervisi: null });
    // Counters: live deltas before the roll-up, the same after it.
    const summaries = async () =>
      (await call('admin.rajaampat', 'POST', '/api/cpns/admin/filter', listBody)).json().summaries;
    const before = await summaries();
    expect(before).toEqual([
      { statusVerifikasi: 'BELUM', jumlah: 39 },
      { statusVerifikasi: 'MS', jumlah: 1 },
      { statusVerifikasi: 'TMS', jumlah: 0 },
    ]);
    await rollUpStatusCounts(ctx.db);
    expect(await summaries()).toEqual(before);
    const events = await ctx.db
      .selectFrom('audit_event')
      .where('entity', '=', 'pelamar')
      .where('entity_id', '=', String(id))
      .where('id', '>', String(since))
      .select(['action', 'from_value', 'to_value', 'actor_username'])
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.action)).toEqual([
      'KLAIM',
      ...form.cekDokumen.map(() => 'CEK_DOKUMEN'),
      'VERIFIKASI',
    ]);
    expect(events.at(-1)).toMatchObject({
      from_value: 'BELUM',
      to_value: 'MS',
      actor_username: 'verifikator.rajaampat',
    });
  });

  it('refuses bad decisions with 400 naming the field', async () => {
    const id = (await claimNext('verifikator.rajaampat')).json().id as number;
    const form = await allSesuai('verifikator.rajaampat', 'cpns', id);
    const noReason = await decide('verifikator.rajaampat', id, { ...form, statusVerifikasi: 'TMS' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('alasanTms');
    const badReason = await decide('verifikator.rajaampat', id, {
      ...form,
      statusVerifikasi: 'TMS',
      alasanTms: ['LAINNYA'],
    });
    expect(badReason.statusCode).toBe(400);
    const [firstDoc, ...rest] = form.cekDokumen;
    const notSesuai = [{ ...firstDoc, sesuai: false, alasan: null }, ...rest];
    const noDocReason = await decide('verifikator.rajaampat', id, {
      ...form,
      cekDokumen: notSesuai,
      statusVerifikasi: 'TMS',
      alasanTms: ['DOKUMEN_TIDAK_TERBACA'],
    });
    expect(noDocReason.statusCode).toBe(400);
    expect(noDocReason.json().message).toContain('alasan');
    const msWithBadDoc = await decide('verifikator.rajaampat', id, {
      ...form,
      cekDokumen: [{ ...firstDoc, sesuai: false, alasan: 'Buram' }, ...rest],
      statusVerifikasi: 'MS',
    });
    expect(msWithBadDoc.statusCode).toBe(400);
    const msUnchecked = await decide('verifikator.rajaampat', id, {
      ...form,
      cekDokumen: rest,
      statusVerifikasi: 'MS',
    });
    expect(msUnchecked.statusCode).toBe(400);
    const tms = await decide('verifikator.rajaampat', id, {
      ...form,
      cekDokumen: [{ ...firstDoc, sesuai: false, alasan: 'Ijazah buram' }],
      statusVerifikasi: 'TMS',
      alasanTms: ['DOKUMEN_TIDAK_TERBACA'],
      catatan: 'Unggahan ijazah tidak terbaca',
    });
    expect(tms.statusCode, tms.body).toBe(200);
  });

  it('refuses a decision without the claim, on a stale version, or twice', async () => {
    const unclaimed = await ctx.db
      .selectFrom('pelamar')
      .where('instansi_id', '=', RAJA_AMPAT)
      .where('track', '=', 'cpns')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const id0 = Number(unclaimed.id);
    const without = await decide('verifikator.rajaampat', id0, {
      ...(await allSesuai('verifikator.rajaampat', 'cpns', id0)),
      statusVerifikasi: 'MS',
    });
    expect(without.statusCode).toBe(409);
    expect(without.json().error).toBe('BELUM_DIAMBIL');

    const id = (await claimNext('verifikator.rajaampat')).json().id as number;
    const form = await allSesuai('verifikator.rajaampat', 'cpns', id);
    const stale = await decide('verifikator.rajaampat', id, {
      ...form,
      version: form.version + 5,
      statusVerifikasi: 'MS',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'KONFLIK_VERSI', details: { version: form.version } });
    expect((await decide('verifikator.rajaampat', id, { ...form, statusVerifikasi: 'MS' })).statusCode).toBe(200);
    const twice = await decide('verifikator.rajaampat', id, {
      ...form,
      version: form.version + 1,
      statusVerifikasi: 'TMS',
      alasanTms: ['USIA'],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('SUDAH_DIVERIFIKASI');
  });

  it('takes one of the same decision sent several times at once (two tabs, a double click)', async () => {
    const since = await lastAuditId();
    const deltasSince = Number(
      (await sql<{ id: string | null }>`SELECT max(id) AS id FROM pelamar_supervisi_delta`.execute(ctx.db)).rows[0]
        ?.id ?? 0,
    );
    const id = (await claimNext('verifikator.rajaampat')).json().id as number;
    const form = await allSesuai('verifikator.rajaampat', 'cpns', id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => decide('verifikator.rajaampat', id, { ...form, statusVerifikasi: 'MS' })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(['SUDAH_DIVERIFIKASI', 'KONFLIK_VERSI']).toContain(res.json().error);
    }
    const events = await ctx.db
      .selectFrom('audit_event')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'VERIFIKASI')
      .where('id', '>', String(since))
      .select('id')
      .execute();
    expect(events).toHaveLength(1);
    const { summaries } = (await call('admin.rajaampat', 'POST', '/api/cpns/admin/filter', listBody)).json();
    expect(summaries).toEqual([
      { statusVerifikasi: 'BELUM', jumlah: 39 },
      { statusVerifikasi: 'MS', jumlah: 1 },
      { statusVerifikasi: 'TMS', jumlah: 0 },
    ]);
    // One decision awaiting review in the supervision counters' deltas, too.
    const supervisi = await sql<{ status_supervisi: string; delta: number }>`
      SELECT status_supervisi, delta FROM pelamar_supervisi_delta WHERE id > ${deltasSince}`.execute(ctx.db);
    expect(supervisi.rows).toEqual([{ status_supervisi: 'MENUNGGU', delta: 1 }]);
  });

  it('refuses outside the verification window', async () => {
    const id = (await claimNext('verifikator.rajaampat')).json().id as number;
    const form = await allSesuai('verifikator.rajaampat', 'cpns', id);
    await ctx.db
      .updateTable('jadwal_tahap')
      .set({ mulai: sql`now() - interval '30 days'`, selesai: sql`now() - interval '1 day'` })
      .where('track', '=', 'cpns')
      .where('tahap', '=', 'VERIFIKASI')
      .execute();
    for (const res of [
      await decide('verifikator.rajaampat', id, { ...form, statusVerifikasi: 'MS' }),
      await claimNext('verifikator.rajaampat'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: 'DI_LUAR_JADWAL',
        message: expect.stringContaining('Di luar jadwal verifikasi CPNS'),
      });
    }
  });
});

/** One applicant decided by the demo verifier; returns its id. */
async function decided(status: 'MS' | 'TMS' = 'MS', track = 'cpns'): Promise<number> {
  const id = (await claimNext('verifikator.rajaampat', track)).json().id as number;
  const form = await allSesuai('verifikator.rajaampat', track, id);
  const res = await decide(
    'verifikator.rajaampat',
    id,
    { ...form, statusVerifikasi: status, alasanTms: status === 'TMS' ? ['PENDIDIKAN'] : [] },
    track,
  );
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe('supervision', () => {
  it('returns a decision with a note to its verifier, who decides again; then agrees', async () => {
    const id = await decided('TMS');
    const queue = await call('supervisor.rajaampat', 'POST', '/api/cpns/supervisor/filter', listBody);
    expect(queue.json().data.map((row: { id: number }) => row.id)).toEqual([id]);
    expect(queue.json().data[0].alasanTms).toEqual(['PENDIDIKAN']);
    const seen = await detail('supervisor.rajaampat', 'cpns', 'supervisor', id);
    expect(seen.verifikasi.cekDokumen.length).toBe(seen.dokumen.length);

    const noNote = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: seen.verifikasi.version,
      statusSupervisi: 'DIKEMBALIKAN',
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toContain('catatan');
    const back = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: seen.verifikasi.version,
      statusSupervisi: 'DIKEMBALIKAN',
      catatan: 'Prodi sesuai formasi, periksa ulang',
    });
    expect(back.statusCode, back.body).toBe(200);
    // Back in the verifier's queue and hands, with the note.
    const verifierQueue = await call('verifikator.rajaampat', 'POST', '/api/cpns/verifikator/filter', listBody);
    expect(verifierQueue.json().data.find((row: { id: number }) => row.id === id)).toMatchObject({
      klaimSaya: true,
      statusSupervisi: 'DIKEMBALIKAN',
    });
    expect((await claimNext('verifikator.rajaampat')).json().id).toBe(id);
    const again = await detail('verifikator.rajaampat', 'cpns', 'verifikator', id);
    expect(again.verifikasi.catatanSupervisi).toBe('Prodi sesuai formasi, periksa ulang');
    const fixed = await decide('verifikator.rajaampat', id, {
      ...(await allSesuai('verifikator.rajaampat', 'cpns', id)),
      statusVerifikasi: 'MS',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);

    const stale = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: seen.verifikasi.version,
      statusSupervisi: 'DISETUJUI',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('KONFLIK_VERSI');
    const agree = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: fixed.json().version,
      statusSupervisi: 'DISETUJUI',
    });
    expect(agree.statusCode, agree.body).toBe(200);
    const done = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: agree.json().version,
      statusSupervisi: 'DIKEMBALIKAN',
      catatan: 'x',
    });
    expect(done.statusCode).toBe(409);
    expect(done.json().error).toBe('SUDAH_DISUPERVISI');
    const recap = await call('supervisor.rajaampat', 'POST', '/api/cpns/my-supervisi/filter', listBody);
    expect(recap.json().data.map((row: { id: number }) => row.id)).toEqual([id]);

    // The audit trail, shown to supervisors and admins, not to verifiers.
    const history = (await detail('admin.rajaampat', 'cpns', 'admin', id)).verifikasi.riwayat as {
      aksi: string;
      ke: string;
      at: string;
    }[];
    // The trail is append-only: earlier tests' events on the same row stay before ours.
    expect(
      history
        .filter((event) => event.aksi !== 'CEK_DOKUMEN')
        .slice(-5)
        .map((event) => `${event.aksi}:${event.ke}`),
    ).toEqual([
      'KLAIM:verifikator.rajaampat',
      'VERIFIKASI:TMS',
      'SUPERVISI:DIKEMBALIKAN',
      'VERIFIKASI:MS',
      'SUPERVISI:DISETUJUI',
    ]);
    expect((await detail('verifikator.rajaampat', 'cpns', 'verifikator', id)).verifikasi.riwayat).toBeNull();
  });

  it('agrees in bulk, reporting the ids it could not agree to', async () => {
    const a = await decided('MS');
    const b = await decided('TMS');
    const waiting = await ctx.db
      .selectFrom('pelamar')
      .where('instansi_id', '=', RAJA_AMPAT)
      .where('status_verifikasi', '=', 'BELUM')
      .select('id')
      .executeTakeFirstOrThrow();
    const res = await call('supervisor.rajaampat', 'PUT', '/api/cpns/supervisor/updateStatus', {
      ids: [a, b, Number(waiting.id), 999999],
      status: 'DISETUJUI',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: a, ok: true },
      { id: b, ok: true },
      { id: Number(waiting.id), ok: false, error: 'BELUM_DIVERIFIKASI', message: 'Pelamar ini belum diverifikasi.' },
      { id: 999999, ok: false, error: 'NOT_FOUND', message: 'Data pelamar tidak ditemukan.' },
    ]);
    const bad = await call('supervisor.rajaampat', 'PUT', '/api/cpns/supervisor/updateStatus', {
      ids: [a],
      status: 'DIKEMBALIKAN',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a supervisor reviewing their own decision', async () => {
    const both = await createUser(ctx.db, {
      instansiId: RAJA_AMPAT,
      roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_CPNS'],
      flags: { isCpns: true },
    });
    const token = await client.loginToken(both.username, both.password);
    const id = (await client.request({ method: 'POST', url: '/api/cpns/verifikator/ambil', token, payload: {} })).json()
      .id;
    const d = (await client.request({ method: 'GET', url: `/api/cpns/verifikator/${id}`, token })).json();
    const cekDokumen = d.dokumen.map((doc: { id: number }) => ({ dokumenId: doc.id, sesuai: true, alasan: null }));
    const put = await client.request({
      method: 'PUT',
      url: `/api/cpns/verifikator/${id}`,
      token,
      payload: { version: d.verifikasi.version, statusVerifikasi: 'MS', cekDokumen },
    });
    expect(put.statusCode, put.body).toBe(200);
    const own = await client.request({
      method: 'PUT',
      url: `/api/cpns/supervisor/${id}`,
      token,
      payload: { version: put.json().version, statusSupervisi: 'DISETUJUI' },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('SUPERVISI_SENDIRI');
    const queue = await client.request({
      method: 'POST',
      url: '/api/cpns/supervisor/filter',
      token,
      payload: listBody,
    });
    expect(queue.json().data.map((row: { id: number }) => row.id)).not.toContain(id);
  });
});

describe('roles', () => {
  it('lets each action be done only by the role whose page it serves', async () => {
    const id = await decided('MS');
    const cases: [string, 'POST' | 'PUT', string, unknown][] = [
      ['supervisor.rajaampat', 'POST', '/api/cpns/verifikator/ambil', {}],
      ['admin.rajaampat', 'PUT', `/api/cpns/verifikator/${id}`, { version: 1, statusVerifikasi: 'MS', cekDokumen: [] }],
      ['verifikator.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, { version: 2, statusSupervisi: 'DISETUJUI' }],
      ['verifikator.rajaampat', 'PUT', '/api/cpns/supervisor/updateStatus', { ids: [id], status: 'DISETUJUI' }],
      ['supervisor.rajaampat', 'PUT', '/api/cpns/admin/final-verifikasi', { konfirmasi: true }],
      ['monitor.cpns', 'PUT', '/api/cpns/admin/final-verifikasi', { konfirmasi: true }],
      ['verifikator.cpns', 'PUT', `/api/cpns/supervisor/${id}`, { version: 2, statusSupervisi: 'DISETUJUI' }],
    ];
    for (const [username, method, url, payload] of cases) {
      const res = await call(username, method, url, payload);
      expect(`${username} ${method} ${url} ${res.statusCode}`).toBe(`${username} ${method} ${url} 403`);
    }
    // Another instansi's supervisor cannot see it (scope): not found rather than forbidden.
    const other = await call('supervisor.cpns', 'PUT', `/api/cpns/supervisor/${id}`, {
      version: 2,
      statusSupervisi: 'DISETUJUI',
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('final verification', () => {
  it('is refused with the counts while work remains, then locks every decision', async () => {
    const status = await call('admin.rajaampat', 'GET', '/api/nakes/admin/final-verifikasi');
    expect(status.json()).toMatchObject({ terkunci: false, belumDiverifikasi: 4, belumDisupervisi: 0 });
    const early = await call('admin.rajaampat', 'PUT', '/api/nakes/admin/final-verifikasi', { konfirmasi: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'BELUM_SELESAI', details: { belumDiverifikasi: 4 } });
    expect(early.json().message).toContain('4 pelamar belum diverifikasi');

    const ids = [];
    for (let index = 0; index < 4; index += 1) ids.push(await decided(index === 0 ? 'TMS' : 'MS', 'nakes'));
    const halfway = await call('admin.rajaampat', 'PUT', '/api/nakes/admin/final-verifikasi', { konfirmasi: true });
    expect(halfway.json()).toMatchObject({
      error: 'BELUM_SELESAI',
      details: { belumDiverifikasi: 0, belumDisupervisi: 4 },
    });
    const agreed = await call('supervisor.rajaampat', 'PUT', '/api/nakes/supervisor/updateStatus', {
      ids,
      status: 'DISETUJUI',
    });
    expect(agreed.json().every((result: { ok: boolean }) => result.ok)).toBe(true);

    const locked = await call('admin.rajaampat', 'PUT', '/api/nakes/admin/final-verifikasi', { konfirmasi: true });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({
      terkunci: true,
      dikunciOleh: 'Fransiska Wanma',
      belumDiverifikasi: 0,
      belumDisupervisi: 0,
    });
    const twice = await call('admin.rajaampat', 'PUT', '/api/nakes/admin/final-verifikasi', { konfirmasi: true });
    expect(twice.json().error).toBe('SUDAH_FINAL');
    const review = await call('supervisor.rajaampat', 'PUT', '/api/nakes/supervisor/updateStatus', {
      ids,
      status: 'DISETUJUI',
    });
    expect(review.statusCode).toBe(409);
    expect(review.json().error).toBe('SUDAH_FINAL');
    const claim = await claimNext('verifikator.rajaampat', 'nakes');
    expect(claim.statusCode).toBe(409);
    expect(claim.json().error).toBe('SUDAH_FINAL');
    const audit = await ctx.db
      .selectFrom('audit_event')
      .where('action', '=', 'FINAL_VERIFIKASI')
      .select(['entity_id', 'actor_username'])
      .execute();
    expect(audit).toEqual([{ entity_id: `${RAJA_AMPAT}:nakes`, actor_username: 'admin.rajaampat' }]);
    // The other track of the instansi is not locked.
    expect((await claimNext('verifikator.rajaampat', 'cpns')).statusCode).toBe(200);
  });
});

describe('the verifier’s recap', () => {
  it('lists my decisions and counts them per day', async () => {
    await decided('MS');
    await decided('TMS');
    const recap = await call(
      'verifikator.rajaampat',
      'POST',
      '/api/cpns/verifikator/filter?mode=my-verifier',
      listBody,
    );
    expect(recap.json().recordsTotal).toBe(2);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    const byDate = await call('verifikator.rajaampat', 'POST', '/api/cpns/verifikator/filter?mode=my-verifier', {
      ...listBody,
      filter: { tglVerifikasiDari: today, tglVerifikasiSampai: today, statusVerifikasi: 'TMS' },
    });
    expect(byDate.json().recordsTotal).toBe(1);
    const perDay = await call('verifikator.rajaampat', 'GET', '/api/cpns/verifikator/harian?mode=my-verifier');
    expect(perDay.statusCode, perDay.body).toBe(200);
    expect(perDay.json()).toEqual([{ tanggal: today, ms: 1, tms: 1 }]);
    // The recap downloads as the verifier sees it: only their decisions; the queue itself does not.
    const exportBody = { format: 'csv', filter: {}, sorting: { column: 'id', direction: 'asc' }, searchTerm: '' };
    const csv = await call(
      'verifikator.rajaampat',
      'POST',
      '/api/cpns/verifikator/export?mode=my-verifier',
      exportBody,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="rekap-verifikasi-cpns-\d{8}\.csv"/);
    const noPeserta = recap.json().data.map((row: { noPeserta: string }) => row.noPeserta);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(lines.map((line) => line.split(';')[0]).sort()).toEqual([...noPeserta].sort());
    const queueExport = await call('verifikator.rajaampat', 'POST', '/api/cpns/verifikator/export', exportBody);
    expect(queueExport.statusCode).toBe(404);
    const forbiddenRecap = await call(
      'supervisor.rajaampat',
      'POST',
      '/api/cpns/verifikator/filter?mode=my-verifier',
      listBody,
    );
    expect(forbiddenRecap.statusCode).toBe(403);
  });
});
