// Issue #35's applicant with the reading of their documents, shared by the web tests: one
// applicant (ROW, and DETAIL with it) whose documents are in every reading state, and the findings
// the reading made on them – a NIK read differently on the KTP and the same scan as another
// applicant's ("berat", the NIK outlined where it was read), a name close to the registered one on
// the ijazah ("periksa"). A test that needs less derives it with a spread.

import type { PelamarDetail, PelamarRow, TemuanDokumen } from '@portal/contract';

type Dokumen = PelamarDetail['dokumen'][number];

export const MESIN = 'tesseract.js 7.0.0 (Tesseract 5, ind 4.0.0_best_int)';

/** A document's reading, done. */
export const selesai = { status: 'SELESAI' as const, mesin: MESIN, pesan: null, dibacaAt: '2024-09-19T08:30:00' };

/**
 * An uploaded document of the given kind and type, with its reading state and (issue #32) the
 * rendition the server made for the screen, none unless given.
 */
export const dok = (
  id: number,
  jenis: string,
  mime: string,
  bacaan: Dokumen['bacaan'],
  tampilan: Dokumen['tampilan'] = null,
): Dokumen => ({
  id,
  jenis,
  namaFile: `${jenis.toLowerCase()}.${mime.split('/')[1]}`,
  mime,
  ukuran: 50_000,
  diunggahAt: '2024-09-18T10:00:00',
  bacaan,
  tampilan,
});

/**
 * Issue #32: a read scan (a PNG) of `ukuran` bytes with the JPEG of `ringkas` bytes the server
 * made of it for the screen.
 */
export const pindaian = (id: number, jenis: string, ukuran: number, ringkas: number): Dokumen => ({
  ...dok(id, jenis, 'image/png', selesai, { mime: 'image/jpeg', ukuran: ringkas }),
  ukuran,
});

/** The bytes the stubbed server answers a document with (a PNG's signature). */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const NIK: TemuanDokumen = {
  id: 101,
  dokumenId: 11,
  jenisDokumen: 'KTP',
  kode: 'NIK_BERBEDA',
  tingkat: 'BERAT',
  kolom: 'NIK',
  nilaiBaca: '3273011705950010',
  nilaiDaftar: '3273011705950001',
  keyakinan: 87.4,
  mesin: MESIN,
  pesan: 'NIK pada KTP berbeda dengan NIK yang didaftarkan.',
  alasan: 'DOKUMEN_TIDAK_TERBACA',
  kotak: { halaman: 1, x: 0.25, y: 0.2, w: 0.5, h: 0.1 },
  pelamarLain: null,
};
export const GANDA: TemuanDokumen = {
  ...NIK,
  id: 102,
  kode: 'DOKUMEN_GANDA',
  kolom: 'Pindaian',
  nilaiBaca: null,
  nilaiDaftar: null,
  keyakinan: 100,
  pesan: 'Pindaian dokumen ini sama dengan dokumen pelamar lain.',
  alasan: 'DOKUMEN_PALSU',
  kotak: null,
  pelamarLain: '24109876543210',
};
export const NAMA: TemuanDokumen = {
  ...NIK,
  id: 103,
  dokumenId: 12,
  jenisDokumen: 'IJAZAH',
  kode: 'NAMA_MIRIP',
  tingkat: 'PERIKSA',
  kolom: 'Nama',
  nilaiBaca: 'WULAN SARIH',
  nilaiDaftar: 'Wulan Sari',
  keyakinan: 78,
  pesan: 'Nama pada ijazah mirip dengan nama yang didaftarkan.',
  alasan: null,
  kotak: { halaman: 1, x: 0.2, y: 0.4, w: 0.55, h: 0.07 },
};

export const ROW: PelamarRow = {
  id: 1,
  nik: '3273011705950001',
  noPeserta: '24101234567890',
  nama: 'Wulan Sari',
  gelarDepan: null,
  gelarBelakang: null,
  jenisKelamin: 'P',
  jabatanNama: 'Analis Kebijakan Ahli Pertama',
  lokasiNama: 'Kota Bandung',
  jenisFormasi: 'UMUM',
  pendidikanNama: 'S-1 Administrasi Negara',
  statusVerifikasi: 'BELUM',
  statusSupervisi: null,
  tglDaftar: '2024-09-18',
  tglVerifikasi: null,
  verifikatorNama: null,
  alasanTms: null,
  klaimSaya: false,
  klaimNama: null,
  temuanOtomatis: 'BERAT',
  verifikasiKedua: null,
  instansi: { id: 10, kode: 'BKN', nama: 'Badan Kepegawaian Negara' },
};

export const DETAIL: PelamarDetail = {
  ...ROW,
  noRegister: 'R24101234567890',
  tempatLahirKtp: 'Bandung',
  tanggalLahirKtp: '1995-05-17',
  tempatLahirIjazah: 'Bandung',
  tanggalLahirIjazah: '1995-05-17',
  agama: 'Islam',
  jenisDisabilitas: null,
  domisili: 'Kota Bandung',
  alamat: 'Jl. Merdeka No. 1',
  email: 'wulan@contoh.id',
  noHp: '081234567890',
  lembagaPendidikan: 'Universitas Padjadjaran',
  akreditasiLembaga: 'Unggul',
  prodi: 'Administrasi Negara',
  akreditasiProdi: 'A',
  noIjazah: 'UNPAD/2017/000123',
  tglIjazah: '2017-08-30',
  tahunLulus: 2017,
  ipk: '3.45',
  lokasiUjian: 'Kota Bandung',
  tglSupervisi: null,
  supervisorNama: null,
  // The photo first (not read), so choosing a KTP finding has to switch the viewer.
  dokumen: [
    dok(15, 'PAS_FOTO', 'image/png', null),
    dok(11, 'KTP', 'image/png', selesai),
    dok(12, 'IJAZAH', 'image/jpeg', selesai),
    dok(13, 'TRANSKRIP', 'application/pdf', { status: 'ANTRE', mesin: null, pesan: null, dibacaAt: null }),
    dok(14, 'STR', 'application/pdf', {
      status: 'GAGAL',
      mesin: MESIN,
      pesan: 'Berkas PDF dienkripsi atau berkata sandi.',
      dibacaAt: null,
    }),
  ],
  temuanDokumen: [NAMA, GANDA, NIK],
  nilai: [],
  verifikasi: {
    version: 2,
    namaIjazah: 'Wulan Sari',
    syarat: {
      prodi: 'Administrasi Negara',
      pendidikanNama: 'S-1 Administrasi Negara',
      usiaMin: 18,
      usiaMax: 35,
      ipkMin: '3.00',
      tglTutup: '2024-09-30',
    },
    usia: { tahun: 29, bulan: 4 },
    temuan: [],
    cekDokumen: [],
    alasanTms: [],
    catatanVerifikasi: null,
    catatanSupervisi: null,
    klaim: null,
    riwayat: null,
    verifikasiKedua: null,
  },
};
