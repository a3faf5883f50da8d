// Issue #32: one check reports every problem of every row — cells that cannot be read and codes
// that name nothing, together — each in its column, a refused shape with the format expected.
// One file holds every kind of problem at once; fixing the file once is then enough.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cekBerkas } from './cek.js';
import { csv, FORMASI_HEADER, PELAMAR_HEADER, pelamarRow, useImporFixture } from './fixture.js';

const fx = useImporFixture();

const formasi = (jabatan: string, lokasi: string, jenis: string) => [
  '9911',
  'cpns',
  jabatan,
  lokasi,
  jenis,
  'S1-HUKUM',
  'Analis',
  'Kota',
  'S-1 Hukum',
  'Ilmu Hukum',
  '18',
  '35',
  '3',
  '2',
];

interface Masalah {
  baris: number;
  kolom: string | null;
  nilai: string | null;
  pesan: string;
}

beforeAll(async () => {
  const instansi = (
    await fx.cek(
      'instansi',
      'instansi.csv',
      csv([
        ['kode', 'nama', 'jenis'],
        ['9911', 'Badan Laporan', 'pusat'],
      ]),
    )
  ).json();
  await fx.terapkan(instansi.id);
  // Two formasi: JF-A at LOK-A (UMUM) and JF-B at LOK-B (CUMLAUDE) — each code exists, not every pairing.
  const rows = [FORMASI_HEADER, formasi('JF-A', 'LOK-A', 'UMUM'), formasi('JF-B', 'LOK-B', 'CUMLAUDE')];
  const checked = (await fx.cek('formasi', 'formasi.csv', csv(rows))).json();
  expect(checked).toMatchObject({ baru: 2, ditolak: 0 });
  await fx.terapkan(checked.id);
});

describe('the check of an import reports every problem in one pass (issue #32)', () => {
  const row = (over: Record<string, string>) =>
    pelamarRow({ instansi_kode: '9911', jabatan_kode: 'JF-A', lokasi_kode: 'LOK-A', jenis_formasi: 'UMUM', ...over });

  it('finds format and reference problems of every row together, each with its column and the format expected', async () => {
    const file = csv([
      PELAMAR_HEADER,
      // 2: a good row.
      row({}),
      // 3: every kind of cell that cannot be read, in one row.
      row({
        nomor_peserta: '99140100000000003',
        nik: '317101250599',
        nama: '',
        tanggal_lahir_ktp: '31/02/1999',
        tgl_ijazah: '2021/08/30',
        jenis_kelamin: 'X',
        email: 'bukan-email',
        no_hp: 'telepon',
        tahun_lulus: '2021,5',
        ipk: 'tiga',
        alamat: '=HYPERLINK("x")',
      }),
      // 4: a known instansi whose formasi has neither this jabatan nor this lokasi, and a bad date.
      row({
        nomor_peserta: '99140100000000004',
        nik: '3171012505990004',
        jabatan_kode: 'JF-TIDAK-ADA',
        lokasi_kode: 'LOK-TIDAK-ADA',
        tanggal_daftar: 'kemarin',
      }),
      // 5: an unknown instansi and a NIK that is too short.
      row({ nomor_peserta: '99140100000000005', nik: '31710125', instansi_kode: '0000' }),
      // 6: codes that each exist but not together.
      row({ nomor_peserta: '99140100000000006', nik: '3171012505990006', lokasi_kode: 'LOK-B' }),
      // 7: row 2 again, with a bad cell besides.
      row({ ipk: '5' }),
    ]);
    const report = (await fx.cek('pelamar', 'semua-salah.csv', file)).json();
    expect(report, JSON.stringify(report.penolakan)).toMatchObject({ dibaca: 6, baru: 1, ditolak: 5 });
    const masalah = report.penolakan as Masalah[];
    const pada = (baris: number) => masalah.filter((m) => m.baris === baris).map((m) => [m.kolom, m.pesan]);
    const FORMAT_TANGGAL = 'format yang diharapkan DD/MM/YYYY atau YYYY-MM-DD';

    expect(pada(3)).toEqual([
      ['nik', 'nik: NIK harus 16 angka'],
      ['nama', 'nama wajib diisi, mis. Siti Rahmawati'],
      ['tanggal_lahir_ktp', `tanggal_lahir_ktp: tanggal tidak ada di kalender — ${FORMAT_TANGGAL}, mis. 25/05/1999`],
      ['jenis_kelamin', 'jenis_kelamin: harus salah satu dari: L, P'],
      ['alamat', 'alamat: tidak boleh diawali =, +, - atau @ (dibaca sebagai rumus oleh Excel)'],
      ['email', 'email: alamat email tidak valid — format yang diharapkan nama@domain, mis. siti@contoh.id'],
      [
        'no_hp',
        'no_hp: nomor ponsel tidak valid — format yang diharapkan 8–15 angka, boleh diawali +, mis. 081234567890',
      ],
      ['tgl_ijazah', `tgl_ijazah: bukan tanggal — ${FORMAT_TANGGAL}, mis. 30/08/2021`],
      [
        'tahun_lulus',
        'tahun_lulus: bukan bilangan bulat — format yang diharapkan angka tanpa titik atau koma, mis. 2021',
      ],
      ['ipk', 'ipk: bukan angka — format yang diharapkan angka desimal dengan koma atau titik, mis. 3,45'],
    ]);
    expect(pada(4)).toEqual([
      ['jabatan_kode', 'jabatan_kode tidak dikenal: tidak ada JF-TIDAK-ADA pada formasi instansi 9911 jalur cpns'],
      ['lokasi_kode', 'lokasi_kode tidak dikenal: tidak ada LOK-TIDAK-ADA pada formasi instansi 9911 jalur cpns'],
      ['tanggal_daftar', `tanggal_daftar: bukan tanggal — ${FORMAT_TANGGAL}, mis. 05/09/2024`],
    ]);
    expect(pada(5)).toEqual([
      ['nik', 'nik: NIK harus 16 angka'],
      ['instansi_kode', 'instansi_kode tidak dikenal: tidak ada instansi berkode 0000'],
    ]);
    expect(pada(6)).toEqual([
      [
        'jenis_formasi',
        'formasi tidak dikenal: tidak ada formasi UMUM dengan jabatan, lokasi dan pendidikan ini pada formasi instansi 9911 jalur cpns',
      ],
    ]);
    expect(pada(7)).toEqual([
      ['nik', 'NIK ganda dalam berkas: sama dengan baris 2'],
      ['ipk', 'ipk: harus antara 0 dan 4'],
      ['track, nomor_peserta', 'Kunci ganda dalam berkas: sama dengan baris 2'],
    ]);
    // No problem without its column.
    expect(masalah.filter((m) => m.kolom === null)).toEqual([]);

    // The rows to fix and upload again carry every problem of each.
    const back = await fx.api.client.request({
      url: `/api/admin/impor/cek/${report.id}/ditolak?format=csv`,
      token: fx.token,
    });
    const baris4 = back.body.split('\r\n').find((line) => line.startsWith('4;'));
    expect(baris4).toMatch(/jabatan_kode tidak dikenal.*lokasi_kode tidak dikenal.*tanggal_daftar: bukan tanggal/);

    // Sorted a row per statement (as the embedded database sorts a few thousand at a time), the
    // same report.
    const path = join(fx.api.filesDir, 'semua-salah.csv');
    writeFileSync(path, file);
    const {
      id: _a,
      dibuat: _b,
      ...perBaris
    } = await cekBerkas(
      fx.api.ctx.db,
      { jenis: 'pelamar', file: path, namaFile: 'semua-salah.csv', oleh: { id: null, nama: 'uji' } },
      { rentangSortir: 1 },
    );
    const { id: _c, dibuat: _d, ...sekaligus } = report;
    expect(perBaris).toEqual(sekaligus);
  });

  it('finds keys written twice across the parts of a sort done a part at a time as over the whole file', async () => {
    // Lines 2-61, each its own applicant but for: 23 as 22 (within one part of 20 rows), 30 as 3
    // and 45 as 25 (a part or two later), 49 with the NIK of 3, 58 as 3 again.
    const sama: Record<number, { kunci?: number; nik?: number }> = {
      23: { kunci: 22 },
      30: { kunci: 3 },
      45: { kunci: 25 },
      49: { nik: 3 },
      58: { kunci: 3, nik: 3 },
    };
    const nomor = (n: number) => `991401000001${String(n).padStart(5, '0')}`;
    const nik = (n: number) => `3171012505990${String(n).padStart(3, '0')}`;
    const lines = Array.from({ length: 60 }, (_, i) => {
      const n = i + 2;
      return row({ nomor_peserta: nomor(sama[n]?.kunci ?? n), nik: nik(sama[n]?.nik ?? sama[n]?.kunci ?? n) });
    });
    const path = join(fx.api.filesDir, 'ganda.csv');
    writeFileSync(path, csv([PELAMAR_HEADER, ...lines]));
    const cek = (rentangSortir?: number) =>
      cekBerkas(
        fx.api.ctx.db,
        { jenis: 'pelamar', file: path, namaFile: 'ganda.csv', oleh: { id: null, nama: 'uji' } },
        rentangSortir ? { rentangSortir } : {},
      );
    const KUNCI = 'Kunci ganda dalam berkas: sama dengan baris';
    const NIK = 'NIK ganda dalam berkas: sama dengan baris';
    const expected = [
      [23, 'nik', `${NIK} 22`],
      [23, 'track, nomor_peserta', `${KUNCI} 22`],
      [30, 'nik', `${NIK} 3`],
      [30, 'track, nomor_peserta', `${KUNCI} 3`],
      [45, 'nik', `${NIK} 25`],
      [45, 'track, nomor_peserta', `${KUNCI} 25`],
      [49, 'nik', `${NIK} 3`],
      [58, 'nik', `${NIK} 3`],
      [58, 'track, nomor_peserta', `${KUNCI} 3`],
    ];
    // Parts of 20 rows (the rules one row at a time), the default of this database, and the whole
    // file in one statement.
    for (const rentang of [1, undefined, Infinity]) {
      const report = await cek(rentang);
      const found = (report.penolakan as Masalah[])
        .map((m) => [m.baris, m.kolom, m.pesan])
        .sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1])));
      expect(found, `rentangSortir ${rentang}`).toEqual(expected);
      expect(report).toMatchObject({ dibaca: 60, ditolak: 5 });
    }
  });
});
