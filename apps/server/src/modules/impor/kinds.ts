// Issue #18: what each kind of selection-data file holds. One definition per kind — its columns
// (name, type, required, example, explanation, how a cell is read) and its natural key — drives
// the validator, GET /api/admin/impor/jenis, the XLSX template and docs/impor.md, so they cannot
// drift apart. Reading files is read.ts; what a row does to the database is merge.ts.

import {
  DOKUMEN_PER_TRACK,
  IMPOR_JENIS_NAMA,
  type ImporJenis,
  type ImporJenisInfo,
  JENIS_FORMASI,
  TAHAP,
  TRACK_IDS,
} from '@portal/contract';
import { diawaliRumus } from '../export/formula.js';

/** A cell's value once read: text, number or null (empty and not required). */
export type Nilai = string | number | null;

export interface Kolom {
  nama: string;
  tipe: string;
  wajib: boolean;
  contoh: string;
  keterangan: string;
  /** Reads the cell's text; throws a message (Indonesian) when it is not acceptable. */
  baca: (teks: string) => Nilai;
}

export interface JenisImpor {
  jenis: ImporJenis;
  kunci: string[];
  kolom: Kolom[];
}

class Tolak extends Error {}
/** A cell that cannot be taken, and why. */
export const tolak = (pesan: string): never => {
  throw new Tolak(pesan);
};
export const isTolak = (error: unknown): error is Tolak => error instanceof Tolak;

/**
 * Free text. Issue #30: text that a spreadsheet would run as a formula (= + - @ first, see
 * export/formula.ts) is refused, not stored: names and codes reach every export and official
 * document once applied, and refusing says which row and cell to fix, where quietly neutralising
 * would store `'@SUM(1)` as an instansi's name. The exports neutralise anyway (text typed on the
 * screens, data from before this rule).
 */
const teks =
  (max: number) =>
  (t: string): string =>
    t.length > max
      ? tolak(`paling banyak ${max} karakter`)
      : diawaliRumus(t)
        ? tolak('tidak boleh diawali =, +, - atau @ (dibaca sebagai rumus oleh Excel)')
        : t;

const pilihan =
  (values: readonly string[]) =>
  (t: string): string =>
    values.find((x) => x.toLowerCase() === t.toLowerCase()) ?? tolak(`harus salah satu dari: ${values.join(', ')}`);

const digit =
  (panjang: number, nama: string) =>
  (t: string): string =>
    new RegExp(`^\\d{${panjang}}$`).test(t) ? t : tolak(`${nama} harus ${panjang} angka`);

/**
 * Issue #32: what a refusal of a cell's shape ends with, so the operator knows what to write
 * instead (periksaBaris adds the column's example).
 */
export const FORMAT_DIHARAPKAN = 'format yang diharapkan';
const FORMAT_TANGGAL = `${FORMAT_DIHARAPKAN} DD/MM/YYYY atau YYYY-MM-DD`;
const FORMAT_WAKTU = `${FORMAT_DIHARAPKAN} DD/MM/YYYY HH:mm (WIB) atau ISO 8601 dengan zona waktu`;

/** DD/MM/YYYY (as Excel in the Indonesian locale writes it) or YYYY-MM-DD; returned as YYYY-MM-DD. */
export function tanggal(t: string): string {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!y || !m || !d) return tolak(`bukan tanggal — ${FORMAT_TANGGAL}`);
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso
    ? tolak(`tanggal tidak ada di kalender — ${FORMAT_TANGGAL}`)
    : iso;
}

/** A date and time in WIB: "DD/MM/YYYY HH:mm" or ISO; returned as an ISO instant. */
export function waktuWib(t: string): string {
  const m = /^(.+?)[ T](\d{1,2})[:.](\d{2})(?::(\d{2}))?$/.exec(t.trim());
  if (!m?.[1]) return tolak(`bukan waktu — ${FORMAT_WAKTU}`);
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(t)) {
    const date = new Date(t);
    return Number.isNaN(date.getTime()) ? tolak(`waktu tidak ada — ${FORMAT_WAKTU}`) : date.toISOString();
  }
  let day: string;
  try {
    day = tanggal(m[1]);
  } catch (error) {
    if (!isTolak(error)) throw error;
    return tolak(`tanggal pada waktu ini tidak ada — ${FORMAT_WAKTU}`);
  }
  const hh = Number(m[2]);
  const mm = Number(m[3]);
  if (hh > 23 || mm > 59) return tolak(`jam tidak ada (00:00 sampai 23:59) — ${FORMAT_WAKTU}`);
  return new Date(
    `${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:${m[4] ?? '00'}+07:00`,
  ).toISOString();
}

/** A decimal with a comma (Indonesian) or a point; thousands separators are refused as ambiguous. */
export const desimal =
  (min: number, max: number) =>
  (t: string): number => {
    const normal = t.replace(',', '.');
    if (!/^-?\d+(\.\d+)?$/.test(normal))
      return tolak(`bukan angka — ${FORMAT_DIHARAPKAN} angka desimal dengan koma atau titik`);
    const n = Number(normal);
    return n < min || n > max ? tolak(`harus antara ${min} dan ${max}`) : n;
  };

const bulat =
  (min: number, max: number) =>
  (t: string): number => {
    if (!/^\d+$/.test(t)) return tolak(`bukan bilangan bulat — ${FORMAT_DIHARAPKAN} angka tanpa titik atau koma`);
    const n = Number(t);
    return n < min || n > max ? tolak(`harus antara ${min} dan ${max}`) : n;
  };

const k = (
  nama: string,
  tipe: string,
  wajib: boolean,
  contoh: string,
  keterangan: string,
  baca: (t: string) => Nilai,
): Kolom => ({ nama, tipe, wajib, contoh, keterangan, baca });

const INSTANSI_KODE = k(
  'instansi_kode',
  'teks',
  true,
  '4001',
  'Kode instansi (BKN) yang sudah ada atau ikut diimpor lebih dulu',
  teks(20),
);
const TRACK = k('track', 'pilihan', true, 'cpns', `Jalur seleksi: ${TRACK_IDS.join(', ')}`, pilihan(TRACK_IDS));
const FORMASI_KUNCI = [
  k('jabatan_kode', 'teks', true, 'JF-ANALIS-HUKUM', 'Kode jabatan formasi', teks(60)),
  k('lokasi_kode', 'teks', true, 'LOK-3171', 'Kode lokasi formasi', teks(60)),
  k('jenis_formasi', 'pilihan', true, 'UMUM', `Jenis formasi: ${JENIS_FORMASI.join(', ')}`, pilihan(JENIS_FORMASI)),
  k('pendidikan_kode', 'teks', true, 'S1-HUKUM', 'Kode kualifikasi pendidikan', teks(60)),
];

export const JENIS_IMPOR: Record<ImporJenis, JenisImpor> = {
  instansi: {
    jenis: 'instansi',
    kunci: ['kode'],
    kolom: [
      k('kode', 'teks', true, '4001', 'Kode instansi (BKN)', teks(20)),
      k('nama', 'teks', true, 'Kementerian Hukum', 'Nama instansi', teks(200)),
      k('jenis', 'pilihan', true, 'pusat', 'pusat atau daerah', pilihan(['pusat', 'daerah'])),
    ],
  },
  formasi: {
    jenis: 'formasi',
    kunci: ['instansi_kode', 'track', 'jabatan_kode', 'lokasi_kode', 'jenis_formasi', 'pendidikan_kode'],
    kolom: [
      INSTANSI_KODE,
      TRACK,
      ...FORMASI_KUNCI,
      k('jabatan_nama', 'teks', true, 'Analis Hukum Ahli Pertama', 'Nama jabatan', teks(200)),
      k('lokasi_nama', 'teks', true, 'Kota Jakarta Pusat', 'Nama lokasi', teks(200)),
      k('pendidikan_nama', 'teks', true, 'S-1 Ilmu Hukum', 'Nama kualifikasi pendidikan', teks(200)),
      k('prodi', 'teks', true, 'Ilmu Hukum', 'Program studi yang diterima', teks(200)),
      k('usia_min', 'bilangan bulat', true, '18', 'Usia terendah pada penutupan pendaftaran', bulat(15, 70)),
      k('usia_max', 'bilangan bulat', true, '35', 'Usia tertinggi pada penutupan pendaftaran', bulat(15, 70)),
      k('ipk_min', 'desimal', true, '3,00', 'IPK terendah (koma atau titik)', desimal(0, 4)),
      k('jumlah_kebutuhan', 'bilangan bulat', true, '5', 'Jumlah kebutuhan formasi', bulat(1, 100_000)),
    ],
  },
  pelamar: {
    jenis: 'pelamar',
    kunci: ['track', 'nomor_peserta'],
    kolom: [
      TRACK,
      k('nomor_peserta', 'angka', true, '24140100000012345', 'Nomor peserta SSCASN (unik)', (t) =>
        /^\d{8,20}$/.test(t) ? t : tolak('nomor peserta harus 8–20 angka'),
      ),
      k('nik', 'angka', true, '3171012505990001', 'NIK 16 angka (unik per jalur)', digit(16, 'NIK')),
      k('nomor_register', 'teks', true, 'REG-2024-0012345', 'Nomor registrasi SSCASN', teks(40)),
      INSTANSI_KODE,
      ...FORMASI_KUNCI,
      k('nama', 'teks', true, 'Siti Rahmawati', 'Nama sesuai KTP, tanpa gelar', teks(150)),
      k('gelar_depan', 'teks', false, 'dr.', 'Gelar di depan nama', teks(40)),
      k('gelar_belakang', 'teks', false, 'S.H.', 'Gelar di belakang nama', teks(60)),
      k('nama_ijazah', 'teks', false, 'Siti Rahmawati', 'Nama pada ijazah bila berbeda', teks(150)),
      k('tempat_lahir_ktp', 'teks', true, 'Bandung', 'Tempat lahir pada KTP', teks(100)),
      k('tanggal_lahir_ktp', 'tanggal', true, '25/05/1999', 'Tanggal lahir pada KTP', tanggal),
      k('tempat_lahir_ijazah', 'teks', true, 'Bandung', 'Tempat lahir pada ijazah', teks(100)),
      k('tanggal_lahir_ijazah', 'tanggal', true, '25/05/1999', 'Tanggal lahir pada ijazah', tanggal),
      k('jenis_kelamin', 'pilihan', true, 'P', 'L atau P', pilihan(['L', 'P'])),
      k('agama', 'teks', true, 'Islam', 'Agama', teks(40)),
      k('jenis_disabilitas', 'teks', false, '', 'Jenis disabilitas, bila ada', teks(100)),
      k('domisili_provinsi', 'teks', true, 'Jawa Barat', 'Provinsi domisili', teks(100)),
      k('domisili_kabupaten', 'teks', true, 'Kota Bandung', 'Kabupaten/kota domisili', teks(100)),
      k('alamat', 'teks', true, 'Jl. Merdeka No. 1', 'Alamat domisili', teks(300)),
      k('email', 'teks', true, 'siti@contoh.id', 'Alamat email', (t) =>
        /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(t)
          ? teks(200)(t)
          : tolak(`alamat email tidak valid — ${FORMAT_DIHARAPKAN} nama@domain`),
      ),
      k('no_hp', 'teks', true, '081234567890', 'Nomor ponsel', (t) =>
        /^\+?\d{8,15}$/.test(t)
          ? t
          : tolak(`nomor ponsel tidak valid — ${FORMAT_DIHARAPKAN} 8–15 angka, boleh diawali +`),
      ),
      k('lembaga_pendidikan', 'teks', true, 'Universitas Padjadjaran', 'Perguruan tinggi atau sekolah', teks(200)),
      k('prodi', 'teks', true, 'Ilmu Hukum', 'Program studi', teks(200)),
      k('no_ijazah', 'teks', true, 'UNPAD/2021/12345', 'Nomor ijazah', teks(80)),
      k('tgl_ijazah', 'tanggal', true, '30/08/2021', 'Tanggal ijazah', tanggal),
      k('tahun_lulus', 'bilangan bulat', true, '2021', 'Tahun lulus', bulat(1950, 2100)),
      k('akreditasi_lembaga', 'teks', true, 'Unggul', 'Akreditasi perguruan tinggi', teks(40)),
      k('akreditasi_prodi', 'teks', true, 'A', 'Akreditasi program studi', teks(40)),
      k('ipk', 'desimal', true, '3,45', 'IPK (koma atau titik), 0–4', desimal(0, 4)),
      k('lokasi_ujian', 'teks', true, 'Kantor Regional III BKN Bandung', 'Lokasi ujian pilihan', teks(200)),
      k('tanggal_daftar', 'tanggal', true, '05/09/2024', 'Tanggal mendaftar', tanggal),
    ],
  },
  nilai: {
    jenis: 'nilai',
    kunci: ['nomor_peserta', 'komponen'],
    kolom: [
      k('nomor_peserta', 'angka', true, '24140100000012345', 'Nomor peserta yang sudah ada', (t) =>
        /^\d{8,20}$/.test(t) ? t : tolak('nomor peserta harus 8–20 angka'),
      ),
      k(
        'komponen',
        'pilihan',
        true,
        'TWK',
        'TWK, TIU, TKP, TEKNIS, MANAJERIAL_SOSIOKULTURAL, WAWANCARA',
        pilihan(['TWK', 'TIU', 'TKP', 'TEKNIS', 'MANAJERIAL_SOSIOKULTURAL', 'WAWANCARA']),
      ),
      k('nilai', 'desimal', true, '85', 'Nilai (koma atau titik)', desimal(0, 9999)),
    ],
  },
  // The manifest.csv inside the ZIP; the files themselves are checked by content (arsip.ts).
  dokumen: {
    jenis: 'dokumen',
    kunci: ['nomor_peserta', 'jenis'],
    kolom: [
      k('nomor_peserta', 'angka', true, '24140100000012345', 'Nomor peserta yang sudah ada', (t) =>
        /^\d{8,20}$/.test(t) ? t : tolak('nomor peserta harus 8–20 angka'),
      ),
      k(
        'jenis',
        'pilihan',
        true,
        'IJAZAH',
        `Jenis dokumen sesuai jalur pelamar: ${[...new Set(Object.values(DOKUMEN_PER_TRACK).flat())].join(', ')}`,
        pilihan([...new Set(Object.values(DOKUMEN_PER_TRACK).flat())]),
      ),
      k(
        'nama_file',
        'teks',
        true,
        'ijazah/24140100000012345.pdf',
        'Nama berkas di dalam ZIP (PDF, JPEG atau PNG, paling besar 10 MB)',
        teks(300),
      ),
    ],
  },
  nonasn: {
    jenis: 'nonasn',
    kunci: ['nik'],
    kolom: [
      INSTANSI_KODE,
      k('nik', 'angka', true, '3171012505880001', 'NIK 16 angka (unik dalam pangkalan data Non ASN)', digit(16, 'NIK')),
      k('nama', 'teks', true, 'Budi Santoso', 'Nama lengkap', teks(150)),
      k('tempat_lahir', 'teks', true, 'Bogor', 'Tempat lahir', teks(100)),
      k('tanggal_lahir', 'tanggal', true, '12/03/1988', 'Tanggal lahir', tanggal),
      k('unit_kerja', 'teks', true, 'Dinas Pendidikan', 'Unit kerja', teks(200)),
      k('jabatan', 'teks', true, 'Tenaga Administrasi', 'Jabatan', teks(200)),
      k('masa_kerja_bulan', 'bilangan bulat', true, '84', 'Masa kerja dalam bulan', bulat(0, 720)),
      k(
        'kategori',
        'pilihan',
        true,
        'R2',
        'EKS_THK_II, DATABASE, R1, R2, R3, R4, R5',
        pilihan(['EKS_THK_II', 'DATABASE', 'R1', 'R2', 'R3', 'R4', 'R5']),
      ),
      k('no_sk', 'teks', true, '800/12/SK/2019', 'Nomor SK pengangkatan', teks(100)),
      k('tgl_sk', 'tanggal', true, '02/01/2019', 'Tanggal SK', tanggal),
      k(
        'sumber_dana',
        'pilihan',
        true,
        'APBD',
        'APBN, APBD, BLUD, BOS, LAINNYA',
        pilihan(['APBN', 'APBD', 'BLUD', 'BOS', 'LAINNYA']),
      ),
    ],
  },
  jadwal: {
    jenis: 'jadwal',
    kunci: ['track', 'tahap'],
    kolom: [
      TRACK,
      k('tahap', 'pilihan', true, 'VERIFIKASI', `Tahap: ${TAHAP.join(', ')}`, pilihan(TAHAP)),
      k('mulai', 'waktu (WIB)', true, '01/10/2024 08:00', 'Mulai, DD/MM/YYYY HH:mm WIB', waktuWib),
      k('selesai', 'waktu (WIB)', true, '15/10/2024 23:59', 'Selesai, sesudah mulai', waktuWib),
    ],
  },
};

/** The kinds this version imports (the others are announced in docs/impor.md as not yet). */
export const JENIS_TERSEDIA: readonly ImporJenis[] = [
  'instansi',
  'formasi',
  'pelamar',
  'nilai',
  'dokumen',
  'nonasn',
  'jadwal',
];

export function infoJenis(jenis: ImporJenis): ImporJenisInfo {
  const def = JENIS_IMPOR[jenis];
  return {
    jenis,
    judul: IMPOR_JENIS_NAMA[jenis],
    kunci: def.kunci,
    kolom: def.kolom.map(({ baca: _baca, ...kolom }) => kolom),
  };
}

export interface BarisDitolak {
  baris: number;
  /** The column the problem is in; null only for a row that could not be read at all. */
  kolom: string | null;
  nilai: string | null;
  pesan: string;
  asli: Record<string, string>;
}

/** A row checked: the cells that could be read (null for the others) and every problem found. */
export interface BarisDiperiksa {
  baris: number;
  data: Record<string, Nilai>;
  salah: BarisDitolak[];
}

/**
 * Checks one row against its kind: every required column there, every cell readable — all of
 * them, not only up to the first problem (issue #32). The cells that could be read are returned
 * even when others could not, so the references they name are checked in the same pass
 * (klasifikasi.ts). A refusal of a cell's shape says the expected format with the column's example.
 */
export function periksaBaris(def: JenisImpor, baris: number, asli: Record<string, string>): BarisDiperiksa {
  const data: Record<string, Nilai> = {};
  const salah: BarisDitolak[] = [];
  for (const kolom of def.kolom) {
    const teks = (asli[kolom.nama] ?? '').trim();
    data[kolom.nama] = null;
    if (!teks) {
      if (kolom.wajib)
        salah.push({
          baris,
          kolom: kolom.nama,
          nilai: null,
          pesan: `${kolom.nama} wajib diisi${kolom.contoh ? `, mis. ${kolom.contoh}` : ''}`,
          asli,
        });
      continue;
    }
    try {
      data[kolom.nama] = kolom.baca(teks);
    } catch (error) {
      if (!isTolak(error)) throw error;
      const contoh = error.message.includes(FORMAT_DIHARAPKAN) && kolom.contoh ? `, mis. ${kolom.contoh}` : '';
      salah.push({ baris, kolom: kolom.nama, nilai: teks, pesan: `${kolom.nama}: ${error.message}${contoh}`, asli });
    }
  }
  // Checks across columns, whenever both cells could be read.
  const ada = (...kolom: string[]) => kolom.every((k) => data[k] !== null && data[k] !== undefined);
  if (def.jenis === 'jadwal' && ada('mulai', 'selesai') && String(data.selesai) <= String(data.mulai)) {
    salah.push({ baris, kolom: 'selesai', nilai: asli.selesai ?? null, pesan: 'selesai harus sesudah mulai', asli });
  }
  if (def.jenis === 'formasi' && ada('usia_min', 'usia_max') && Number(data.usia_max) < Number(data.usia_min)) {
    salah.push({
      baris,
      kolom: 'usia_max',
      nilai: asli.usia_max ?? null,
      pesan: 'usia_max tidak boleh di bawah usia_min',
      asli,
    });
  }
  return { baris, data, salah };
}

/**
 * A row's natural key as one text (for duplicates in the file and for the report); empty when a
 * cell of the key could not be read, so such a row is no duplicate of anything.
 */
export const kunciOf = (def: JenisImpor, data: Record<string, Nilai>) =>
  def.kunci.some((c) => data[c] === null || data[c] === undefined)
    ? ''
    : def.kunci.map((c) => String(data[c])).join(' · ');
