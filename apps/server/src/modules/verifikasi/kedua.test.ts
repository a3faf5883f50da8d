// Issue #34, the blind second verification: a sampled decision goes to a second verifier of the
// same instansi and track, never the first; that verifier sees nothing of the first decision
// through any endpoint they can call; agreement goes on to the supervisor as before, disagreement
// shows both decisions to the supervisor, who chooses or returns to either verifier; approval
// (one or bulk) waits for the second verification.

import { DEMO_PASSWORD } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RAJA_AMPAT, useVerifikasiFixture } from './fixture.js';

const { api, call, detail, allSesuai, decide, putusSebagai: putus } = useVerifikasiFixture();

const V1 = 'verifikator.rajaampat';
const V2 = 'verifikator2.rajaampat';
const SUPERVISOR = 'supervisor.rajaampat';
const CATATAN = 'Catatan-rahasia-verifikator-pertama';

const rate = (persen: number, track = 'cpns') =>
  call('superadmin', 'PUT', '/api/admin/sampel-verifikasi', { track, persen });

const userId = async (username: string) =>
  (await api.ctx.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

const fullname = async (username: string) =>
  (
    await api.ctx.db
      .selectFrom('app_user')
      .select('fullname')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).fullname;

const pelamar = (id: number) =>
  api.ctx.db
    .selectFrom('pelamar')
    .select(['status_verifikasi', 'verifikator_id', 'kedua_dari', 'kedua_sepakat', 'klaim_oleh', 'alasan_tms'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A waiting Raja Ampat CPNS applicant nobody holds. */
async function waiting(skip: number[] = []): Promise<number> {
  const row = await api.ctx.db
    .selectFrom('pelamar')
    .select('id')
    .where('instansi_id', '=', RAJA_AMPAT)
    .where('track', '=', 'cpns')
    .where('status_verifikasi', '=', 'BELUM')
    .where('kedua_dari', 'is', null)
    .where('klaim_oleh', 'is', null)
    .where('id', 'not in', skip.length ? skip : [0])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const statusCounters = async () =>
  (
    await sql<{ status: string; n: string }>`
      SELECT status, sum(jumlah)::text AS n FROM (
        SELECT status_verifikasi AS status, jumlah FROM pelamar_status_count WHERE instansi_id = ${RAJA_AMPAT} AND track = 'cpns'
        UNION ALL
        SELECT status_verifikasi, delta FROM pelamar_status_delta WHERE instansi_id = ${RAJA_AMPAT} AND track = 'cpns'
      ) c GROUP BY status ORDER BY status`.execute(api.ctx.db)
  ).rows;

beforeAll(async () => {
  // A second verifier of Raja Ampat's CPNS is a demo account; check it signs in like the first.
  const login = await api.client.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: V2, password: DEMO_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
});

beforeEach(async () => {
  expect((await rate(100)).statusCode).toBe(200);
  // Each test reads the records of its own decisions (the fixture makes every applicant wait again).
  await sql`DELETE FROM keputusan_verifikasi WHERE instansi_id = ${RAJA_AMPAT}`.execute(api.ctx.db);
  await sql`DELETE FROM verifikasi_kedua`.execute(api.ctx.db);
});

describe('the blind second verification (issue #34)', () => {
  it('holds a sampled decision apart, gives it to a colleague and never back to its verifier', async () => {
    const id = await waiting();
    const before = await statusCounters();
    await putus(V1, id, 'TMS', ['PENDIDIKAN'], CATATAN);
    // The applicant still waits; nothing counted; the first verifier is named only as such.
    expect(await pelamar(id)).toMatchObject({
      status_verifikasi: 'BELUM',
      verifikator_id: null,
      kedua_dari: await userId(V1),
      klaim_oleh: null,
    });
    expect(await statusCounters()).toEqual(before);
    const held = await api.ctx.db
      .selectFrom('verifikasi_kedua')
      .selectAll()
      .where('pelamar_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(held).toMatchObject({ pertama_hasil: 'TMS', pertama_alasan: ['PENDIDIKAN'], pertama_catatan: CATATAN });
    expect(held.kedua_hasil).toBeNull();

    // The first verifier can neither take it again nor be given it by "next".
    const again = await call(V1, 'POST', `/api/cpns/verifikator/${id}/ambil`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('VERIFIKASI_KEDUA_SENDIRI');
    // Every other waiting applicant held by the supervisor's account: the queue then has only this one.
    await api.ctx.db
      .updateTable('pelamar')
      .set({ klaim_oleh: await userId(SUPERVISOR), klaim_at: sql`now()` })
      .where('instansi_id', '=', RAJA_AMPAT)
      .where('track', '=', 'cpns')
      .where('status_verifikasi', '=', 'BELUM')
      .where('id', '<>', id)
      .execute();
    const next = await call(V1, 'POST', '/api/cpns/verifikator/ambil', { kecuali: [] });
    expect(next.statusCode, next.body).toBe(404);
    // Their list says the decision is being checked.
    const mine = await call(V1, 'POST', '/api/cpns/verifikator/filter', {
      filter: { statusVerifikasi: 'BELUM' },
      paginator: { page: 1, pageSize: 100 },
    });
    expect(mine.json().data.find((r: { id: number }) => r.id === id)?.verifikasiKedua).toBe('KEPUTUSAN_SAYA');

    // The colleague's "next" reaches it.
    const second = await call(V2, 'POST', '/api/cpns/verifikator/ambil', { kecuali: [] });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().id).toBe(id);
  });

  it("counts a held decision among its verifier's own: today, all of them, per day and on the dashboard", async () => {
    const id = await waiting();
    const mineToday = async () => {
      const dashboard = await call(V1, 'GET', '/api/dashboard');
      const cpns = dashboard.json().sections.find((section: { track: string }) => section.track === 'cpns');
      return cpns.cards.find((card: { key: string }) => card.key === 'diputusHariIni').value as number;
    };
    const harian = async () => {
      const res = await call(V1, 'GET', '/api/cpns/verifikator/harian?mode=my-verifier');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { tanggal: string; ms: number; tms: number }[];
    };
    const own = async (username: string, kerjaSaya: string) =>
      (
        await call(username, 'POST', '/api/cpns/verifikator/filter', {
          filter: { kerjaSaya },
          paginator: { page: 1, pageSize: 100 },
        })
      )
        .json()
        .data.map((r: { id: number }) => r.id);
    const before = { today: await mineToday(), harian: await harian() };
    await putus(V1, id, 'TMS', ['PENDIDIKAN'], CATATAN);
    expect(await own(V1, 'hari-ini')).toContain(id);
    expect(await own(V1, 'semua')).toContain(id);
    expect(await mineToday()).toBe(before.today + 1);
    const [today] = await harian();
    const was = before.harian.find((day) => day.tanggal === today?.tanggal) ?? { ms: 0, tms: 0 };
    expect(today).toMatchObject({ ms: was.ms, tms: was.tms + 1 });
    // Not the colleague's: they have not decided it.
    expect(await own(V2, 'semua')).not.toContain(id);
    expect(await own(V2, 'hari-ini')).not.toContain(id);
    // Verified again, it is counted once, still the first verifier's and on the same day.
    await putus(V2, id, 'TMS', ['PENDIDIKAN']);
    expect(await own(V1, 'hari-ini')).toContain(id);
    expect(await own(V2, 'semua')).not.toContain(id);
    expect(await mineToday()).toBe(before.today + 1);
    expect((await harian())[0]).toMatchObject({ tanggal: today?.tanggal, tms: was.tms + 1 });
  });

  it('shows the second verifier nothing of the first decision, through every endpoint they can call', async () => {
    const id = await waiting();
    await putus(V1, id, 'TMS', ['PENDIDIKAN'], CATATAN);
    const secrets = [await fullname(V1), CATATAN, 'PENDIDIKAN', V1];
    const answers: [string, string][] = [];
    const record = async (label: string, res: { statusCode: number; body: string }) => {
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
      answers.push([label, res.body]);
      return label.startsWith('unduh') ? res.body : JSON.parse(res.body);
    };
    const list = (filter: Record<string, unknown>, query = '') =>
      call(V2, 'POST', `/api/cpns/verifikator/filter${query}`, { filter, paginator: { page: 1, pageSize: 100 } });

    const queue = await record('antrean', await list({}));
    const row = queue.data.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      statusVerifikasi: 'BELUM',
      verifikatorNama: null,
      tglVerifikasi: null,
      alasanTms: null,
      statusSupervisi: null,
      verifikasiKedua: 'MENUNGGU',
    });
    const kedua = await record('kerjaSaya=kedua', await list({ kerjaSaya: 'kedua' }));
    expect(kedua.data.map((r: { id: number }) => r.id)).toEqual([id]);
    for (const filter of [
      { statusVerifikasi: 'BELUM' },
      { statusVerifikasi: 'TMS' },
      { statusVerifikasi: 'MS' },
      { kerjaSaya: 'semua' },
      { kerjaSaya: 'hari-ini' },
    ]) {
      const res = await list(filter);
      if (res.statusCode === 400) continue; // a filter this list does not take
      await record(`filter ${JSON.stringify(filter)}`, res);
    }
    // TMS lists do not hold it; its counts are those of a waiting applicant.
    expect((await list({ statusVerifikasi: 'TMS' })).json().data.map((r: { id: number }) => r.id)).not.toContain(id);
    await record('rekap', await list({}, '?mode=my-verifier'));
    await record(
      'unduh rekap',
      await call(V2, 'POST', '/api/cpns/verifikator/export?mode=my-verifier', {
        format: 'csv',
        sorting: { column: 'id', direction: 'asc' },
      }),
    );
    const d = await record('detail', await call(V2, 'GET', `/api/cpns/verifikator/${id}`));
    expect(d.statusVerifikasi).toBe('BELUM');
    expect(d.verifikasi).toMatchObject({
      cekDokumen: [],
      alasanTms: [],
      catatanVerifikasi: null,
      riwayat: null,
      verifikasiKedua: null,
    });
    // Claimed and opened again, as they work on it.
    await record('ambil', await call(V2, 'POST', `/api/cpns/verifikator/${id}/ambil`));
    await record('detail (diambil)', await call(V2, 'GET', `/api/cpns/verifikator/${id}`));
    await record('dashboard', await call(V2, 'GET', '/api/dashboard'));
    await record('harian', await call(V2, 'GET', '/api/cpns/verifikator/harian?mode=my-verifier'));
    const docs = (d.dokumen as { id: number }[]).slice(0, 1);
    for (const doc of docs) {
      const file = await call(V2, 'GET', `/api/cpns/verifikator/${id}/dokumen/${doc.id}`);
      expect(file.statusCode).toBe(200);
    }
    for (const [label, body] of answers) {
      for (const secret of secrets) expect(body.includes(secret), `${label} memuat ${secret}`).toBe(false);
    }
    // The dashboard counts it for them, as the list behind the tile does.
    const dashboard = await call(V2, 'GET', '/api/dashboard');
    const cpns = dashboard.json().sections.find((section: { track: string }) => section.track === 'cpns');
    expect(cpns.cards.find((card: { key: string }) => card.key === 'verifikasiKedua')).toMatchObject({
      value: 1,
      href: '/cpns/verifikasi?f.kerjaSaya=kedua',
    });
  });

  it('sends agreement on to the supervisor as before, and records both decisions', async () => {
    const id = await waiting();
    await putus(V1, id, 'TMS', ['PENDIDIKAN', 'IPK']);
    await putus(V2, id, 'TMS', ['IPK']);
    expect(await pelamar(id)).toMatchObject({
      status_verifikasi: 'TMS',
      verifikator_id: await userId(V1),
      kedua_dari: null,
      kedua_sepakat: true,
      alasan_tms: ['PENDIDIKAN', 'IPK'],
    });
    const records = await api.ctx.db
      .selectFrom('keputusan_verifikasi')
      .select(['verifikator_id', 'hasil', 'kedua', 'sampel_terpilih'])
      .where('pelamar_id', '=', id)
      .orderBy('id')
      .execute();
    expect(records).toEqual([
      { verifikator_id: await userId(V1), hasil: 'TMS', kedua: false, sampel_terpilih: true },
      { verifikator_id: await userId(V2), hasil: 'TMS', kedua: true, sampel_terpilih: false },
    ]);
    const sup = await detail(SUPERVISOR, 'cpns', 'supervisor', id);
    expect(sup.verifikasiKedua).toBe('SEPAKAT');
    expect(sup.verifikasi.verifikasiKedua).toMatchObject({
      sepakat: true,
      pertama: { verifikatorNama: await fullname(V1), statusVerifikasi: 'TMS', alasanTms: ['PENDIDIKAN', 'IPK'] },
      kedua: { verifikatorNama: await fullname(V2), statusVerifikasi: 'TMS', alasanTms: ['IPK'] },
    });
    const ok = await call(SUPERVISOR, 'PUT', `/api/cpns/supervisor/${id}`, {
      version: sup.verifikasi.version,
      statusSupervisi: 'DISETUJUI',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses approval until the second verification is in; bulk approval skips with the reason', async () => {
    const id = await waiting();
    await putus(V1, id, 'MS');
    const single = await call(SUPERVISOR, 'PUT', `/api/cpns/supervisor/${id}`, {
      version: (await detail(SUPERVISOR, 'cpns', 'supervisor', id)).verifikasi.version,
      statusSupervisi: 'DISETUJUI',
    });
    expect(single.statusCode).toBe(409);
    expect(single.json().error).toBe('MENUNGGU_VERIFIKASI_KEDUA');
    const bulk = await call(SUPERVISOR, 'PUT', '/api/cpns/supervisor/updateStatus', { ids: [id], status: 'DISETUJUI' });
    expect(bulk.json()).toEqual([{ id, ok: false, error: 'MENUNGGU_VERIFIKASI_KEDUA', message: expect.any(String) }]);
    // The supervisor's list does not offer it.
    const list = await call(SUPERVISOR, 'POST', '/api/cpns/supervisor/filter', {
      filter: {},
      paginator: { page: 1, pageSize: 100 },
    });
    expect(list.json().data.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('on disagreement shows both to the supervisor, who chooses which stands or returns it to either verifier', async () => {
    const a = await waiting();
    await putus(V1, a, 'TMS', ['PENDIDIKAN']);
    await putus(V2, a, 'MS');
    expect(await pelamar(a)).toMatchObject({ status_verifikasi: 'TMS', kedua_sepakat: false });
    const countersAfterPair = await statusCounters();
    let sup = await detail(SUPERVISOR, 'cpns', 'supervisor', a);
    expect(sup.verifikasiKedua).toBe('BERBEDA');
    expect(sup.verifikasi.verifikasiKedua).toMatchObject({
      sepakat: false,
      pertama: { statusVerifikasi: 'TMS' },
      kedua: { statusVerifikasi: 'MS', alasanTms: [] },
    });
    // Not approved blind: bulk skips it, one by one needs the choice.
    const bulk = await call(SUPERVISOR, 'PUT', '/api/cpns/supervisor/updateStatus', { ids: [a], status: 'DISETUJUI' });
    expect(bulk.json()[0]).toMatchObject({ ok: false, error: 'KEPUTUSAN_BERBEDA' });
    const blind = await call(SUPERVISOR, 'PUT', `/api/cpns/supervisor/${a}`, {
      version: sup.verifikasi.version,
      statusSupervisi: 'DISETUJUI',
    });
    expect(blind.json().error).toBe('KEPUTUSAN_BERBEDA');
    // The second verifier's MS stands: the applicant, its verifier and the counters follow.
    const chosen = await call(SUPERVISOR, 'PUT', `/api/cpns/supervisor/${a}`, {
      version: sup.verifikasi.version,
      statusSupervisi: 'DISETUJUI',
      pakai: 'KEDUA',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await pelamar(a)).toMatchObject({
      status_verifikasi: 'MS',
      verifikator_id: await userId(V2),
      alasan_tms: null,
    });
    const after = Object.fromEntries((await statusCounters()).map((r) => [r.status, Number(r.n)]));
    const pair = Object.fromEntries(countersAfterPair.map((r) => [r.status, Number(r.n)]));
    expect(after.MS).toBe((pair.MS ?? 0) + 1);
    expect(after.TMS).toBe((pair.TMS ?? 0) - 1);

    // Another pair, returned to the second verifier: theirs to decide again, with their decision on it.
    const b = await waiting([a]);
    await putus(V1, b, 'MS');
    await putus(V2, b, 'TMS', ['IPK']);
    sup = await detail(SUPERVISOR, 'cpns', 'supervisor', b);
    const back = await call(SUPERVISOR, 'PUT', `/api/cpns/supervisor/${b}`, {
      version: sup.verifikasi.version,
      statusSupervisi: 'DIKEMBALIKAN',
      catatan: 'Periksa lagi IPK pada transkrip.',
      pakai: 'KEDUA',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await pelamar(b)).toMatchObject({
      status_verifikasi: 'TMS',
      verifikator_id: await userId(V2),
      klaim_oleh: await userId(V2),
    });
    const form = await allSesuai(V2, 'cpns', b);
    const again = await decide(V2, b, { ...form, statusVerifikasi: 'MS', alasanTms: [] });
    expect(again.statusCode, again.body).toBe(200);
    // Decided again after the return: an ordinary decision for the supervisor now.
    expect(await pelamar(b)).toMatchObject({ status_verifikasi: 'MS', kedua_sepakat: null });
    sup = await detail(SUPERVISOR, 'cpns', 'supervisor', b);
    const ok = await call(SUPERVISOR, 'PUT', `/api/cpns/supervisor/${b}`, {
      version: sup.verifikasi.version,
      statusSupervisi: 'DISETUJUI',
    });
    expect(ok.statusCode, ok.body).toBe(200);

    // A choice on an applicant with no second verification is refused in words.
    expect((await rate(0)).statusCode).toBe(200);
    const c = await waiting([a, b]);
    await putus(V1, c, 'MS');
    sup = await detail(SUPERVISOR, 'cpns', 'supervisor', c);
    const wrong = await call(SUPERVISOR, 'PUT', `/api/cpns/supervisor/${c}`, {
      version: sup.verifikasi.version,
      statusSupervisi: 'DISETUJUI',
      pakai: 'KEDUA',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('tidak memiliki verifikasi kedua');
  });

  it('checks an applicant again once at most, and never the decision made again after a return', async () => {
    const id = await waiting();
    await putus(V1, id, 'MS');
    await putus(V2, id, 'MS');
    const sup = await detail(SUPERVISOR, 'cpns', 'supervisor', id);
    await call(SUPERVISOR, 'PUT', `/api/cpns/supervisor/${id}`, {
      version: sup.verifikasi.version,
      statusSupervisi: 'DIKEMBALIKAN',
      catatan: 'Ulangi.',
    });
    const form = await allSesuai(V1, 'cpns', id);
    const res = await decide(V1, id, { ...form, statusVerifikasi: 'TMS', alasanTms: ['IPK'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pelamar(id)).toMatchObject({ status_verifikasi: 'TMS', kedua_dari: null });
    const n = await api.ctx.db
      .selectFrom('verifikasi_kedua')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('pelamar_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });
});
