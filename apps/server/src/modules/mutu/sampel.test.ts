// Issue #34, the sample of the blind second verification: the draw follows the rate (a seeded run
// of 10,000 decisions within the binomial bounds), the national operator alone sets the rate per
// track (audited, refused in Indonesian when wrong), and every final decision a verifier saves is
// drawn against the rate then in force, recorded so that it can be reproduced.

import { DEMO_ACCOUNTS, SAMPEL_PERSEN_BAWAAN } from '@portal/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { catatKeputusanLama } from '../../db/keputusan-lama.js';
import { lastAuditId } from '../../test/api-fixture.js';
import { useVerifikasiFixture } from '../verifikasi/fixture.js';
import { KUNCI_UNDIAN, terpilih, undian } from './sampel.js';

const { api, call, decided } = useVerifikasiFixture();

/** Bounds holding a binomial count with probability ≈ 1 − 6·10⁻⁵ (4 standard deviations). */
const batas = (n: number, p: number) => {
  const sd = Math.sqrt(n * p * (1 - p));
  return [n * p - 4 * sd, n * p + 4 * sd] as const;
};

describe('the draw (issue #34)', () => {
  it('samples 10,000 seeded decisions at the rate, within the binomial bounds, and spreads evenly', () => {
    const kunci = 'kunci-uji-tetap';
    const nilai = Array.from({ length: 10_000 }, (_, i) => undian(kunci, 100_000 + i));
    for (const persen of [5, 12.5, 50]) {
      const n = nilai.filter((v) => terpilih(v, persen)).length;
      const [bawah, atas] = batas(10_000, persen / 100);
      expect(n, `${persen}%`).toBeGreaterThan(bawah);
      expect(n, `${persen}%`).toBeLessThan(atas);
    }
    expect(nilai.filter((v) => terpilih(v, 0))).toHaveLength(0);
    expect(nilai.filter((v) => terpilih(v, 100))).toHaveLength(10_000);
    // Each tenth of [0, 1) holds its share: no bias towards either end.
    for (let d = 0; d < 10; d++) {
      const n = nilai.filter((v) => v >= d / 10 && v < (d + 1) / 10).length;
      const [bawah, atas] = batas(10_000, 0.1);
      expect(n, `desil ${d}`).toBeGreaterThan(bawah);
      expect(n, `desil ${d}`).toBeLessThan(atas);
    }
    // Reproducible under the same key, unforeseeable under another.
    expect(undian(kunci, 100_000)).toBe(nilai[0]);
    expect(undian('kunci-lain', 100_000)).not.toBe(nilai[0]);
  });
});

describe('the rate per track (issue #34)', () => {
  beforeEach(async () => {
    await sql`UPDATE sampel_verifikasi SET persen = ${SAMPEL_PERSEN_BAWAAN}, diubah_at = NULL, diubah_oleh = NULL`.execute(
      api.ctx.db,
    );
  });

  it('is 5 % on every track until the national operator sets it; the change is audited', async () => {
    const before = await call('superadmin', 'GET', '/api/admin/sampel-verifikasi');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual(
      ['cpns', 'pppk', 'pppk-guru', 'nakes'].map((track) => ({ track, persen: 5, diubahAt: null, diubahOleh: null })),
    );
    const since = await lastAuditId(api.ctx.db);
    const set = await call('superadmin', 'PUT', '/api/admin/sampel-verifikasi', { track: 'nakes', persen: 12.5 });
    expect(set.statusCode, set.body).toBe(200);
    const nama = (
      await api.ctx.db
        .selectFrom('app_user')
        .select('fullname')
        .where('username', '=', 'superadmin')
        .executeTakeFirstOrThrow()
    ).fullname;
    expect(set.json()).toMatchObject({ track: 'nakes', persen: 12.5, diubahOleh: nama });
    expect((await call('superadmin', 'GET', '/api/admin/sampel-verifikasi')).json()[3]).toMatchObject({
      track: 'nakes',
      persen: 12.5,
    });
    const audit = await api.ctx.db
      .selectFrom('audit_event')
      .where('id', '>', String(since))
      .where('action', '=', 'UBAH_SAMPEL_VERIFIKASI')
      .select(['entity_id', 'from_value', 'to_value', 'actor_username'])
      .execute();
    expect(audit).toEqual([{ entity_id: 'nakes', from_value: '5%', to_value: '12.5%', actor_username: 'superadmin' }]);
  });

  it('is refused to every other role (403) and, when out of bounds, in Indonesian on the field', async () => {
    for (const account of DEMO_ACCOUNTS.filter((a) => a.username !== 'superadmin' && !a.totp)) {
      const res = await call(account.username, 'PUT', '/api/admin/sampel-verifikasi', { track: 'cpns', persen: 50 });
      expect(res.statusCode, account.username).toBe(403);
      expect((await call(account.username, 'GET', '/api/admin/sampel-verifikasi')).statusCode).toBe(403);
    }
    for (const [persen, pesan] of [
      [101, 'tidak boleh lebih dari 100'],
      [-1, 'tidak boleh kurang dari 0'],
      [2.55, 'paling banyak satu angka di belakang koma'],
      ['lima', 'harus berupa angka'],
    ] as const) {
      const res = await call('superadmin', 'PUT', '/api/admin/sampel-verifikasi', { track: 'cpns', persen });
      expect(res.statusCode, String(persen)).toBe(400);
      expect(res.body, String(persen)).toContain(pesan);
    }
    expect((await call('superadmin', 'GET', '/api/admin/sampel-verifikasi')).json()[0].persen).toBe(5);
  });
});

describe('a final decision is recorded and drawn (issue #34)', () => {
  const rate = (track: string, persen: number) =>
    call('superadmin', 'PUT', '/api/admin/sampel-verifikasi', { track, persen });
  const recordsOf = (id: number) =>
    api.ctx.db.selectFrom('keputusan_verifikasi').selectAll().where('pelamar_id', '=', id).orderBy('id').execute();
  const kunci = async () =>
    (
      await api.ctx.db
        .selectFrom('app_secret')
        .select('value')
        .where('name', '=', KUNCI_UNDIAN)
        .executeTakeFirstOrThrow()
    ).value;

  it('keeps who decided what, from claim to save, with the rate in force, the applicant’s number and the outcome', async () => {
    expect((await rate('cpns', 100)).statusCode).toBe(200);
    const always = await decided('MS');
    const key = await kunci();
    const verifikator = await api.ctx.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'verifikator.rajaampat')
      .executeTakeFirstOrThrow();
    const [first, ...more] = await recordsOf(always);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      instansi_id: 8,
      track: 'cpns',
      verifikator_id: verifikator.id,
      hasil: 'MS',
      alasan_tms: [],
      sampel_persen: '100.0',
      sampel_terpilih: true,
      sampel_nilai: undian(key, always),
    });
    // From the claim to the save.
    expect(first?.klaim_at).toBeInstanceOf(Date);
    expect(new Date(first?.diputus_at as Date).getTime()).toBeGreaterThanOrEqual(
      new Date(first?.klaim_at as Date).getTime(),
    );

    expect((await rate('cpns', 0)).statusCode).toBe(200);
    const never = await decided('TMS');
    expect(await recordsOf(never)).toMatchObject([
      {
        hasil: 'TMS',
        alasan_tms: ['PENDIDIKAN'],
        sampel_persen: '0.0',
        sampel_terpilih: false,
        sampel_nilai: undian(key, never),
      },
    ]);

    // At the default rate the outcome is the recorded number against the recorded rate.
    expect((await rate('cpns', SAMPEL_PERSEN_BAWAAN)).statusCode).toBe(200);
    for (const id of [await decided('MS'), await decided('TMS'), await decided('MS')]) {
      const [draw] = await recordsOf(id);
      expect(draw?.sampel_nilai).toBe(undian(key, id));
      expect(draw?.sampel_terpilih).toBe(terpilih(undian(key, id), SAMPEL_PERSEN_BAWAAN));
      expect(Number(draw?.sampel_persen)).toBe(SAMPEL_PERSEN_BAWAAN);
    }
  });
});

describe('decisions made before the records (issue #34)', () => {
  it('are recorded once as they stand: never sampled, without a claim time unless the demo gives one', async () => {
    const decidedBefore = await api.ctx.db
      .selectFrom('pelamar')
      .where('status_verifikasi', 'in', ['MS', 'TMS'])
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('keputusan_verifikasi as k').whereRef('k.pelamar_id', '=', 'pelamar.id'))),
      )
      .select(['id', 'status_verifikasi'])
      .execute();
    expect(decidedBefore.length).toBeGreaterThan(0);
    expect(await catatKeputusanLama(api.ctx.db)).toBe(decidedBefore.length);
    expect(await catatKeputusanLama(api.ctx.db)).toBe(0);
    const records = await api.ctx.db
      .selectFrom('keputusan_verifikasi')
      .where(
        'pelamar_id',
        'in',
        decidedBefore.map((p) => p.id),
      )
      .selectAll()
      .execute();
    expect(records).toHaveLength(decidedBefore.length);
    for (const record of records) {
      expect(record).toMatchObject({ sampel_persen: '0.0', sampel_terpilih: false, klaim_at: null });
      expect(record.hasil).toBe(decidedBefore.find((p) => p.id === record.pelamar_id)?.status_verifikasi);
    }
  });
});
