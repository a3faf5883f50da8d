// Issue #34: the quality measures counted from the decisions as saved, against a day worked by
// hand: three decisions of one verifier, one returned and one approved by the supervisor, one TMS
// overturned by an accepted objection, one objection refused; 30, 90 and 60 seconds from claim to
// save.

import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useVerifikasiFixture } from '../verifikasi/fixture.js';
import { type FilterMutu, laporanMutu } from './laporan.js';

const { api, call, allSesuai, claimNext, decide, detail } = useVerifikasiFixture();
const RAJA_AMPAT = 8;

async function putus(status: 'MS' | 'TMS', alasanTms: string[] = []): Promise<number> {
  const id = (await claimNext('verifikator.rajaampat')).json().id as number;
  const form = await allSesuai('verifikator.rajaampat', 'cpns', id);
  const res = await decide('verifikator.rajaampat', id, { ...form, statusVerifikasi: status, alasanTms });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

async function supervisi(id: number, statusSupervisi: 'DISETUJUI' | 'DIKEMBALIKAN') {
  const seen = await detail('supervisor.rajaampat', 'cpns', 'supervisor', id);
  const res = await call('supervisor.rajaampat', 'PUT', `/api/cpns/supervisor/${id}`, {
    version: seen.verifikasi.version,
    statusSupervisi,
    catatan: statusSupervisi === 'DIKEMBALIKAN' ? 'Periksa ulang ijazah' : null,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function sanggah(id: number, status: 'DITERIMA' | 'DITOLAK') {
  await api.ctx.db
    .insertInto('sanggah')
    .values({
      pelamar_id: id,
      instansi_id: RAJA_AMPAT,
      track: 'cpns',
      diajukan_at: sql`now()`,
      butir: JSON.stringify([{ alasanTms: 'PENDIDIKAN', argumen: 'Ijazah sesuai formasi', jawaban: null }]),
      status,
      mengubah_status: status === 'DITERIMA',
      dijawab_at: sql`now() + interval '1 minute'`,
    })
    .execute();
}

const semua: FilterMutu = { track: 'cpns', instansiId: RAJA_AMPAT, dari: null, sampai: null };
let hari = '';
let nama = '';

beforeAll(async () => {
  await sql`TRUNCATE keputusan_verifikasi`.execute(api.ctx.db);
  const diterima = await putus('MS');
  const dibatalkan = await putus('TMS', ['PENDIDIKAN', 'USIA']);
  const dikembalikan = await putus('TMS', ['USIA']);
  await supervisi(diterima, 'DISETUJUI');
  await supervisi(dikembalikan, 'DIKEMBALIKAN');
  await sanggah(dibatalkan, 'DITERIMA');
  await sanggah(dikembalikan, 'DITOLAK');
  for (const [id, seconds] of [
    [diterima, 30],
    [dibatalkan, 90],
    [dikembalikan, 60],
  ] as const) {
    await sql`UPDATE keputusan_verifikasi SET klaim_at = diputus_at - make_interval(secs => ${seconds})
      WHERE pelamar_id = ${id}`.execute(api.ctx.db);
  }
  hari = (
    await sql<{
      hari: string;
    }>`SELECT to_char((now() AT TIME ZONE 'Asia/Jakarta')::date, 'YYYY-MM-DD') AS hari`.execute(api.ctx.db)
  ).rows[0]?.hari as string;
  nama = (
    await api.ctx.db
      .selectFrom('app_user')
      .select('fullname')
      .where('username', '=', 'verifikator.rajaampat')
      .executeTakeFirstOrThrow()
  ).fullname;
});

describe('the quality measures (issue #34)', () => {
  it('per verifier: decisions, TMS, median seconds, returned of reviewed, overturned on objection', async () => {
    const { verifikator } = await laporanMutu(api.ctx.db, semua);
    expect(verifikator).toEqual([
      {
        verifikatorId: expect.any(Number),
        nama,
        keputusan: 3,
        tms: 2,
        medianDetik: 60,
        disupervisi: 2,
        dikembalikan: 1,
        dibatalkanSanggah: 1,
        // None of these decisions was sampled (the tests' rate is 0): nothing to judge agreement on.
        pasangan: 0,
        kesepakatan: null,
        kappa: null,
        cukup: false,
      },
    ]);
  });

  it('per TMS reason and per day', async () => {
    const laporan = await laporanMutu(api.ctx.db, semua);
    expect(laporan.alasan).toEqual([
      { alasan: 'USIA', dipakai: 2, dikembalikan: 1, dibatalkanSanggah: 1 },
      { alasan: 'PENDIDIKAN', dipakai: 1, dikembalikan: 0, dibatalkanSanggah: 1 },
    ]);
    expect(laporan.harian).toEqual([{ hari, keputusan: 3, dikembalikan: 1, medianDetik: 60 }]);
  });

  it('follows the instansi, the track and the days asked for; nationally it counts every instansi', async () => {
    const kosong = { verifikator: [], alasan: [], harian: [], instansi: null };
    expect(await laporanMutu(api.ctx.db, { ...semua, instansiId: 3 })).toEqual(kosong);
    expect(await laporanMutu(api.ctx.db, { ...semua, track: 'nakes' })).toEqual(kosong);
    const besok = new Date(Date.parse(`${hari}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await laporanMutu(api.ctx.db, { ...semua, dari: besok })).toEqual(kosong);
    expect((await laporanMutu(api.ctx.db, { ...semua, dari: hari, sampai: hari })).harian).toHaveLength(1);
    expect((await laporanMutu(api.ctx.db, { ...semua, instansiId: null })).verifikator[0]?.keputusan).toBe(3);
  });
});
