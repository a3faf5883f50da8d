// Verification (issue #4) against a real database: claims – exclusivity under concurrency,
// expiry, the queue – and the verifier's decision: the state machine, optimistic-concurrency
// conflicts, window and lock refusals, counters and the audit trail. Supervision: supervisi.test.ts.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lastAuditId } from '../../test/api-fixture.js';
import { createUser } from '../../test/test-app.js';
import { listBody, RAJA_AMPAT, useVerifikasiFixture } from './fixture.js';
import { rollUpStatusCounts } from './service.js';

const { api, call, allSesuai, claimNext, decide } = useVerifikasiFixture();

/** A second verifier of the same instansi and track, signed in. */
async function colleagueToken(): Promise<string> {
  const other = await createUser(api.ctx.db, {
    instansiId: RAJA_AMPAT,
    roles: ['ROLE_VERIFIKATOR_CPNS'],
    flags: { isCpns: true },
  });
  return api.client.loginToken(other.username, other.password);
}

describe('claims', () => {
  it('claims the first registered waiting applicant, keeps returning it until decided, then the next', async () => {
    const first = await claimNext('verifikator.rajaampat');
    expect(first.statusCode, first.body).toBe(200);
    const again = await claimNext('verifikator.rajaampat');
    expect(again.json().id).toBe(first.json().id);
    // Asked for another one (prefetching the next), it claims a second.
    const second = await claimNext('verifikator.rajaampat', 'cpns', [first.json().id]);
    // First registered, first verified.
    const order = await api.ctx.db
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
        createUser(api.ctx.db, {
          username: `verifikator.paralel${index}`,
          instansiId: RAJA_AMPAT,
          roles: ['ROLE_VERIFIKATOR_CPNS'],
          flags: { isCpns: true },
        }),
      ),
    );
    for (const verifier of verifiers) {
      api.passwords.set(verifier.username, verifier.password);
      await api.tokenOf(verifier.username);
    }
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
    const holders = await api.ctx.db
      .selectFrom('pelamar')
      .where('instansi_id', '=', RAJA_AMPAT)
      .where('klaim_oleh', 'is not', null)
      .select(['id', 'klaim_oleh'])
      .execute();
    expect(holders.length).toBe(36);
    await api.ctx.db
      .deleteFrom('app_user')
      .where('username', 'like', 'verifikator.paralel%')
      .execute()
      .catch(() => undefined);
  });

  it('gives a claim back on request, so a colleague can take it at once (issue #32)', async () => {
    const mine = (await claimNext('verifikator.rajaampat')).json().id as number;
    const otherToken = await colleagueToken();
    const refused = await api.client.request({
      method: 'POST',
      url: `/api/cpns/verifikator/${mine}/lepas`,
      token: otherToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'BUKAN_KLAIM_ANDA' });
    const released = await call('verifikator.rajaampat', 'POST', `/api/cpns/verifikator/${mine}/lepas`);
    expect(released.statusCode, released.body).toBe(200);
    const queue = await call('verifikator.rajaampat', 'POST', '/api/cpns/verifikator/filter', listBody);
    expect(queue.json().data.find((item: { id: number }) => item.id === mine)).toMatchObject({
      klaimSaya: false,
      klaimNama: null,
    });
    const events = await api.ctx.db
      .selectFrom('audit_event')
      .where('entity', '=', 'pelamar')
      .where('entity_id', '=', String(mine))
      .where('action', '=', 'LEPAS_KLAIM')
      .selectAll()
      .execute();
    expect(events).toHaveLength(1);
    const taken = await api.client.request({
      method: 'POST',
      url: `/api/cpns/verifikator/${mine}/ambil`,
      token: otherToken,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    // Nothing to give back twice.
    const again = await call('verifikator.rajaampat', 'POST', `/api/cpns/verifikator/${mine}/lepas`);
    expect(again.statusCode).toBe(409);
  });

  it('refuses someone else’s applicant until the claim lapses', async () => {
    const mine = (await claimNext('verifikator.rajaampat')).json().id as number;
    const otherToken = await colleagueToken();
    const taken = await api.client.request({
      method: 'POST',
      url: `/api/cpns/verifikator/${mine}/ambil`,
      token: otherToken,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'SEDANG_DIKERJAKAN',
      message: expect.stringContaining('Yohana Mambraku'),
    });
    // Someone else's claim stays in the other verifier's queue, saying who holds it (issue #32).
    const queue = await api.client.request({
      method: 'POST',
      url: '/api/cpns/verifikator/filter',
      token: otherToken,
      payload: listBody,
    });
    const row = queue.json().data.find((item: { id: number }) => item.id === mine);
    expect(row).toMatchObject({ klaimSaya: false, klaimNama: 'Yohana Mambraku' });
    expect(queue.json().recordsTotal).toBe(40);
    await api.ctx.db
      .updateTable('pelamar')
      .set({ klaim_at: sql`now() - interval '31 minutes'` })
      .where('id', '=', mine)
      .execute();
    const lapsed = await api.client.request({
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
    await api.ctx.db
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
    const since = await lastAuditId(api.ctx.db);
    const id = (await claimNext('verifikator.rajaampat')).json().id as number;
    const form = await allSesuai('verifikator.rajaampat', 'cpns', id);
    const res = await decide('verifikator.rajaampat', id, { ...form, statusVerifikasi: 'MS' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(form.version + 1);
    const row = await api.ctx.db.selectFrom('pelamar').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
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
    await rollUpStatusCounts(api.ctx.db);
    expect(await summaries()).toEqual(before);
    const events = await api.ctx.db
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
    // Issue #32: the field in words (its path stays in details).
    expect(noReason.json().message).toContain('Alasan TMS');
    expect(noReason.json().details[0].field).toBe('body.alasanTms');
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
    const unclaimed = await api.ctx.db
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
    const since = await lastAuditId(api.ctx.db);
    const deltasSince = Number(
      (await sql<{ id: string | null }>`SELECT max(id) AS id FROM pelamar_supervisi_delta`.execute(api.ctx.db)).rows[0]
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
    const events = await api.ctx.db
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
      SELECT status_supervisi, delta FROM pelamar_supervisi_delta WHERE id > ${deltasSince}`.execute(api.ctx.db);
    expect(supervisi.rows).toEqual([{ status_supervisi: 'MENUNGGU', delta: 1 }]);
  });

  it('refuses outside the verification window', async () => {
    const id = (await claimNext('verifikator.rajaampat')).json().id as number;
    const form = await allSesuai('verifikator.rajaampat', 'cpns', id);
    await api.ctx.db
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
