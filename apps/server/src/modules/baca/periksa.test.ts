// Issue #35: the checks on what was read, against the registration – from pages built out of lines
// of text (each word with a made-up box and confidence), clean and with OCR's usual mistakes.

import { describe, expect, it } from 'vitest';
import type { DataDaftar, HalamanBaca, TemuanBaru } from './jenis.js';
import {
  AMBANG_KEYAKINAN_BERAT,
  AMBANG_KEYAKINAN_DOKUMEN,
  jenisTerbaca,
  MESIN_ATURAN,
  periksaDokumen,
} from './periksa.js';

const LEBAR = 1240;
const TINGGI = 1754;
const HURUF = 14;

/** A line, with the confidence of all its words or of each (90 unless said). */
type Garis = string | [teks: string, keyakinan: number | number[]];

/**
 * A page from lines of text: words 14 px a letter from x = 50 (spaces too, so many spaces make a
 * gap), 30 px high, lines 50 px apart from y = 40.
 */
function halaman(baris: Garis[]): HalamanBaca {
  const hasil = baris.map((g, i) => {
    const [teks, yakin] = typeof g === 'string' ? [g, 90] : g;
    const kata: HalamanBaca['baris'][number]['kata'] = [];
    const y0 = 40 + i * 50;
    for (const m of teks.matchAll(/\S+/g)) {
      const x0 = 50 + m.index * HURUF;
      const keyakinan = typeof yakin === 'number' ? yakin : (yakin[kata.length] ?? 90);
      kata.push({ teks: m[0], keyakinan, x0, y0, x1: x0 + m[0].length * HURUF, y1: y0 + 30 });
    }
    const keyakinan = kata.length ? kata.reduce((s, k) => s + k.keyakinan, 0) / kata.length : 0;
    return { teks, keyakinan, kata };
  });
  const kata = hasil.flatMap((b) => b.kata);
  const rata = kata.length ? kata.reduce((s, k) => s + k.keyakinan, 0) / kata.length : 0;
  return { lebar: LEBAR, tinggi: TINGGI, baris: hasil, keyakinan: rata, sumber: 'OCR' };
}

const DAFTAR: DataDaftar = {
  track: 'cpns',
  // Born 1 August 1995, a woman: 01 + 40 = 41.
  nik: '3201014108950001',
  nama: 'Siti Aminah',
  gelarDepan: null,
  gelarBelakang: 'S.Pd.',
  namaIjazah: null,
  tempatLahirKtp: 'Bogor',
  tanggalLahirKtp: '1995-08-01',
  tempatLahirIjazah: 'Bogor',
  tanggalLahirIjazah: '1995-08-01',
  jenisKelamin: 'P',
  domisiliProvinsi: 'Jawa Barat',
  domisiliKabupaten: 'Kabupaten Bogor',
  alamat: 'Jl. Merdeka No. 1, Bogor',
  lembaga: 'Universitas Pendidikan Indonesia',
  prodi: 'Pendidikan Matematika',
  noIjazah: 'UPI/2018/00001234',
  tglIjazah: '2018-09-20',
  ipk: '3.25',
  syaratProdi: 'Pendidikan Matematika',
  ipkMin: '3.00',
  tglTutup: '2024-09-15',
};

const daftar = (ubah: Partial<DataDaftar> = {}): DataDaftar => ({ ...DAFTAR, ...ubah });

interface Ktp {
  nik: string;
  nama: string;
  lahir: string;
  jk: string;
}

const ktp = (ubah: Partial<Ktp> = {}, label: Partial<Record<'nik' | 'nama' | 'lahir' | 'jk', string>> = {}) => {
  const isi = { nik: '3201014108950001', nama: 'SITI AMINAH', lahir: 'BOGOR, 01-08-1995', jk: 'PEREMPUAN', ...ubah };
  return [
    halaman([
      'PROVINSI JAWA BARAT',
      'KABUPATEN BOGOR',
      `${label.nik ?? 'NIK :'} ${isi.nik}`,
      `${label.nama ?? 'Nama :'} ${isi.nama}`,
      `${label.lahir ?? 'Tempat/Tgl Lahir :'} ${isi.lahir}`,
      `${label.jk ?? 'Jenis Kelamin :'} ${isi.jk} Gol. Darah : O`,
      'Alamat : JL. MERDEKA NO. 1',
      'RT/RW : 001/002',
      'Agama : ISLAM',
      'Status Perkawinan : BELUM KAWIN',
      'Pekerjaan : KARYAWAN SWASTA',
      'Kewarganegaraan : WNI',
      'Berlaku Hingga : SEUMUR HIDUP',
      'DOKUMEN CONTOH',
    ]),
  ];
};

interface Ijazah {
  lembaga: string;
  nomor: string;
  nama: string;
  lahir: string;
  prodi: string;
}

const ijazah = (ubah: Partial<Ijazah> = {}) => {
  const isi = {
    lembaga: 'UNIVERSITAS PENDIDIKAN INDONESIA',
    nomor: 'UPI/2018/00001234',
    nama: 'SITI AMINAH, S.Pd.',
    lahir: 'Bogor, 1 Agustus 1995',
    prodi: 'Pendidikan Matematika',
    ...ubah,
  };
  return [
    halaman([
      'UPI',
      isi.lembaga,
      'IJAZAH',
      `Nomor Ijazah: ${isi.nomor}`,
      'Diberikan kepada:',
      isi.nama,
      `Tempat dan Tanggal Lahir: ${isi.lahir}`,
      `Program Studi: ${isi.prodi}`,
      'Lulus pada tanggal: 20 September 2018',
      'Gelar: S.Pd.',
      'beserta segala hak dan kewajiban yang melekat pada gelar tersebut.',
      'Diterbitkan 1 Oktober 2018',
      'Rektor,',
      'Prof. Dr. Hj. Sri Rahayu, M.Pd.',
      'NIP. 19650101 199001 1 001',
    ]),
  ];
};

const transkrip = (ubah: Partial<{ nama: string; nomor: string; ipk: string }> = {}) => {
  const isi = {
    nama: 'Siti Aminah',
    nomor: 'UPI/2018/00001234',
    ipk: 'Indeks Prestasi Kumulatif (IPK): 3,25',
    ...ubah,
  };
  return [
    halaman([
      'UNIVERSITAS PENDIDIKAN INDONESIA',
      'TRANSKRIP AKADEMIK',
      `Nama: ${isi.nama}`,
      'NIM: 1412345678',
      `Nomor Ijazah: ${isi.nomor}`,
      'Program Studi: Pendidikan Matematika',
      'Kode Mata Kuliah SKS Nilai',
      'MKU100 Pendidikan Agama 2 A',
      'MKU117 Pendidikan Pancasila 2 B+',
      'PM134 Pengantar Pendidikan Matematika 3 A-',
      'PM151 Statistika 3 B',
      'PM219 Tugas Akhir 6 A',
      'Jumlah SKS: 144',
      isi.ipk,
      'Predikat Kelulusan: Sangat Memuaskan',
      'Tanggal Lulus: 20 September 2018',
    ]),
  ];
};

const str = (berlaku = 'Berlaku sampai: 12 Maret 2028', nama = 'Siti Aminah') => [
  halaman([
    'KKI',
    'KONSIL KESEHATAN INDONESIA',
    'SURAT TANDA REGISTRASI',
    'Nomor STR: 3120123456789012',
    'Diberikan kepada tenaga kesehatan yang tersebut di bawah ini:',
    `Nama: ${nama}`,
    'Tempat/Tgl Lahir: Bogor, 1 Agustus 1995',
    'Kompetensi: Keperawatan',
    berlaku,
    'Ditetapkan di Jakarta, 12 Maret 2023',
    'Ketua Konsil Kesehatan Indonesia,',
    'dr. Kartika Paramita, M.K.M.',
  ]),
];

const NAKES = daftar({ track: 'nakes', prodi: 'Keperawatan', syaratProdi: 'Keperawatan' });

const kode = (temuan: TemuanBaru[]) => temuan.map((t) => `${t.kode}:${t.tingkat}`).sort();
const satu = (temuan: TemuanBaru[], k: TemuanBaru['kode']) => {
  const ada = temuan.filter((t) => t.kode === k);
  expect(ada, JSON.stringify(temuan, null, 1)).toHaveLength(1);
  return ada[0] as TemuanBaru;
};

describe('MESIN_ATURAN', () => {
  it('names the rules and their version', () => {
    expect(MESIN_ATURAN).toMatch(/^aturan-periksa \d+$/);
  });
});

describe('clean documents', () => {
  it('a clean KTP: no finding, and its fields', () => {
    const hasil = periksaDokumen('KTP', ktp(), DAFTAR);
    expect(hasil.temuan).toEqual([]);
    expect(Object.fromEntries(Object.entries(hasil.bidang).map(([k, v]) => [k, v.nilai]))).toEqual({
      provinsi: 'PROVINSI JAWA BARAT',
      kabupaten: 'KABUPATEN BOGOR',
      nik: '3201014108950001',
      nama: 'SITI AMINAH',
      tempatLahir: 'BOGOR',
      tanggalLahir: '1995-08-01',
      jenisKelamin: 'P',
    });
    expect(hasil.bidang.nik?.keyakinan).toBe(90);
  });

  it('a clean ijazah: no finding', () => {
    const hasil = periksaDokumen('IJAZAH', ijazah(), DAFTAR);
    expect(hasil.temuan).toEqual([]);
    expect(hasil.bidang).toMatchObject({
      lembaga: { nilai: 'UNIVERSITAS PENDIDIKAN INDONESIA' },
      noIjazah: { nilai: 'UPI/2018/00001234' },
      nama: { nilai: 'SITI AMINAH, S.Pd.' },
      tempatLahir: { nilai: 'Bogor' },
      tanggalLahir: { nilai: '1995-08-01' },
      prodi: { nilai: 'Pendidikan Matematika' },
      tanggalLulus: { nilai: '2018-09-20' },
    });
  });

  it('a clean transkrip: no finding', () => {
    const hasil = periksaDokumen('TRANSKRIP', transkrip(), DAFTAR);
    expect(hasil.temuan).toEqual([]);
    expect(hasil.bidang).toMatchObject({
      ipk: { nilai: '3.25' },
      jumlahSks: { nilai: '144' },
      nama: { nilai: 'Siti Aminah' },
    });
  });

  it('a clean STR: no finding', () => {
    const hasil = periksaDokumen('STR', str(), NAKES);
    expect(hasil.temuan).toEqual([]);
    expect(hasil.bidang).toMatchObject({
      noStr: { nilai: '3120123456789012' },
      berlakuSampai: { nilai: '2028-03-12' },
      kompetensi: { nilai: 'Keperawatan' },
    });
  });

  it('a registration with a nama ijazah: the ijazah and transkrip compare with it', () => {
    const d = daftar({ namaIjazah: 'Siti A.' });
    expect(periksaDokumen('IJAZAH', ijazah({ nama: 'SITI A., S.Pd.' }), d).temuan).toEqual([]);
    expect(periksaDokumen('TRANSKRIP', transkrip({ nama: 'Siti A.' }), d).temuan).toEqual([]);
    expect(periksaDokumen('KTP', ktp(), d).temuan).toEqual([]);
    // The ijazah compares with the nama ijazah only; the STR may carry either.
    expect(kode(periksaDokumen('IJAZAH', ijazah(), d).temuan)).toEqual(['NAMA_MIRIP:PERIKSA']);
    expect(periksaDokumen('STR', str(), { ...NAKES, namaIjazah: 'Siti A.' }).temuan).toEqual([]);
  });
});

describe('boxes and confidence', () => {
  it("a finding's box is the value's words as fractions of the page, its confidence theirs", () => {
    const halamanKtp = ktp({ nik: '3201014108950009' });
    const nikBaris = halamanKtp[0]?.baris[2];
    if (nikBaris?.kata[2]) nikBaris.kata[2].keyakinan = 80;
    const t = satu(periksaDokumen('KTP', halamanKtp, DAFTAR).temuan, 'NIK_BERBEDA');
    // "NIK : 3201014108950009": the number starts at character 6 of the third line.
    expect(t.kotak).toEqual({
      halaman: 1,
      x: Math.round(((50 + 6 * HURUF) / LEBAR) * 10000) / 10000,
      y: Math.round(((40 + 2 * 50) / TINGGI) * 10000) / 10000,
      w: Math.round(((16 * HURUF) / LEBAR) * 10000) / 10000,
      h: Math.round((30 / TINGGI) * 10000) / 10000,
    });
    expect(t.keyakinan).toBe(80);
  });

  it('counts pages from 1', () => {
    const pages = [
      halaman(['Lembar pengesahan ini sengaja dikosongkan saja']),
      ...transkrip({ ipk: 'Indeks Prestasi Kumulatif (IPK): 2,50' }),
    ];
    const t = satu(periksaDokumen('TRANSKRIP', pages, DAFTAR).temuan, 'IPK_BERBEDA');
    expect(t.kotak?.halaman).toBe(2);
  });
});

describe('blank, unreadable and wrong documents', () => {
  it('a blank page: HALAMAN_KOSONG and nothing else', () => {
    for (const pages of [[], [halaman([])], [halaman(['.', '- ~']), halaman(['ab', '1 2 3'])]]) {
      const { temuan, bidang } = periksaDokumen('IJAZAH', pages, DAFTAR);
      expect(kode(temuan)).toEqual(['HALAMAN_KOSONG:BERAT']);
      expect(temuan[0]).toMatchObject({ alasan: 'DOKUMEN_TIDAK_TERBACA', nilaiBaca: null, kotak: null });
      expect(temuan[0]?.pesan).toMatch(/kosong/);
      expect(bidang).toEqual({});
    }
  });

  it('a document with one blank page among others is not blank', () => {
    expect(periksaDokumen('TRANSKRIP', [halaman([]), ...transkrip()], DAFTAR).temuan).toEqual([]);
  });

  it('a low-confidence reading: TIDAK_TERBACA and nothing else', () => {
    const buram = ktp()[0] as HalamanBaca;
    for (const baris of buram.baris) for (const kata of baris.kata) kata.keyakinan = AMBANG_KEYAKINAN_DOKUMEN - 15;
    const { temuan } = periksaDokumen('KTP', [buram], DAFTAR);
    expect(kode(temuan)).toEqual(['TIDAK_TERBACA:BERAT']);
    expect(temuan[0]?.alasan).toBe('DOKUMEN_TIDAK_TERBACA');
    expect(temuan[0]?.pesan).toMatch(/^Dokumen tidak dapat dibaca otomatis: terlalu buram/);
    expect(temuan[0]?.keyakinan).toBe(AMBANG_KEYAKINAN_DOKUMEN - 15);
  });

  it('garbage with no label and little clear text: TIDAK_TERBACA', () => {
    const sampah = halaman([
      ['rn~ ll1 ,.:;~ Ee ii', 50],
      ['wW\\ ~~;. lll ooo eE', 40],
      ['xq zz j#k', 55],
      ['TEMPEL DISINI', 90],
    ]);
    expect(kode(periksaDokumen('KTP', [sampah], DAFTAR).temuan)).toEqual(['TIDAK_TERBACA:BERAT']);
  });

  it('a KTP in the ijazah slot: JENIS_DOKUMEN_SALAH, and nothing else', () => {
    const { temuan } = periksaDokumen('IJAZAH', ktp(), DAFTAR);
    expect(kode(temuan)).toEqual(['JENIS_DOKUMEN_SALAH:BERAT']);
    expect(temuan[0]).toMatchObject({
      pesan: 'Dokumen pada slot Ijazah terbaca sebagai KTP.',
      alasan: 'DOKUMEN_TIDAK_TERBACA',
    });
  });

  it('other documents in the wrong slot', () => {
    expect(satu(periksaDokumen('IJAZAH', transkrip(), DAFTAR).temuan, 'JENIS_DOKUMEN_SALAH').pesan).toBe(
      'Dokumen pada slot Ijazah terbaca sebagai Transkrip.',
    );
    expect(satu(periksaDokumen('KTP', ijazah(), DAFTAR).temuan, 'JENIS_DOKUMEN_SALAH').pesan).toBe(
      'Dokumen pada slot KTP terbaca sebagai Ijazah.',
    );
    expect(satu(periksaDokumen('TRANSKRIP', str(), DAFTAR).temuan, 'JENIS_DOKUMEN_SALAH').pesan).toBe(
      'Dokumen pada slot Transkrip terbaca sebagai STR.',
    );
  });

  it('a clearly read paper of no known kind: JENIS_DOKUMEN_SALAH to look at, not berat', () => {
    const surat = halaman([
      'Perihal: Lamaran Pekerjaan',
      'Kepada Yth. Kepala Badan Kepegawaian Daerah',
      'Dengan hormat, saya yang bertanda tangan di bawah ini',
      'mengajukan lamaran untuk formasi yang tersedia.',
    ]);
    const { temuan } = periksaDokumen('KTP', [surat], DAFTAR);
    expect(kode(temuan)).toEqual(['JENIS_DOKUMEN_SALAH:PERIKSA']);
    expect(temuan[0]?.alasan).toBeNull();
    expect(temuan[0]?.pesan).toMatch(/tidak dikenali sebagai KTP/);
  });
});

describe('jenisTerbaca', () => {
  it('tells each kind apart', () => {
    expect(jenisTerbaca(ktp())).toBe('KTP');
    expect(jenisTerbaca(ijazah())).toBe('IJAZAH');
    expect(jenisTerbaca(transkrip())).toBe('TRANSKRIP');
    expect(jenisTerbaca(str())).toBe('STR');
    expect(jenisTerbaca([halaman(['Surat Pernyataan', 'Saya menyatakan dengan sebenarnya'])])).toBeNull();
    expect(jenisTerbaca([])).toBeNull();
  });

  it("sees through OCR's mistakes in the labels", () => {
    const ktpBuruk = halaman([
      'PROV1NSI JAWA BARAT',
      'N1K 3201014108950001',
      'Nama SITI AMINAH',
      'TempauTgi Lahir BOGOR, 01-08-1995',
      'Jenis Kelamln PEREMPUAN',
      'Agarna ISLAM',
    ]);
    expect(jenisTerbaca([ktpBuruk])).toBe('KTP');
    expect(jenisTerbaca([halaman(['lJAZAH', 'Diberikan kepacla:', 'SITI AMINAH'])])).toBe('IJAZAH');
    expect(jenisTerbaca([halaman(['TRANSKR1P AKADEMIK', 'Nama: Siti'])])).toBe('TRANSKRIP');
    expect(jenisTerbaca([halaman(['SURAT TANDA REG1STRASl', 'Nama: Siti'])])).toBe('STR');
  });

  it('an ijazah that prints its IPK is still an ijazah; the STR says "Diberikan kepada" too', () => {
    const pages = ijazah();
    pages[0]?.baris.push(...halaman(['dengan Indeks Prestasi Kumulatif 3,25']).baris);
    expect(jenisTerbaca(pages)).toBe('IJAZAH');
    expect(jenisTerbaca(str())).toBe('STR');
  });
});

describe('KTP', () => {
  it('NIK_BERBEDA: berat, naming both', () => {
    const t = satu(periksaDokumen('KTP', ktp({ nik: '3201014108950010' }), DAFTAR).temuan, 'NIK_BERBEDA');
    expect(t).toMatchObject({
      tingkat: 'BERAT',
      alasan: 'DOKUMEN_TIDAK_TERBACA',
      kolom: 'NIK',
      nilaiBaca: '3201014108950010',
      nilaiDaftar: '3201014108950001',
    });
    expect(t.pesan).toContain('3201014108950010');
    expect(t.pesan).toContain('3201014108950001');
  });

  it('a NIK read with little confidence that differs: only to look at', () => {
    const pages = ktp({ nik: '3201014108950010' });
    const kata = pages[0]?.baris[2]?.kata[2];
    if (kata) kata.keyakinan = AMBANG_KEYAKINAN_BERAT - 10;
    const t = satu(periksaDokumen('KTP', pages, DAFTAR).temuan, 'NIK_BERBEDA');
    expect(t).toMatchObject({ tingkat: 'PERIKSA', alasan: null });
    expect(t.pesan).toMatch(/Keyakinan baca rendah/);
  });

  it("reads the NIK through OCR's letters, spaces and a lost colon", () => {
    for (const [nik, label] of [
      ['32O1O141O8950OO1', 'NIK :'],
      ['3201 0141 0895 0001', 'NIK'],
      ['32Ol0l4lO8950OOl', 'NIK::'],
      ['3ZO1O14lO895OOO1', 'N1K:'],
      ['3201014IO8950OO1', 'NIK;'],
    ] as const) {
      const hasil = periksaDokumen('KTP', ktp({ nik }, { nik: label }), DAFTAR);
      expect(hasil.temuan, `${label} ${nik}`).toEqual([]);
      expect(hasil.bidang.nik?.nilai).toBe('3201014108950001');
    }
  });

  it('a NIK with letters that are no digit, or too few digits: NIK_TIDAK_SAH to look at', () => {
    for (const nik of ['3201X14108950001', '320101410895001']) {
      const t = satu(periksaDokumen('KTP', ktp({ nik }), DAFTAR).temuan, 'NIK_TIDAK_SAH');
      expect(t).toMatchObject({ tingkat: 'PERIKSA', alasan: null, nilaiDaftar: DAFTAR.nik });
      expect(periksaDokumen('KTP', ktp({ nik }), DAFTAR).temuan.some((x) => x.kode === 'NIK_BERBEDA')).toBe(false);
    }
  });

  it('a NIK read whose own digits are wrong: NIK_BERBEDA and NIK_TIDAK_SAH to look at', () => {
    // Province 20 does not exist.
    const salahProvinsi = periksaDokumen('KTP', ktp({ nik: '2001014108950001' }), DAFTAR).temuan;
    expect(kode(salahProvinsi)).toEqual(['NIK_BERBEDA:BERAT', 'NIK_TIDAK_SAH:PERIKSA']);
    expect(satu(salahProvinsi, 'NIK_TIDAK_SAH').pesan).toMatch(/kode provinsi 20/i);
    // A man's day (01, no 40) on a woman's KTP.
    const salahJk = periksaDokumen('KTP', ktp({ nik: '3201010108950001' }), DAFTAR).temuan;
    expect(satu(salahJk, 'NIK_TIDAK_SAH').pesan).toMatch(/laki-laki/);
  });

  it('the registered NIK inconsistent with the registered birth date or sex: NIK_TIDAK_SAH berat', () => {
    // The registration says a man, the NIK a woman.
    const t = satu(
      periksaDokumen('KTP', ktp({ jk: 'LAKI-LAKI' }), daftar({ jenisKelamin: 'L' })).temuan,
      'NIK_TIDAK_SAH',
    );
    expect(t).toMatchObject({
      tingkat: 'BERAT',
      alasan: 'DOKUMEN_TIDAK_TERBACA',
      nilaiDaftar: DAFTAR.nik,
      nilaiBaca: null,
    });
    // The registration's birth date is another day than the NIK's.
    const lain = daftar({ tanggalLahirKtp: '1995-08-02' });
    const temuan = periksaDokumen('KTP', ktp({ lahir: 'BOGOR, 02-08-1995' }), lain).temuan;
    expect(kode(temuan)).toEqual(['NIK_TIDAK_SAH:BERAT']);
    expect(temuan[0]?.pesan).toMatch(/tanggal lahir/);
  });

  it('a woman and a man with consistent NIKs: nothing', () => {
    const lakiLaki = daftar({
      nik: '3171011708950002',
      nama: 'Budi Santoso',
      jenisKelamin: 'L',
      tanggalLahirKtp: '1995-08-17',
    });
    const pages = ktp({ nik: '3171011708950002', nama: 'BUDI SANTOSO', lahir: 'BOGOR, 17-08-1995', jk: 'LAKI-LAKI' });
    expect(periksaDokumen('KTP', pages, lakiLaki).temuan).toEqual([]);
    expect(periksaDokumen('KTP', ktp(), DAFTAR).temuan).toEqual([]);
  });

  it('NIK not found at all: one finding to look at', () => {
    const pages = ktp();
    pages[0]?.baris.splice(2, 1);
    const t = satu(periksaDokumen('KTP', pages, DAFTAR).temuan, 'TIDAK_TERBACA');
    expect(t).toMatchObject({
      tingkat: 'PERIKSA',
      kolom: 'NIK',
      nilaiBaca: null,
      pesan: 'NIK tidak terbaca pada KTP; periksa manual.',
    });
  });

  it('a NIK without its label is still found', () => {
    const hasil = periksaDokumen('KTP', ktp({}, { nik: '' }), DAFTAR);
    expect(hasil.temuan).toEqual([]);
    expect(hasil.bidang.nik?.nilai).toBe(DAFTAR.nik);
  });

  it('name: the same, a variant (NAMA_MIRIP), another (NAMA_BERBEDA)', () => {
    expect(periksaDokumen('KTP', ktp({ nama: 'Hj. SITI AMINAH' }), DAFTAR).temuan).toEqual([]);
    const mirip = satu(periksaDokumen('KTP', ktp({ nama: 'SITTI AMINAH' }), DAFTAR).temuan, 'NAMA_MIRIP');
    expect(mirip).toMatchObject({
      tingkat: 'PERIKSA',
      alasan: null,
      nilaiBaca: 'SITTI AMINAH',
      nilaiDaftar: 'Siti Aminah',
    });
    const beda = satu(periksaDokumen('KTP', ktp({ nama: 'DEWI LESTARI' }), DAFTAR).temuan, 'NAMA_BERBEDA');
    expect(beda).toMatchObject({ tingkat: 'BERAT', alasan: 'NAMA_BERBEDA', kolom: 'Nama' });
    expect(beda.pesan).toBe('Nama pada KTP (DEWI LESTARI) berbeda dengan nama pendaftaran (Siti Aminah).');
  });

  it('Muhammad and Nur in their spellings: NAMA_MIRIP', () => {
    const d = daftar({ nama: 'Muhammad Nur Hidayat' });
    for (const nama of ['MUHAMAD NUR HIDAYAT', 'MOH. NUR HIDAYAT', 'MUHAMMAD NOER HIDAJAT']) {
      const temuan = periksaDokumen('KTP', ktp({ nama }), d).temuan;
      expect(kode(temuan), nama).toEqual(['NAMA_MIRIP:PERIKSA']);
    }
  });

  it('name not found: one finding to look at', () => {
    const pages = ktp();
    pages[0]?.baris.splice(3, 1);
    const t = satu(periksaDokumen('KTP', pages, DAFTAR).temuan, 'TIDAK_TERBACA');
    expect(t).toMatchObject({ tingkat: 'PERIKSA', kolom: 'Nama', nilaiBaca: null, nilaiDaftar: 'Siti Aminah' });
  });

  it('birth date differs: LAHIR_BERBEDA berat, dates as DD/MM/YYYY', () => {
    const t = satu(periksaDokumen('KTP', ktp({ lahir: 'BOGOR, 02-09-1995' }), DAFTAR).temuan, 'LAHIR_BERBEDA');
    expect(t).toMatchObject({
      tingkat: 'BERAT',
      alasan: 'DOKUMEN_TIDAK_TERBACA',
      kolom: 'Tanggal lahir',
      nilaiBaca: '02/09/1995',
      nilaiDaftar: '01/08/1995',
    });
  });

  it('birth place differs: LAHIR_BERBEDA to look at; a "Kota" prefix or OCR slip is not a difference', () => {
    const t = satu(periksaDokumen('KTP', ktp({ lahir: 'SURABAYA, 01-08-1995' }), DAFTAR).temuan, 'LAHIR_BERBEDA');
    expect(t).toMatchObject({
      tingkat: 'PERIKSA',
      alasan: null,
      kolom: 'Tempat lahir',
      nilaiBaca: 'SURABAYA',
      nilaiDaftar: 'Bogor',
    });
    expect(periksaDokumen('KTP', ktp({ lahir: 'KOTA BOGOR, 01-08-1995' }), DAFTAR).temuan).toEqual([]);
    expect(periksaDokumen('KTP', ktp({ lahir: 'B0GOR 01-08-1995' }), DAFTAR).temuan).toEqual([]);
  });

  it("reads the birth line through OCR's mistakes", () => {
    for (const [label, lahir] of [
      ['TempauTgi Lahir :', 'BOGOR, 01-08-1995'],
      ['Tempat/Tgl Lahir', 'BOGOR, O1-O8-1995'],
      ['Tempat/Tgl. Lahir ::', 'BOGOR,01-08-l995'],
      ['TEMPAT/TGL LAHIR :', 'BOGOR 01 08 1995'],
      ['Tempat / Tgl Lahir :', 'BOGOR, 01/08/1995'],
    ] as const) {
      const hasil = periksaDokumen('KTP', ktp({ lahir }, { lahir: label }), DAFTAR);
      expect(hasil.temuan, `${label} ${lahir}`).toEqual([]);
      expect(hasil.bidang.tanggalLahir?.nilai, `${label} ${lahir}`).toBe('1995-08-01');
    }
  });

  it('sex differs: JENIS_KELAMIN_BERBEDA to look at', () => {
    const t = satu(periksaDokumen('KTP', ktp({ jk: 'LAKI-LAKI' }), DAFTAR).temuan, 'JENIS_KELAMIN_BERBEDA');
    expect(t).toMatchObject({ tingkat: 'PERIKSA', alasan: null, nilaiBaca: 'Laki-laki', nilaiDaftar: 'Perempuan' });
    expect(periksaDokumen('KTP', ktp({ jk: 'PEREMPUAM' }, { jk: 'Jenis Kelamln' }), DAFTAR).temuan).toEqual([]);
  });
});

describe('IJAZAH', () => {
  it('the name with titles is the same; another is NAMA_BERBEDA berat', () => {
    expect(periksaDokumen('IJAZAH', ijazah({ nama: 'Hj. SITI AMINAH, S.Pd.' }), DAFTAR).temuan).toEqual([]);
    const t = satu(periksaDokumen('IJAZAH', ijazah({ nama: 'DEWI LESTARI, S.Pd.' }), DAFTAR).temuan, 'NAMA_BERBEDA');
    expect(t).toMatchObject({ tingkat: 'BERAT', alasan: 'NAMA_BERBEDA' });
    expect(t.pesan).toMatch(/pada ijazah/);
    expect(kode(periksaDokumen('IJAZAH', ijazah({ nama: 'SITI AMINA, S.Pd.' }), DAFTAR).temuan)).toEqual([
      'NAMA_MIRIP:PERIKSA',
    ]);
  });

  it('nomor ijazah: one character apart is to look at, more is berat; spaces and O/0 are not a difference', () => {
    expect(periksaDokumen('IJAZAH', ijazah({ nomor: 'UPI / 2018 / OOOO1234' }), DAFTAR).temuan).toEqual([]);
    const satuHuruf = satu(
      periksaDokumen('IJAZAH', ijazah({ nomor: 'UPI/2018/00001284' }), DAFTAR).temuan,
      'NO_IJAZAH_BERBEDA',
    );
    expect(satuHuruf).toMatchObject({ tingkat: 'PERIKSA', alasan: null });
    const lain = satu(
      periksaDokumen('IJAZAH', ijazah({ nomor: 'UPI/2019/00447712' }), DAFTAR).temuan,
      'NO_IJAZAH_BERBEDA',
    );
    expect(lain).toMatchObject({
      tingkat: 'BERAT',
      alasan: 'DOKUMEN_TIDAK_TERBACA',
      nilaiBaca: 'UPI/2019/00447712',
      nilaiDaftar: 'UPI/2018/00001234',
    });
  });

  it('programme outside the formasi: PRODI_BERBEDA berat (PENDIDIKAN)', () => {
    const t = satu(periksaDokumen('IJAZAH', ijazah({ prodi: 'Teknik Mesin' }), DAFTAR).temuan, 'PRODI_BERBEDA');
    expect(t).toMatchObject({
      tingkat: 'BERAT',
      alasan: 'PENDIDIKAN',
      nilaiBaca: 'Teknik Mesin',
      nilaiDaftar: 'Pendidikan Matematika',
    });
  });

  it("programme in the formasi's list but not the registered one: to look at", () => {
    const d = daftar({ syaratProdi: 'S-1 Pendidikan Matematika / Matematika; Statistika atau Pendidikan Fisika' });
    expect(periksaDokumen('IJAZAH', ijazah(), d).temuan).toEqual([]);
    const t = satu(periksaDokumen('IJAZAH', ijazah({ prodi: 'Statistika' }), d).temuan, 'PRODI_BERBEDA');
    expect(t).toMatchObject({ tingkat: 'PERIKSA', alasan: null, nilaiDaftar: 'Pendidikan Matematika' });
    expect(t.pesan).toMatch(/sesuai dengan kualifikasi formasi/);
  });

  it('programmes written differently still match', () => {
    const cases: [string, string, string][] = [
      ['S1 Pendidikan Matematika', 'Pendidikan Matematika', 'Pendidikan Matematika'],
      ['Keperawatan (Ners)', 'Keperawatan (Ners)', 'S-1 Keperawatan + Ners'],
      [
        'Pendidikan Bahasa dan Sastra Indonesia',
        'Pendidikan Bahasa dan Sastra Indonesia',
        'S-1 Pendidikan Bahasa Indonesia',
      ],
      ['Pendidikan Ilmu Pengetahuan Alam', 'Pendidikan Ilmu Pengetahuan Alam', 'Pendidikan IPA'],
      ['D-III Teknologi Laboratorium Medis', 'Teknologi Laboratorium Medis', 'Teknologi Laboratorium Medis'],
      ['Teknik lnformatika', 'Teknik Informatika', 'Teknik Informatika'],
      ['Pendidikan Dokter', 'Pendidikan Dokter', 'Kedokteran'],
    ];
    for (const [dibaca, prodi, syaratProdi] of cases) {
      expect(
        periksaDokumen('IJAZAH', ijazah({ prodi: dibaca }), daftar({ prodi, syaratProdi })).temuan,
        dibaca,
      ).toEqual([]);
    }
  });

  it('a school-level formasi (SMA/Sederajat) asks no programme', () => {
    const d = daftar({ prodi: 'IPA', syaratProdi: 'SMA/Sederajat' });
    expect(periksaDokumen('IJAZAH', ijazah({ prodi: 'IPA' }), d).temuan).toEqual([]);
  });

  it('programme not found: one finding to look at', () => {
    const pages = ijazah();
    pages[0]?.baris.splice(7, 1);
    expect(satu(periksaDokumen('IJAZAH', pages, DAFTAR).temuan, 'TIDAK_TERBACA')).toMatchObject({
      kolom: 'Program studi',
      tingkat: 'PERIKSA',
      nilaiBaca: null,
    });
  });

  it('birth place and date against the ijazah registration', () => {
    const temuan = periksaDokumen('IJAZAH', ijazah({ lahir: 'Bogor, 2 Agustus 1995' }), DAFTAR).temuan;
    expect(satu(temuan, 'LAHIR_BERBEDA')).toMatchObject({
      tingkat: 'BERAT',
      nilaiBaca: '02/08/1995',
      nilaiDaftar: '01/08/1995',
    });
    // The registration's ijazah data, not the KTP's.
    const d = daftar({ tempatLahirIjazah: 'Cianjur', tanggalLahirIjazah: '1995-08-02' });
    expect(periksaDokumen('IJAZAH', ijazah({ lahir: 'Cianjur, 2 Agustus 1995' }), d).temuan).toEqual([]);
    // Month names as OCR misreads them.
    expect(periksaDokumen('IJAZAH', ijazah({ lahir: 'Bogor, 1 Agusuts 1995' }), DAFTAR).temuan).toEqual([]);
    expect(periksaDokumen('IJAZAH', ijazah({ lahir: 'Bogor, l Agustus I995' }), DAFTAR).temuan).toEqual([]);
  });

  it('another institution: LEMBAGA_BERBEDA to look at', () => {
    const t = satu(
      periksaDokumen('IJAZAH', ijazah({ lembaga: 'UNIVERSITAS GADJAH MADA' }), DAFTAR).temuan,
      'LEMBAGA_BERBEDA',
    );
    expect(t).toMatchObject({ tingkat: 'PERIKSA', alasan: null, nilaiBaca: 'UNIVERSITAS GADJAH MADA' });
    expect(periksaDokumen('IJAZAH', ijazah({ lembaga: 'UNIVERSITAS PENDIDlKAN INDONESA' }), DAFTAR).temuan).toEqual([]);
    const poltekkes = daftar({ lembaga: 'Politeknik Kesehatan Kemenkes Jakarta II' });
    expect(periksaDokumen('IJAZAH', ijazah({ lembaga: 'POLTEKKES KEMENKES JAKARTA II' }), poltekkes).temuan).toEqual(
      [],
    );
  });

  it('name not found: one finding to look at', () => {
    const pages = ijazah();
    pages[0]?.baris.splice(4, 2);
    const temuan = periksaDokumen('IJAZAH', pages, DAFTAR).temuan;
    expect(kode(temuan)).toEqual(['TIDAK_TERBACA:PERIKSA']);
    expect(temuan[0]?.kolom).toBe('Nama');
  });
});

describe('TRANSKRIP', () => {
  it('IPK with a comma, a dot or a space: the same', () => {
    for (const ipk of [
      'Indeks Prestasi Kumulatif (IPK): 3,25',
      'Indeks Prestasi Kumulatif (IPK) : 3.25',
      'IPK: 3 ,25',
      'IPK 3,2S',
      'lndeks Prestasi Kumulatif: 3,25',
    ]) {
      const hasil = periksaDokumen('TRANSKRIP', transkrip({ ipk }), DAFTAR);
      expect(hasil.temuan, ipk).toEqual([]);
      expect(hasil.bidang.ipk?.nilai, ipk).toBe('3.25');
    }
  });

  it("the semester's index is not the IPK", () => {
    const pages = transkrip();
    pages[0]?.baris.splice(12, 0, ...halaman(['Indeks Prestasi Semester: 3,90']).baris);
    const hasil = periksaDokumen('TRANSKRIP', pages, DAFTAR);
    expect(hasil.temuan).toEqual([]);
    expect(hasil.bidang.ipk?.nilai).toBe('3.25');
  });

  it('IPK differs: IPK_BERBEDA berat, in the format of IPKs', () => {
    const t = satu(periksaDokumen('TRANSKRIP', transkrip({ ipk: 'IPK: 3,52' }), DAFTAR).temuan, 'IPK_BERBEDA');
    expect(t).toMatchObject({
      tingkat: 'BERAT',
      alasan: 'DOKUMEN_TIDAK_TERBACA',
      nilaiBaca: '3,52',
      nilaiDaftar: '3,25',
    });
    expect(t.pesan).toBe('IPK pada transkrip (3,52) berbeda dengan data pendaftaran (3,25).');
  });

  it('IPK under the requirement: IPK_DI_BAWAH_SYARAT berat (IPK), beside IPK_BERBEDA', () => {
    const temuan = periksaDokumen('TRANSKRIP', transkrip({ ipk: 'IPK: 2,85' }), DAFTAR).temuan;
    expect(kode(temuan)).toEqual(['IPK_BERBEDA:BERAT', 'IPK_DI_BAWAH_SYARAT:BERAT']);
    expect(satu(temuan, 'IPK_DI_BAWAH_SYARAT')).toMatchObject({
      alasan: 'IPK',
      nilaiBaca: '2,85',
      nilaiDaftar: '3,00',
    });
    // Registered as read, but under the requirement.
    const rendah = periksaDokumen('TRANSKRIP', transkrip({ ipk: 'IPK: 2,85' }), daftar({ ipk: '2.85' })).temuan;
    expect(kode(rendah)).toEqual(['IPK_DI_BAWAH_SYARAT:BERAT']);
    // At the requirement is enough.
    expect(periksaDokumen('TRANSKRIP', transkrip({ ipk: 'IPK: 3,00' }), daftar({ ipk: '3.00' })).temuan).toEqual([]);
  });

  it('IPK not found: one finding to look at', () => {
    const t = satu(
      periksaDokumen('TRANSKRIP', transkrip({ ipk: 'Predikat: Memuaskan' }), DAFTAR).temuan,
      'TIDAK_TERBACA',
    );
    expect(t).toMatchObject({ kolom: 'IPK', tingkat: 'PERIKSA', nilaiBaca: null, nilaiDaftar: '3,25' });
  });

  it('another name is only to look at on a transkrip', () => {
    const t = satu(periksaDokumen('TRANSKRIP', transkrip({ nama: 'Dewi Lestari' }), DAFTAR).temuan, 'NAMA_BERBEDA');
    expect(t).toMatchObject({ tingkat: 'PERIKSA', alasan: null });
    expect(kode(periksaDokumen('TRANSKRIP', transkrip({ nama: 'Sity Aminah' }), DAFTAR).temuan)).toEqual([
      'NAMA_MIRIP:PERIKSA',
    ]);
  });

  it('nomor ijazah is checked on the transkrip too', () => {
    const t = satu(
      periksaDokumen('TRANSKRIP', transkrip({ nomor: 'UPI/2017/00998877' }), DAFTAR).temuan,
      'NO_IJAZAH_BERBEDA',
    );
    expect(t.tingkat).toBe('BERAT');
  });
});

describe('STR', () => {
  it('expired before the registration closed: STR_KEDALUWARSA berat', () => {
    const t = satu(periksaDokumen('STR', str('Berlaku sampai: 1 Juni 2024'), NAKES).temuan, 'STR_KEDALUWARSA');
    expect(t).toMatchObject({
      tingkat: 'BERAT',
      alasan: 'DOKUMEN_TIDAK_TERBACA',
      nilaiBaca: '01/06/2024',
      nilaiDaftar: '15/09/2024',
    });
  });

  it("reads the date through OCR's joins and misreadings", () => {
    for (const baris of [
      'Berlaku sampai: 5.Agustus 2028',
      'Berlaku sampai 5 Agusuts 2O28',
      'Berlaku sampai : 05-08-2028',
    ]) {
      const hasil = periksaDokumen('STR', str(baris), NAKES);
      expect(hasil.temuan, baris).toEqual([]);
      expect(hasil.bidang.berlakuSampai?.nilai, baris).toBe('2028-08-05');
    }
  });

  it('valid on the closing day, for life, or with no closing date set: nothing', () => {
    expect(periksaDokumen('STR', str('Berlaku sampai: 15 September 2024'), NAKES).temuan).toEqual([]);
    const seumurHidup = periksaDokumen('STR', str('Berlaku sampai: SEUMUR HIDUP'), NAKES);
    expect(seumurHidup.temuan).toEqual([]);
    expect(seumurHidup.bidang.berlakuSampai?.nilai).toBe('SEUMUR HIDUP');
    expect(periksaDokumen('STR', str('Berlaku sampai: 1 Juni 2024'), { ...NAKES, tglTutup: null }).temuan).toEqual([]);
  });

  it('a date that cannot be read, or no such line: STR_KEDALUWARSA to look at', () => {
    for (const baris of ['Berlaku sampai: ~~ ## ~~', 'Kode Etik: berlaku']) {
      const t = satu(periksaDokumen('STR', str(baris), NAKES).temuan, 'STR_KEDALUWARSA');
      expect(t, baris).toMatchObject({ tingkat: 'PERIKSA', alasan: null });
      expect(t.pesan).toMatch(/tidak dapat dibaca/);
    }
  });

  it('another name is only to look at on an STR; the name may carry titles', () => {
    expect(periksaDokumen('STR', str(undefined, 'Ns. Siti Aminah, S.Kep.'), NAKES).temuan).toEqual([]);
    const t = satu(periksaDokumen('STR', str(undefined, 'Dewi Lestari'), NAKES).temuan, 'NAMA_BERBEDA');
    expect(t).toMatchObject({ tingkat: 'PERIKSA', alasan: null });
  });
});

describe("what tesseract really makes of the demo's documents", () => {
  it("a KTP photo's edge read as scraps after the values", () => {
    const foto = ' '.repeat(12);
    const pages = [
      halaman([
        'PROVINSI JAWA BARAT',
        'KABUPATEN BOGOR',
        [`NIK : 3201014108950001${foto}Sea`, [95, 95, 60, 20]],
        [`Nama : SITI AMINAH${foto}cd D`, [95, 95, 90, 90, 15, 10]],
        [`TempauTgi Lahir — : BOGOR, 01-08-1995${foto}DN r.`, [60, 90, 40, 90, 96, 96, 20, 10]],
        [`Jenis Kelamin PEREMPUAN r an Dn.`, [90, 90, 96, 10, 12, 20]],
        'Agama : ISLAM',
        'Status Perkawinan : KAWIN',
        'Kewarganegaraan : WNI',
      ]),
    ];
    const hasil = periksaDokumen('KTP', pages, DAFTAR);
    expect(hasil.temuan).toEqual([]);
    expect(hasil.bidang).toMatchObject({
      nik: { nilai: DAFTAR.nik },
      nama: { nilai: 'SITI AMINAH' },
      tempatLahir: { nilai: 'BOGOR' },
      tanggalLahir: { nilai: '1995-08-01' },
      jenisKelamin: { nilai: 'P' },
    });
  });

  it('a speck after "Diberikan kepada:" and before the name', () => {
    const pages = ijazah();
    const baris = pages[0]?.baris;
    if (baris) {
      baris[4] = halaman([['Diberikan kepada: h', [96, 96, 25]]]).baris[0] as (typeof baris)[number];
      baris[5] = halaman([[`i${' '.repeat(8)}SITI AMINAH, S.Pd.`, [24, 95, 95, 95]]])
        .baris[0] as (typeof baris)[number];
    }
    const hasil = periksaDokumen('IJAZAH', pages, DAFTAR);
    expect(hasil.temuan).toEqual([]);
    expect(hasil.bidang.nama?.nilai).toBe('SITI AMINAH, S.Pd.');
  });

  it('stray colons, specks before a label, short name words read with little confidence', () => {
    const d = daftar({ nama: 'Sri Ni Luh Ginting' });
    const pages = ktp({ nama: 'SRI NI LUH GINTING', lahir: 'BOGOR, 01-08-1995 si :' }, { nik: '| NIK :' });
    const baris = pages[0]?.baris;
    if (baris) {
      baris[3] = halaman([['Nama : SRI NI LUH GINTING . D : ip :', [96, 90, 35, 30, 35, 90, 10, 15, 50, 20, 50]]])
        .baris[0] as (typeof baris)[number];
    }
    const hasil = periksaDokumen('KTP', pages, d);
    expect(hasil.temuan).toEqual([]);
    expect(hasil.bidang.nama?.nilai).toBe('SRI NI LUH GINTING');
    expect(hasil.bidang.nik?.nilai).toBe(DAFTAR.nik);

    const ijazahNoda = ijazah();
    const kepada = ijazahNoda[0]?.baris;
    if (kepada) kepada[4] = halaman([['3 Diberikan kepada:', [30, 96, 96]]]).baris[0] as (typeof kepada)[number];
    expect(periksaDokumen('IJAZAH', ijazahNoda, DAFTAR).temuan).toEqual([]);
  });

  it('a name like a label is still a name: SITI SARAH is not cut at "Darah"', () => {
    const d = daftar({ nama: 'Siti Sarah Gilar' });
    expect(periksaDokumen('KTP', ktp({ nama: 'SITI SARAH GILAR' }), d).temuan).toEqual([]);
  });

  it('a stroke read beside a slash, a trailing colon, a speck on the title line', () => {
    const d = daftar({
      noIjazah: 'USRIWI/2014/00000002',
      tempatLahirIjazah: 'Surabaya',
      tanggalLahirIjazah: '1992-08-17',
    });
    const pages = ijazah({ nomor: 'USRIWI1/2014/00000002', lahir: 'Surabaya, 17 Agustus 1992 :' });
    const title = pages[0]?.baris[2];
    if (title) title.kata.push({ ...(title.kata[0] as (typeof title.kata)[number]), teks: 'j', x0: 400, x1: 410 });
    const hasil = periksaDokumen('IJAZAH', pages, d);
    expect(hasil.temuan).toEqual([]);
    expect(hasil.bidang.tanggalLahir?.nilai).toBe('1992-08-17');
    expect(hasil.bidang.noIjazah?.nilai).toBe('USRIWI1/2014/00000002');
    // A real difference beside the slash is still one.
    const lain = ijazah({ nomor: 'USRIWA/2014/00000002', lahir: 'Surabaya, 17 Agustus 1992' });
    expect(kode(periksaDokumen('IJAZAH', lain, d).temuan)).toEqual(['NO_IJAZAH_BERBEDA:PERIKSA']);
  });

  it("an empty scan's grain: low-confidence scraps all over the page are a blank page", () => {
    // Big boxes of nothing, everywhere: 40 "words" of 120 × 100 px.
    const grain: HalamanBaca = {
      lebar: 1160,
      tinggi: 786,
      keyakinan: 9,
      sumber: 'OCR',
      baris: Array.from({ length: 8 }, (_, i) => ({
        teks: 'Ll .. HA pe BA',
        keyakinan: 9,
        kata: ['Ll', '..', 'HA', 'pe', 'BA'].map((teks, j) => ({
          teks,
          keyakinan: 9,
          x0: j * 220,
          y0: i * 95,
          x1: j * 220 + 120,
          y1: i * 95 + 100,
        })),
      })),
    };
    expect(kode(periksaDokumen('KTP', [grain], DAFTAR).temuan)).toEqual(['HALAMAN_KOSONG:BERAT']);
    // The same scraps in small boxes: blurred text, not an empty page.
    for (const baris of grain.baris) for (const kata of baris.kata) kata.y1 = kata.y0 + 20;
    expect(kode(periksaDokumen('KTP', [grain], DAFTAR).temuan)).toEqual(['TIDAK_TERBACA:BERAT']);
  });
});

describe('findings', () => {
  it('every finding is well formed: confidence 0–100, a box inside the page, alasan only on berat', () => {
    const semua = [
      periksaDokumen(
        'KTP',
        ktp({ nik: '2001014108950001', nama: 'DEWI', lahir: 'SURABAYA, 02-09-1995', jk: 'LAKI-LAKI' }),
        DAFTAR,
      ),
      periksaDokumen(
        'IJAZAH',
        ijazah({ lembaga: 'UNIVERSITAS GADJAH MADA', nomor: 'X/1', prodi: 'Teknik Mesin' }),
        DAFTAR,
      ),
      periksaDokumen('TRANSKRIP', transkrip({ ipk: 'IPK: 2,10' }), DAFTAR),
      periksaDokumen('STR', str('Berlaku sampai: 1 Juni 2020'), NAKES),
    ].flatMap((h) => h.temuan);
    expect(semua.length).toBeGreaterThan(10);
    for (const t of semua) {
      expect(t.keyakinan).toBeGreaterThanOrEqual(0);
      expect(t.keyakinan).toBeLessThanOrEqual(100);
      if (t.tingkat === 'BERAT') expect(t.alasan).not.toBeNull();
      if (t.tingkat === 'PERIKSA') expect(t.alasan).toBeNull();
      if (t.kotak) {
        expect(t.kotak.halaman).toBe(1);
        for (const n of [t.kotak.x, t.kotak.y, t.kotak.w, t.kotak.h]) expect(n >= 0 && n <= 1).toBe(true);
      }
      expect(t.pesan).toMatch(/\.$/);
    }
  });
});
