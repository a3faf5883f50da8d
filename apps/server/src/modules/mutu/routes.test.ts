// Issue #34: the Mutu Verifikasi screen's call. A supervisor sees their instansi's verifiers with the
// blind second verification's agreement and kappa as worked by hand; a national monitor sees every
// instansi or the one asked for; nobody else sees another instansi; verifiers have no such page;
// the per-verifier table downloads as Excel and CSV in the screen's words.

import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { RAJA_AMPAT, useVerifikasiFixture } from '../verifikasi/fixture.js';

const { call, api, putusSebagai: putus } = useVerifikasiFixture();

const V1 = 'verifikator.rajaampat';
const V2 = 'verifikator2.rajaampat';

const nama = async (username: string) =>
  (
    await api.ctx.db
      .selectFrom('app_user')
      .select('fullname')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).fullname;

beforeAll(async () => {
  expect(
    (await call('superadmin', 'PUT', '/api/admin/sampel-verifikasi', { track: 'cpns', persen: 100 })).statusCode,
  ).toBe(200);
  const ids = (
    await api.ctx.db
      .selectFrom('pelamar')
      .select('id')
      .where('instansi_id', '=', RAJA_AMPAT)
      .where('track', '=', 'cpns')
      .orderBy('id')
      .limit(4)
      .execute()
  ).map((r) => Number(r.id));
  // Four pairs, worked by hand: (MS, MS), (TMS PENDIDIKAN, TMS PENDIDIKAN), (TMS, MS), (MS, MS).
  // Agreement 3/4. Kappa: p_o = 0.75; first verifier MS 2/4, TMS 2/4; second MS 3/4, TMS 1/4;
  // p_e = 0.5·0.75 + 0.5·0.25 = 0.5; κ = (0.75 − 0.5) / (1 − 0.5) = 0.5.
  const pairs: ['MS' | 'TMS', 'MS' | 'TMS'][] = [
    ['MS', 'MS'],
    ['TMS', 'TMS'],
    ['TMS', 'MS'],
    ['MS', 'MS'],
  ];
  for (const [index, [a, b]] of pairs.entries()) {
    const id = ids[index] as number;
    await putus(V1, id, a, a === 'TMS' ? ['PENDIDIKAN'] : []);
    await putus(V2, id, b, b === 'TMS' ? ['PENDIDIKAN'] : []);
  }
  await call('superadmin', 'PUT', '/api/admin/sampel-verifikasi', { track: 'cpns', persen: 0 });
});

describe('Mutu Verifikasi (issue #34)', () => {
  it("shows the supervisor their instansi's verifiers with agreement and kappa", async () => {
    const res = await call('supervisor.rajaampat', 'GET', '/api/cpns/mutu-verifikasi');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const first = body.verifikator.find((v: { nama: string }) => v.nama === 'Yohana Mambraku');
    expect(first).toMatchObject({ keputusan: 4, tms: 2, pasangan: 4, kesepakatan: 0.75, cukup: false });
    expect(first.kappa).toBeCloseTo(0.5, 10);
    // The second verifier's decisions are theirs too, and not checked again.
    const kedua = await nama(V2);
    const second = body.verifikator.find((v: { nama: string }) => v.nama === kedua);
    expect(second).toMatchObject({ keputusan: 4, pasangan: 0, kesepakatan: null, kappa: null });
    expect(body.alasan.find((a: { alasan: string }) => a.alasan === 'PENDIDIKAN')?.dipakai).toBeGreaterThanOrEqual(2);
    expect(body.harian.length).toBeGreaterThanOrEqual(1);
  });

  it('nationally covers every instansi or one; an instansi user only their own; verifiers have no page', async () => {
    const semua = await call('wasdal', 'GET', '/api/cpns/mutu-verifikasi');
    expect(semua.statusCode).toBe(200);
    const satu = await call('wasdal', 'GET', `/api/cpns/mutu-verifikasi?instansiId=${RAJA_AMPAT}`);
    expect(satu.json().verifikator.map((v: { nama: string }) => v.nama)).toContain('Yohana Mambraku');
    const lain = await call('wasdal', 'GET', '/api/cpns/mutu-verifikasi?instansiId=2');
    expect(lain.json().verifikator.map((v: { nama: string }) => v.nama)).not.toContain('Yohana Mambraku');
    const asing = await call('supervisor.cpns', 'GET', `/api/cpns/mutu-verifikasi?instansiId=${RAJA_AMPAT}`);
    expect(asing.statusCode).toBe(403);
    expect(asing.json().message).toContain('instansi Anda sendiri');
    expect((await call(V1, 'GET', '/api/cpns/mutu-verifikasi')).statusCode).toBe(403);
    const salah = await call('supervisor.rajaampat', 'GET', '/api/cpns/mutu-verifikasi?dari=2024-02-31');
    expect(salah.statusCode).toBe(400);
  });

  it('downloads the per-verifier table as Excel and CSV', async () => {
    const xlsx = await call('supervisor.rajaampat', 'GET', '/api/cpns/mutu-verifikasi/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Mutu Verifikasi');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Verifikator');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const yohana = rows.find((row) => row[0] === 'Yohana Mambraku');
    expect(yohana).toContain('75%');
    expect(yohana).toContain('0,5');
    expect(yohana).toContain('Terlalu sedikit untuk dinilai');
    const csv = await call('supervisor.rajaampat', 'GET', '/api/cpns/mutu-verifikasi/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Kappa Cohen');
  });
});
