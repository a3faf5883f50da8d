// Issue #35: the checks. From what was read on a document's pages (OCR or a PDF's own text), find
// the fields by their labels – fuzzily, since OCR misreads them ("TempauTgi Lahir") – and compare
// them with the registration, as findings for the verifier. Pure functions: no database, no OCR.

import { type AlasanTms, formatIpk, formatTanggal, type Kotak, NAMA_BULAN } from '@portal/contract';
import type { DataDaftar, HalamanBaca, JenisDibaca, TemuanBaru } from './jenis.js';
import { bandingNama, jarakEdit, lipat } from './nama.js';
import { bacaNik, nikTidakSesuai, normalisasiAngka } from './nik.js';

/** The version of these rules, recorded with the findings they make. */
export const MESIN_ATURAN = 'aturan-periksa 1';

/** Below this mean word confidence (0–100) a document is not readable automatically. */
export const AMBANG_KEYAKINAN_DOKUMEN = 45;
/** A word read with at least this confidence counts as clearly read. */
export const AMBANG_KEYAKINAN_KATA = 60;
/** Fewer labels of its kind than this, on a document of no known kind: not recognised. */
export const PENANDA_MIN = 2;
/** Without any expected label, a document needs at least this share of clearly read words. */
export const PORSI_KATA_JELAS_MIN = 0.5;
/** A "berat" finding needs its value read with at least this confidence; below, it is "periksa". */
export const AMBANG_KEYAKINAN_BERAT = 40;
/** A one- or two-character word read with less confidence than this, after a value, is a speck. */
export const KEYAKINAN_BINTIK = 40;
/** A gap between words wider than this many times their height starts another column. */
export const CELAH_KOLOM = 2.5;
/** A page with fewer words of two or more letters than this is blank. */
export const KATA_MIN_HALAMAN = 3;
/** Low-confidence words whose boxes cover more than this share of a page are grain: it is blank. */
export const PORSI_BINTIK_KOSONG = 0.16;
/** Names, places and institutions within this share of their length in edits are OCR noise. */
export const TOLERANSI_TEKS = 0.15;

export interface BidangBaca {
  nilai: string;
  keyakinan: number;
  kotak: Kotak | null;
}

export interface HasilPeriksa {
  temuan: TemuanBaru[];
  /** The fields read (nik, nama, tanggalLahir as YYYY-MM-DD, ipk as "3.25", …), for display. */
  bidang: Record<string, BidangBaca>;
}

/* ------------------------------------------------------------------------------------------------
 * The text read, as tokens in lines
 * --------------------------------------------------------------------------------------------- */

interface Token {
  teks: string;
  /** Letters only, for label matching: digits read for letters put back, L and I as one. */
  kunci: string;
  keyakinan: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0-based page. */
  halaman: number;
  /** ":" (or ";", as OCR often reads it). */
  titikDua: boolean;
  /** Punctuation only: no letter and no digit. */
  tandaBaca: boolean;
}

interface Garis {
  halaman: number;
  token: Token[];
  /** The whole line's letters, as `Token.kunci`. */
  kunci: string;
}

const DIGIT_HURUF: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };

/** Letters only, uppercase, digits read for letters put back, and L and I as one (OCR mixes them). */
const kunciLabel = (teks: string) =>
  lipat(teks)
    .replace(/[0158]/g, (c) => DIGIT_HURUF[c] ?? c)
    .replace(/[^A-Z]/g, '')
    .replace(/L/g, 'I');

function buatToken(teks: string, kata: Omit<Token, 'teks' | 'kunci' | 'titikDua' | 'tandaBaca'>): Token {
  return {
    ...kata,
    teks,
    kunci: kunciLabel(teks),
    titikDua: /^[:;]+$/.test(teks),
    tandaBaca: !/[\p{L}\p{N}]/u.test(teks),
  };
}

/** Splits a word at its colons ("Nama:BUDI" → "Nama" ":" "BUDI"), sharing its box by characters. */
function pecahKata(
  teks: string,
  kata: { keyakinan: number; x0: number; y0: number; x1: number; y1: number },
  halaman: number,
): Token[] {
  const bagian = teks.split(/([:;]+)/).filter((b) => b !== '');
  const lebarHuruf = (kata.x1 - kata.x0) / Math.max(1, teks.length);
  let awal = 0;
  return bagian.map((b) => {
    const x0 = kata.x0 + awal * lebarHuruf;
    awal += b.length;
    return buatToken(b, {
      keyakinan: kata.keyakinan,
      x0,
      y0: kata.y0,
      x1: kata.x0 + awal * lebarHuruf,
      y1: kata.y1,
      halaman,
    });
  });
}

function susunGaris(halaman: HalamanBaca[]): Garis[] {
  const garis: Garis[] = [];
  halaman.forEach((h, i) => {
    for (const baris of h.baris) {
      const kata =
        baris.kata.length > 0
          ? baris.kata
          : baris.teks
              .split(/\s+/)
              .filter(Boolean)
              .map((teks) => ({ teks, keyakinan: baris.keyakinan, x0: 0, y0: 0, x1: 0, y1: 0 }));
      const token = kata.flatMap((k) =>
        k.teks
          .split(/\s+/)
          .filter(Boolean)
          .flatMap((t) => pecahKata(t, k, i)),
      );
      if (token.length > 0) garis.push({ halaman: i, token, kunci: token.map((t) => t.kunci).join('') });
    }
  });
  return garis;
}

const isi = (token: Token[]) => token.filter((t) => !t.tandaBaca);
const teksDari = (token: Token[]) => token.map((t) => t.teks).join(' ');

/** A value's text with the punctuation between its words ("UPI / 2018 / 0001"), from its line. */
function teksUtuh(garis: Garis[], nilai: Token[]): string {
  const pertama = nilai[0];
  const terakhir = nilai[nilai.length - 1];
  const baris = garis.find((g) => pertama && g.token.includes(pertama));
  if (!baris || !terakhir) return teksDari(nilai);
  const akhir = baris.token.indexOf(terakhir);
  return akhir < 0 ? teksDari(nilai) : teksDari(baris.token.slice(baris.token.indexOf(pertama as Token), akhir + 1));
}

/** The mean confidence of the words a value was read from, 0–100. */
function keyakinanDari(token: Token[]): number {
  const kata = isi(token);
  if (kata.length === 0) return 0;
  return Math.round(kata.reduce((s, t) => s + t.keyakinan, 0) / kata.length);
}

/** The box around the words a value was read from, as fractions of its page; 1-based page. */
function kotakDari(token: Token[], halaman: HalamanBaca[]): Kotak | null {
  const pertama = isi(token)[0];
  if (!pertama) return null;
  const kata = isi(token).filter((t) => t.halaman === pertama.halaman);
  const h = halaman[pertama.halaman];
  if (!h || h.lebar <= 0 || h.tinggi <= 0) return null;
  const x0 = Math.min(...kata.map((t) => t.x0));
  const y0 = Math.min(...kata.map((t) => t.y0));
  const x1 = Math.max(...kata.map((t) => t.x1));
  const y1 = Math.max(...kata.map((t) => t.y1));
  if (x1 <= x0 || y1 <= y0) return null;
  const bulat = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10000) / 10000;
  return {
    halaman: pertama.halaman + 1,
    x: bulat(x0 / h.lebar),
    y: bulat(y0 / h.tinggi),
    w: bulat((x1 - x0) / h.lebar),
    h: bulat((y1 - y0) / h.tinggi),
  };
}

/* ------------------------------------------------------------------------------------------------
 * Fuzzy labels
 * --------------------------------------------------------------------------------------------- */

/** How many edits a label of this many letters may have and still be itself. */
const toleransiLabel = (n: number) => (n <= 3 ? 0 : n <= 5 ? 1 : n <= 9 ? 2 : Math.min(4, Math.floor(n / 4)));

/** The fewest edits that turn `pola` into some part of `teks` (0 when it is in it). */
function jarakDalam(teks: string, pola: string): number {
  if (pola.length === 0) return 0;
  let sebelum = Array.from({ length: pola.length + 1 }, (_, j) => j);
  let terbaik = sebelum[pola.length] ?? pola.length;
  for (const c of teks) {
    const kini = [0];
    for (let j = 1; j <= pola.length; j++) {
      const ganti = (sebelum[j - 1] ?? 0) + (c === pola[j - 1] ? 0 : 1);
      kini[j] = Math.min((sebelum[j] ?? 0) + 1, (kini[j - 1] ?? 0) + 1, ganti);
    }
    sebelum = kini;
    terbaik = Math.min(terbaik, kini[pola.length] ?? terbaik);
  }
  return terbaik;
}

/** How many edits words searched anywhere in a line may have (stricter than a label at its start). */
const toleransiCari = (n: number) => (n <= 4 ? 0 : n <= 7 ? 1 : n <= 12 ? 2 : 3);

/** Whether the text holds the words, give or take OCR's mistakes. */
const memuat = (garis: Garis[], kata: string) => {
  const pola = kunciLabel(kata);
  const tol = toleransiCari(pola.length);
  return garis.some((g) => g.kunci.length >= pola.length - tol && jarakDalam(g.kunci, pola) <= tol);
};

interface Label {
  /** The label's spellings ("Tempat/Tgl Lahir", "Tempat Tanggal Lahir", …). */
  teks: string[];
  /** The value may be on the next line (IJAZAH: "Diberikan kepada:" then the name). */
  barisBerikut?: boolean;
}

interface Temu {
  garis: number;
  nilai: Token[];
  /** The whole line after the label. */
  sisa: Token[];
}

/**
 * The label at the start of a line: where it ends, and how far it is from the spelling. A speck
 * before it ("3 Diberikan kepada:", "| NIK") is passed over.
 */
function labelDiAwal(token: Token[], label: Label): { akhir: number; jarak: number } | null {
  let mulai = 0;
  while (mulai < token.length && token[mulai]?.tandaBaca) mulai++;
  const cocok = labelMulai(token, label, mulai);
  const pertama = token[mulai];
  if (cocok || !pertama || (pertama.teks.match(/[\p{L}\p{N}]/gu) ?? []).length > 2) return cocok;
  mulai++;
  while (mulai < token.length && token[mulai]?.tandaBaca) mulai++;
  return labelMulai(token, label, mulai);
}

function labelMulai(token: Token[], label: Label, mulai: number): { akhir: number; jarak: number } | null {
  let terbaik: { akhir: number; jarak: number } | null = null;
  for (const teks of label.teks) {
    const pola = kunciLabel(teks);
    const tol = toleransiLabel(pola.length);
    const batasKata = teks.split(/\s+/).length + 2;
    let kumpul = '';
    let kata = 0;
    for (let k = mulai; k < token.length && kata < batasKata; k++) {
      const t = token[k] as Token;
      if (t.titikDua) break;
      if (t.kunci === '') {
        if (t.tandaBaca) continue;
        break;
      }
      kumpul += t.kunci;
      kata++;
      if (kumpul.length > pola.length + tol) break;
      // OCR misreads a label's letters more often than it loses them: "IJAZAH" is no "No. Ijazah".
      if (kumpul.length < pola.length - Math.max(1, tol - 1)) continue;
      const jarak = jarakEdit(kumpul, pola);
      if (jarak <= tol && (!terbaik || jarak < terbaik.jarak || (jarak === terbaik.jarak && k + 1 > terbaik.akhir))) {
        terbaik = { akhir: k + 1, jarak };
      }
    }
  }
  return terbaik;
}

const alnum = (t: Token) => (t.teks.match(/[\p{L}\p{N}]/gu) ?? []).length;

/** Wider than CELAH_KOLOM times the words' height: another column. */
const celah = (a: Token, b: Token) => {
  const tinggi = Math.max(a.y1 - a.y0, b.y1 - b.y0);
  return tinggi > 0 && b.x0 - a.x1 > CELAH_KOLOM * tinggi;
};

/** A doubtful speck: one or two characters, no initial's dot, read with very little confidence. */
const bintik = (t: Token) => alnum(t) <= 2 && !t.teks.includes('.') && t.keyakinan < KEYAKINAN_BINTIK;

/**
 * A value's words up to a wide gap (another column: the KTP's photo), without a short word
 * standing apart before it or doubtful specks after it. (Confidence alone says little: tesseract
 * gives a correct "SITI" 35.)
 */
function rapikanNilai(semua: Token[]): Token[] {
  let token = semua;
  while (token.length > 1 && alnum(token[0] as Token) <= 3 && celah(token[0] as Token, token[1] as Token)) {
    token = token.slice(1);
  }
  let akhir = token.length;
  for (let i = 1; i < token.length; i++) {
    if (celah(token[i - 1] as Token, token[i] as Token)) {
      akhir = i;
      break;
    }
  }
  while (akhir > 0 && bintik(token[akhir - 1] as Token)) akhir--;
  return token.slice(0, akhir);
}

/** Labels that can follow a value on the same line: the value ends before them. */
const LABEL_LAIN = ['Gol Darah', 'Gol', 'NIM', 'NPM', 'Fakultas', 'Jenjang', 'Angkatan', 'Akreditasi', 'Semester'].map(
  kunciLabel,
);

/** One of LABEL_LAIN: exactly, or one edit away for the long ones (a name like SARAH is no DARAH). */
const labelLain = (kunci: string) => LABEL_LAIN.some((l) => kunci === l || (l.length >= 7 && jarakEdit(kunci, l) <= 1));

/** The value after a label: past its colon, up to the next label on the same line. */
function nilaiSetelah(token: Token[], akhirLabel: number): { nilai: Token[]; sisa: Token[] } {
  let v = akhirLabel;
  let adaTitikDua = false;
  while (v < token.length && token[v]?.tandaBaca) {
    if (token[v]?.titikDua) adaTitikDua = true;
    v++;
  }
  // A longer label than the one known, "Nama Mahasiswa :": one more word, then the colon.
  if (!adaTitikDua && token[v + 1]?.titikDua && !/\d/.test(token[v]?.teks ?? '')) {
    v += 2;
    while (v < token.length && token[v]?.tandaBaca) v++;
  }
  const sisa = isi(token.slice(v));
  // Another known label on the line ("LAKI-LAKI Gol. Darah : O"): the value ends before it. Other
  // colons are specks OCR makes ("BUDI HARAHAP : ip :").
  let akhir = sisa.length;
  for (let i = 1; i < sisa.length && akhir === sisa.length; i++) {
    for (const n of [2, 1]) {
      const kunci = sisa
        .slice(i, i + n)
        .map((t) => t.kunci)
        .join('');
      if (i + n <= sisa.length && labelLain(kunci)) {
        akhir = i;
        break;
      }
    }
  }
  return { nilai: rapikanNilai(sisa.slice(0, akhir)), sisa };
}

/**
 * The first line (in reading order) that starts with the label and has a value after it; else the
 * first that starts with the label (its value empty), so a title like "IJAZAH" does not hide the
 * "No. Ijazah" line below it.
 */
function cari(garis: Garis[], label: Label): Temu | null {
  let kosong: Temu | null = null;
  for (let i = 0; i < garis.length; i++) {
    const g = garis[i] as Garis;
    const cocok = labelDiAwal(g.token, label);
    if (!cocok) continue;
    let { nilai, sisa } = nilaiSetelah(g.token, cocok.akhir);
    const berikut = garis[i + 1];
    // Only the label (its colon, a speck) on the line: the value is on the next one.
    const hanyaLabel = rapikanNilai(isi(g.token.slice(cocok.akhir))).reduce((n, t) => n + alnum(t), 0) < 2;
    if (hanyaLabel && label.barisBerikut && berikut && berikut.halaman === g.halaman) {
      nilai = rapikanNilai(isi(berikut.token));
      sisa = nilai;
    }
    const temu = { garis: i, nilai, sisa };
    if (nilai.length > 0) return temu;
    kosong ??= temu;
  }
  return kosong;
}

/* ------------------------------------------------------------------------------------------------
 * Values: numbers, dates
 * --------------------------------------------------------------------------------------------- */

/**
 * A word as OCR may have garbled it, made consistent: mostly digits → letters become digits
 * ("l7-O8-1995" → "17-08-1995"); mostly letters → digits become letters ("0ktober" → "Oktober").
 * Character for character, so positions stay.
 */
function rapikanKata(teks: string): string {
  const digit = (teks.match(/\d/g) ?? []).length;
  const huruf = (teks.match(/\p{L}/gu) ?? []).length;
  if (digit === 0 && huruf === 0) return teks;
  if (digit >= huruf) return [...teks].map((c) => (/\p{L}|[|!]/u.test(c) ? normalisasiAngka(c) : c)).join('');
  return teks.replace(/[0158]/g, (c) => DIGIT_HURUF[c] ?? c);
}

/** Month names and the spellings ijazahs and OCR use, by month number. */
const BULAN: Record<string, number> = {};
NAMA_BULAN.forEach((nama, i) => {
  BULAN[nama.toUpperCase()] = i + 1;
});
for (const [nama, bulan] of [
  ['PEBRUARI', 2],
  ['NOPEMBER', 11],
  ['JANUARY', 1],
  ['FEBRUARY', 2],
  ['MARCH', 3],
  ['MAY', 5],
  ['JUNE', 6],
  ['JULY', 7],
  ['AUGUST', 8],
  ['OCTOBER', 10],
  ['DECEMBER', 12],
  ['JAN', 1],
  ['FEB', 2],
  ['PEB', 2],
  ['MAR', 3],
  ['APR', 4],
  ['JUN', 6],
  ['JUL', 7],
  ['AGU', 8],
  ['AGS', 8],
  ['AGT', 8],
  ['AGUS', 8],
  ['AUG', 8],
  ['SEP', 9],
  ['SEPT', 9],
  ['OKT', 10],
  ['OCT', 10],
  ['NOV', 11],
  ['NOP', 11],
  ['DES', 12],
  ['DEC', 12],
] as const) {
  BULAN[nama] = bulan;
}

/** A month's name as read, fuzzily: "Agustus", "Agusuts", "Pebruari", "Des". */
function bulanDari(kata: string): number | null {
  const k = lipat(kata).replace(/[^A-Z]/g, '');
  if (k.length < 3) return null;
  const tepat = BULAN[k];
  if (tepat) return tepat;
  if (k.length < 5) return null;
  const tol = k.length >= 7 ? 2 : 1;
  const dekat = Object.entries(BULAN)
    .filter(([nama]) => nama.length >= 5)
    .map(([nama, bulan]) => ({ bulan, jarak: jarakEdit(k, nama) }))
    .filter((b) => b.jarak <= tol)
    .sort((a, b) => a.jarak - b.jarak);
  const [pertama, kedua] = dekat;
  if (!pertama || (kedua && kedua.jarak === pertama.jarak && kedua.bulan !== pertama.bulan)) return null;
  return pertama.bulan;
}

const dua = (n: number) => String(n).padStart(2, '0');

function isoSah(tahun: number, bulan: number, hari: number): string | null {
  if (tahun < 1900 || tahun > 2100 || bulan < 1 || bulan > 12 || hari < 1) return null;
  const d = new Date(Date.UTC(tahun, bulan - 1, hari));
  if (d.getUTCMonth() !== bulan - 1 || d.getUTCDate() !== hari) return null;
  return `${tahun}-${dua(bulan)}-${dua(hari)}`;
}

interface Tanggal {
  iso: string;
  /** Where the date starts and ends in the text searched. */
  awal: number;
  akhir: number;
}

/** The first date in a text: 17-08-1995, 17/08/1995, 17.08.1995, 17 08 1995 or 5 Agustus 1998. */
function cariTanggal(teks: string): Tanggal | null {
  // Each piece between spaces and separators on its own: "5.Agustus" is a day and a month.
  const rapi = teks
    .split(/([\s.,\-/:]+)/)
    .map((b) => (/^[\s.,\-/:]*$/.test(b) ? b : rapikanKata(b)))
    .join('');
  const hasil: Tanggal[] = [];
  const angka = /(?<!\d)(\d{1,2})\s*[-/.,]?\s*(\d{1,2})\s*[-/.,]?\s*(\d{4})(?!\d)/g;
  for (const m of rapi.matchAll(angka)) {
    const iso = isoSah(Number(m[3]), Number(m[2]), Number(m[1]));
    if (iso) hasil.push({ iso, awal: m.index, akhir: m.index + m[0].length });
  }
  const nama = /(?<!\d)(\d{1,2})[\s.,\-/]*(\p{L}{3,})\.?[\s.,\-/]*(\d{4})(?!\d)/gu;
  for (const m of rapi.matchAll(nama)) {
    const bulan = bulanDari(m[2] ?? '');
    const iso = bulan ? isoSah(Number(m[3]), bulan, Number(m[1])) : null;
    if (iso) hasil.push({ iso, awal: m.index, akhir: m.index + m[0].length });
  }
  return hasil.sort((a, b) => a.awal - b.awal)[0] ?? null;
}

/** The tokens of a value that cover the characters [awal, akhir) of its text joined by spaces. */
function tokenDalam(token: Token[], awal: number, akhir: number): Token[] {
  const hasil: Token[] = [];
  let pos = 0;
  for (const t of token) {
    const ujung = pos + t.teks.length;
    if (ujung > awal && pos < akhir) hasil.push(t);
    pos = ujung + 1;
  }
  return hasil;
}

interface TempatTanggal {
  tempat: string | null;
  tempatToken: Token[];
  tanggal: string | null;
  tanggalToken: Token[];
}

/** "JAKARTA, 17-08-1995" → the place and the date, each with the words it came from. */
function pisahTempatTanggal(nilai: Token[]): TempatTanggal {
  const teks = teksDari(nilai);
  const tanggal = cariTanggal(teks);
  // The place is what comes before the date (or before the last comma when no date was read).
  const koma = teks.lastIndexOf(',');
  const ujungTempat = tanggal ? tanggal.awal : koma >= 0 ? koma : teks.length;
  const tempat = teks
    .slice(0, ujungTempat)
    .replace(/[\s,.;:-]+$/, '')
    .trim();
  const tempatToken = tempat === '' ? [] : tokenDalam(nilai, 0, tempat.length);
  return {
    tempat: tempat === '' ? null : tempat,
    tempatToken,
    tanggal: tanggal?.iso ?? null,
    tanggalToken: tanggal ? tokenDalam(nilai, tanggal.awal, tanggal.akhir) : [],
  };
}

/** An IPK read: "3,25", "3.25", "3 ,25", "3,2S" → "3.25"; null when there is none (or above 4). */
function bacaIpk(nilai: Token[]): string | null {
  const teks = nilai.map((t) => rapikanKata(t.teks)).join('');
  const m = /(?<!\d)([0-4])[.,](\d{1,2})(?!\d)/.exec(teks) ?? /^([0-4])(\d{2})$/.exec(teks);
  if (!m) return null;
  const ipk = Number(`${m[1]}.${(m[2] ?? '').padEnd(2, '0')}`);
  return ipk <= 4 ? ipk.toFixed(2) : null;
}

/* ------------------------------------------------------------------------------------------------
 * Comparisons
 * --------------------------------------------------------------------------------------------- */

/** A place name comparable: uppercase letters, without "KOTA"/"KABUPATEN"/"KAB." before it. */
const normalisasiTempat = (teks: string) =>
  lipat(teks)
    .replace(/[0158]/g, (c) => DIGIT_HURUF[c] ?? c)
    .replace(/[^A-Z]+/g, ' ')
    .trim()
    .replace(/^(KOTA ADMINISTRASI|KOTA ADM|KABUPATEN|KAB|KOTA)\s+/, '')
    .replace(/ /g, '');

const batasTeks = (n: number) => Math.max(1, Math.floor(TOLERANSI_TEKS * n));

function tempatSama(dibaca: string, terdaftar: string): boolean {
  const a = normalisasiTempat(dibaca);
  const b = normalisasiTempat(terdaftar);
  if (a === '' || b === '') return true;
  return a.includes(b) || b.includes(a) || jarakEdit(a, b) <= batasTeks(Math.max(a.length, b.length));
}

/**
 * A number as printed (nomor ijazah), comparable: uppercase, letters OCR reads for digits as
 * digits, no separators. OCR often sees a stroke beside a slash ("UPENDI1/2012" for "UPENDI/2012"):
 * the 1s and Is touching a slash go, on both sides alike.
 */
const normalisasiNomor = (teks: string) =>
  normalisasiAngka(
    lipat(teks)
      .replace(/\s+/g, '')
      .replace(/[1IL|!]*\/[1IL|!]*/g, '/'),
  ).replace(/[^A-Z0-9]/g, '');

/** Words that say a level of education, not a programme: "S-1", "D-III", "Sarjana", "SMA/Sederajat". */
const JENJANG =
  /\b(?:[SD]\s*-?\s*(?:[1-4]|IV|III|II|I)|DIII|DIV|SARJANA|DIPLOMA|MAGISTER|PROFESI|PROGRAM|STUDI|JURUSAN|TERAPAN|SMA|SMK|SMU|SLTA|STM|MA|SEDERAJAT|PAKET C)\b/g;

/** Programme abbreviations, as their words. */
const SINGKATAN_PRODI: Record<string, string> = {
  IPA: 'ILMU PENGETAHUAN ALAM',
  IPS: 'ILMU PENGETAHUAN SOSIAL',
  PGSD: 'PENDIDIKAN GURU SEKOLAH DASAR',
  PJKR: 'PENDIDIKAN JASMANI KESEHATAN REKREASI',
  PAI: 'PENDIDIKAN AGAMA ISLAM',
  TI: 'TEKNIK INFORMATIKA',
  MI: 'MANAJEMEN INFORMATIKA',
  TLM: 'TEKNOLOGI LABORATORIUM MEDIS',
  KESMAS: 'KESEHATAN MASYARAKAT',
  KEDOKTERAN: 'PENDIDIKAN DOKTER',
};

/** A programme's words, without its level and small words: "S-1 Keperawatan + Ners" → KEPERAWATAN NERS. */
function kataProdi(teks: string): string[] {
  const kata = lipat(teks)
    .replace(/[^A-Z0-9]+/g, ' ')
    .replace(JENJANG, ' ')
    .split(' ')
    .filter(Boolean)
    .map((k) => (/[A-Z]/.test(k) ? k.replace(/[0158]/g, (c) => DIGIT_HURUF[c] ?? c) : k))
    .flatMap((k) => (SINGKATAN_PRODI[k] ?? k).split(' '));
  return kata.filter((k) => !['DAN', 'SERTA', 'ATAU', 'BIDANG', 'KONSENTRASI', 'PEMINATAN'].includes(k));
}

const kataSama = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 5 && jarakEdit(a, b) <= (Math.min(a.length, b.length) >= 9 ? 2 : 1));

/** Two programmes agree when the words of one are all in the other (OCR's small mistakes allowed). */
function prodiCocok(a: string, b: string): boolean {
  const x = kataProdi(a);
  const y = kataProdi(b);
  if (x.length === 0 || y.length === 0) return false;
  const dalam = (p: string[], q: string[]) => p.every((k) => q.some((l) => kataSama(k, l)));
  return dalam(x, y) || dalam(y, x);
}

/** The formasi's programmes: "S-1 Akuntansi / Manajemen; Ekonomi atau Bisnis" → each, with levels. */
function prodiFormasi(syarat: string): string[] {
  return [syarat, ...syarat.split(/[/,;|]|\s+atau\s+/i)].filter((p) => kataProdi(p).length > 0);
}

/** Institution abbreviations, as their words. */
const SINGKATAN_LEMBAGA: [RegExp, string][] = [
  [/\bUNIV\b\.?/g, 'UNIVERSITAS'],
  [/\bPOLTEKKES\b/g, 'POLITEKNIK KESEHATAN'],
  [/\bSTIKES\b/g, 'SEKOLAH TINGGI ILMU KESEHATAN'],
  [/\bSTIE\b/g, 'SEKOLAH TINGGI ILMU EKONOMI'],
  [/\bSTMIK\b/g, 'SEKOLAH TINGGI MANAJEMEN INFORMATIKA DAN KOMPUTER'],
  [/\bUIN\b/g, 'UNIVERSITAS ISLAM NEGERI'],
  [/\bIAIN\b/g, 'INSTITUT AGAMA ISLAM NEGERI'],
  [/\bUT\b/g, 'UNIVERSITAS TERBUKA'],
];

const normalisasiLembaga = (teks: string) => {
  let s = lipat(teks).replace(/[^A-Z0-9]+/g, ' ');
  for (const [pola, ganti] of SINGKATAN_LEMBAGA) s = s.replace(pola, ganti);
  return kunciLabel(s);
};

const LEMBAGA = /UNIVERSITAS|INSTITUT|POLITEKNIK|SEKOLAH TINGGI|AKADEMI|STIKES|POLTEKKES|STIE|STMIK|\bUIN\b|\bIAIN\b/;

/* ------------------------------------------------------------------------------------------------
 * Findings
 * --------------------------------------------------------------------------------------------- */

const NAMA_SLOT: Record<JenisDibaca, string> = { KTP: 'KTP', IJAZAH: 'Ijazah', TRANSKRIP: 'Transkrip', STR: 'STR' };
const PADA: Record<JenisDibaca, string> = {
  KTP: 'pada KTP',
  IJAZAH: 'pada ijazah',
  TRANSKRIP: 'pada transkrip',
  STR: 'pada STR',
};

type Dasar = Omit<TemuanBaru, 'tingkat' | 'alasan'>;

const periksa = (t: Dasar): TemuanBaru => ({ ...t, tingkat: 'PERIKSA', alasan: null });

/** A "berat" finding, or "periksa" when the value behind it was read with little confidence. */
function berat(t: Dasar, alasan: AlasanTms): TemuanBaru {
  if (t.keyakinan < AMBANG_KEYAKINAN_BERAT) {
    return periksa({ ...t, pesan: `${t.pesan} Keyakinan baca rendah (${t.keyakinan}%); periksa manual.` });
  }
  return { ...t, tingkat: 'BERAT', alasan };
}

/** The mean confidence of all the words read, 0–100 (the pages' own when there are no words). */
function keyakinanDokumen(halaman: HalamanBaca[], garis: Garis[]): number {
  const kata = garis.flatMap((g) => isi(g.token));
  if (kata.length > 0) return Math.round(kata.reduce((s, t) => s + t.keyakinan, 0) / kata.length);
  if (halaman.length === 0) return 0;
  return Math.round(halaman.reduce((s, h) => s + h.keyakinan, 0) / halaman.length);
}

class Pemeriksa {
  readonly temuan: TemuanBaru[] = [];
  readonly bidang: Record<string, BidangBaca> = {};

  constructor(
    readonly jenis: JenisDibaca,
    readonly halaman: HalamanBaca[],
    readonly garis: Garis[],
    readonly daftar: DataDaftar,
  ) {}

  catat(nama: string, nilai: string | null, token: Token[]) {
    if (nilai === null || nilai === '') return;
    this.bidang[nama] = { nilai, keyakinan: keyakinanDari(token), kotak: kotakDari(token, this.halaman) };
  }

  dasar(kolom: string, nilaiBaca: string | null, nilaiDaftar: string | null, token: Token[], pesan: string): Dasar {
    return {
      kode: 'TIDAK_TERBACA',
      kolom,
      nilaiBaca,
      nilaiDaftar,
      keyakinan: keyakinanDari(token),
      pesan,
      kotak: kotakDari(token, this.halaman),
    };
  }

  /** A key field not found on an otherwise readable document. */
  hilang(kolom: string, nilaiDaftar: string | null) {
    this.temuan.push(
      periksa(this.dasar(kolom, null, nilaiDaftar, [], `${kolom} tidak terbaca ${PADA[this.jenis]}; periksa manual.`)),
    );
  }

  /** The name: on the main documents a different name is "berat"; on the others only "periksa". */
  nama(label: Label[], utama: boolean) {
    const temu = label.map((l) => cari(this.garis, l)).find((t) => t && t.nilai.length > 0);
    const { nama, namaIjazah } = this.daftar;
    // The KTP carries the KTP's name, the ijazah the name registered for it; a transkrip or an STR
    // may carry either.
    const terdaftar =
      this.jenis === 'KTP' ? [nama] : this.jenis === 'IJAZAH' ? [namaIjazah ?? nama] : [namaIjazah ?? nama, nama];
    if (!temu) {
      if (utama) this.hilang('Nama', terdaftar[0] ?? null);
      return;
    }
    const dibaca = teksDari(temu.nilai);
    this.catat('nama', dibaca, temu.nilai);
    const hasil = terdaftar.map((t) => bandingNama(dibaca, t));
    if (hasil.includes('SAMA')) return;
    const mirip = hasil.indexOf('MIRIP');
    const nilaiDaftar = terdaftar[Math.max(0, mirip)] ?? nama;
    if (mirip >= 0) {
      const pesan = `Nama ${PADA[this.jenis]} (${dibaca}) mirip tetapi tidak sama dengan nama pendaftaran (${nilaiDaftar}); periksa ejaan.`;
      this.temuan.push(periksa({ ...this.dasar('Nama', dibaca, nilaiDaftar, temu.nilai, pesan), kode: 'NAMA_MIRIP' }));
      return;
    }
    const pesan = `Nama ${PADA[this.jenis]} (${dibaca}) berbeda dengan nama pendaftaran (${nilaiDaftar}).`;
    const dasar = { ...this.dasar('Nama', dibaca, nilaiDaftar, temu.nilai, pesan), kode: 'NAMA_BERBEDA' as const };
    this.temuan.push(utama ? berat(dasar, 'NAMA_BERBEDA') : periksa(dasar));
  }

  /** Place and date of birth against the registration (the KTP's or the ijazah's). */
  lahir(tempatDaftar: string, tanggalDaftar: string) {
    const temu = cari(this.garis, {
      teks: [
        'Tempat/Tgl Lahir',
        'Tempat Tgl Lahir',
        'Tempat Tanggal Lahir',
        'Tempat dan Tanggal Lahir',
        'Tempat, Tanggal Lahir',
        'Tempat Lahir',
        'TTL',
      ],
    });
    if (!temu) return;
    const { tempat, tempatToken, tanggal, tanggalToken } = pisahTempatTanggal(temu.nilai);
    this.catat('tempatLahir', tempat, tempatToken);
    this.catat('tanggalLahir', tanggal, tanggalToken);
    if (tanggal && tanggalDaftar && tanggal !== tanggalDaftar) {
      const pesan = `Tanggal lahir ${PADA[this.jenis]} (${formatTanggal(tanggal)}) berbeda dengan data pendaftaran (${formatTanggal(tanggalDaftar)}).`;
      const dasar = this.dasar(
        'Tanggal lahir',
        formatTanggal(tanggal),
        formatTanggal(tanggalDaftar),
        tanggalToken,
        pesan,
      );
      this.temuan.push(berat({ ...dasar, kode: 'LAHIR_BERBEDA' }, 'DOKUMEN_TIDAK_TERBACA'));
    }
    if (tempat && tempatDaftar && !tempatSama(tempat, tempatDaftar)) {
      const pesan = `Tempat lahir ${PADA[this.jenis]} (${tempat}) berbeda dengan data pendaftaran (${tempatDaftar}).`;
      const dasar = this.dasar('Tempat lahir', tempat, tempatDaftar, tempatToken, pesan);
      this.temuan.push(periksa({ ...dasar, kode: 'LAHIR_BERBEDA' }));
    }
  }

  /** The nomor ijazah: one character apart may be OCR's, more is a different ijazah. */
  noIjazah() {
    const temu = cari(this.garis, {
      teks: ['Nomor Ijazah', 'No Ijazah', 'Nomor Ijazah Nasional', 'Nomor Seri Ijazah'],
    });
    // A number has digits; anything else after the label is not it.
    if (!temu?.nilai.some((t) => /\d/.test(t.teks))) return;
    const dibaca = teksUtuh(this.garis, temu.nilai);
    this.catat('noIjazah', dibaca, temu.nilai);
    const terdaftar = this.daftar.noIjazah;
    if (!terdaftar) return;
    const jarak = jarakEdit(normalisasiNomor(dibaca), normalisasiNomor(terdaftar));
    if (jarak === 0) return;
    const dasar = {
      ...this.dasar('Nomor ijazah', dibaca, terdaftar, temu.nilai, ''),
      kode: 'NO_IJAZAH_BERBEDA' as const,
    };
    if (jarak === 1) {
      const pesan = `Nomor ijazah ${PADA[this.jenis]} (${dibaca}) berbeda satu karakter dengan data pendaftaran (${terdaftar}); mungkin salah baca, periksa manual.`;
      this.temuan.push(periksa({ ...dasar, pesan }));
      return;
    }
    const pesan = `Nomor ijazah ${PADA[this.jenis]} (${dibaca}) berbeda dengan data pendaftaran (${terdaftar}).`;
    this.temuan.push(berat({ ...dasar, pesan }, 'DOKUMEN_TIDAK_TERBACA'));
  }

  ktp() {
    const { daftar } = this;
    for (const [nama, teks] of [
      ['provinsi', 'Provinsi'],
      ['kabupaten', 'Kabupaten'],
      ['kabupaten', 'Kota'],
    ] as const) {
      const temu = cari(this.garis, { teks: [teks] });
      if (temu && !this.bidang[nama])
        this.catat(nama, `${teks.toUpperCase()} ${teksDari(temu.nilai)}`.trim(), temu.nilai);
    }

    // The registered NIK by itself: it must agree with the registered birth date and sex.
    const nikDaftar = daftar.nik ? bacaNik(daftar.nik) : null;
    if (nikDaftar) {
      const salah = nikDaftar.alasan ?? nikTidakSesuai(nikDaftar, daftar.tanggalLahirKtp, daftar.jenisKelamin);
      if (salah) {
        this.temuan.push({
          kode: 'NIK_TIDAK_SAH',
          tingkat: 'BERAT',
          kolom: 'NIK',
          nilaiBaca: null,
          nilaiDaftar: daftar.nik,
          keyakinan: 100,
          pesan: `NIK pendaftaran (${daftar.nik}) tidak sesuai dengan data pendaftaran: ${salah.replace(/\.$/, '')}.`,
          alasan: 'DOKUMEN_TIDAK_TERBACA',
          kotak: null,
        });
      }
    }

    const temu = cari(this.garis, { teks: ['NIK', 'N I K', 'Nomor Induk Kependudukan'] });
    // The number's words: those mostly of digits (OCR's letters for digits counted as digits).
    const angkaan = (t: Token) => /^\d+$/.test(normalisasiAngka(t.teks).replace(/[^0-9A-Za-z]/g, '') || 'x');
    let nilai = temu?.nilai ?? [];
    const bukanAngka = nilai.findIndex((t) => !angkaan(t));
    if (bukanAngka > 0) nilai = nilai.slice(0, bukanAngka);
    // Without its label, a NIK is still the one 16-digit number on a KTP.
    if (nilai.length === 0) {
      nilai = this.garis
        .flatMap((g) => isi(g.token))
        .filter((t) => /^\d{16}$/.test(normalisasiAngka(t.teks)))
        .slice(0, 1);
    }
    if (nilai.length === 0) {
      this.hilang('NIK', daftar.nik);
    } else {
      const mentah = nilai.map((t) => t.teks).join('');
      const angka = normalisasiAngka(mentah).replace(/[^0-9A-Za-z]/g, '');
      if (!/^\d{16}$/.test(angka)) {
        const pesan = `NIK ${PADA.KTP} (${teksDari(nilai)}) tidak terbaca sebagai 16 angka; periksa manual.`;
        this.temuan.push(
          periksa({ ...this.dasar('NIK', teksDari(nilai), daftar.nik, nilai, pesan), kode: 'NIK_TIDAK_SAH' }),
        );
      } else {
        this.catat('nik', angka, nilai);
        if (daftar.nik && angka !== daftar.nik) {
          const pesan = `NIK ${PADA.KTP} (${angka}) berbeda dengan NIK pendaftaran (${daftar.nik}).`;
          const dasar = this.dasar('NIK', angka, daftar.nik, nilai, pesan);
          this.temuan.push(berat({ ...dasar, kode: 'NIK_BERBEDA' }, 'DOKUMEN_TIDAK_TERBACA'));
          const baca = bacaNik(angka);
          const salah = baca.alasan ?? nikTidakSesuai(baca, daftar.tanggalLahirKtp, daftar.jenisKelamin);
          if (salah) {
            const pesanSah = `NIK ${PADA.KTP} (${angka}) tidak sah: ${salah.replace(/\.$/, '')}.`;
            this.temuan.push(
              periksa({ ...this.dasar('NIK', angka, daftar.nik, nilai, pesanSah), kode: 'NIK_TIDAK_SAH' }),
            );
          }
        }
      }
    }

    this.nama([{ teks: ['Nama', 'Nama Lengkap'] }], true);
    this.lahir(daftar.tempatLahirKtp, daftar.tanggalLahirKtp);

    const jk = cari(this.garis, { teks: ['Jenis Kelamin', 'Jenis Kel', 'Kelamin'] });
    if (jk) {
      const kata = jk.sisa.map((t) => kunciLabel(t.teks)).filter(Boolean);
      const ada = (pola: string, tol: number) => kata.some((k) => jarakDalam(k, kunciLabel(pola)) <= tol);
      const nilai: 'L' | 'P' | null =
        ada('PEREMPUAN', 2) || ada('WANITA', 1) ? 'P' : ada('LAKI', 1) || ada('PRIA', 0) ? 'L' : null;
      const token = jk.sisa.filter((t) => /LAKI|PRIA|PEREM|WANITA/i.test(t.teks)).slice(0, 1);
      const sumber = token.length > 0 ? token : jk.nilai.slice(0, 1);
      if (nilai) {
        this.catat('jenisKelamin', nilai, sumber);
        if (nilai !== daftar.jenisKelamin) {
          const sebut = (x: 'L' | 'P') => (x === 'L' ? 'Laki-laki' : 'Perempuan');
          const pesan = `Jenis kelamin ${PADA.KTP} (${sebut(nilai)}) berbeda dengan data pendaftaran (${sebut(daftar.jenisKelamin)}).`;
          const dasar = this.dasar('Jenis kelamin', sebut(nilai), sebut(daftar.jenisKelamin), sumber, pesan);
          this.temuan.push(periksa({ ...dasar, kode: 'JENIS_KELAMIN_BERBEDA' }));
        }
      }
    }
  }

  /** The lines above the document's title (the institution's name), on the first page. */
  kepala(judul: string): Garis[] {
    const pertama = this.garis.filter((g) => g.halaman === (this.garis[0]?.halaman ?? 0));
    const pola = kunciLabel(judul);
    const i = pertama.findIndex((g) => g.kunci.length <= pola.length + 4 && jarakDalam(g.kunci, pola) <= 1);
    return pertama.slice(0, i >= 0 ? i : Math.min(3, pertama.length));
  }

  lembaga() {
    const kepala = this.kepala('IJAZAH');
    if (kepala.length === 0) return;
    const terdaftar = this.daftar.lembaga;
    const calon =
      kepala.find((g) => LEMBAGA.test(lipat(teksDari(g.token)))) ??
      kepala.find((g) => g.kunci.length >= 6) ??
      (kepala[0] as Garis);
    this.catat('lembaga', teksDari(isi(calon.token)), calon.token);
    if (!terdaftar) return;
    const pola = normalisasiLembaga(terdaftar);
    const teks = kepala.map((g) => normalisasiLembaga(teksDari(g.token))).join('');
    if (pola === '' || jarakDalam(teks, pola) <= batasTeks(pola.length)) return;
    const dibaca = teksDari(isi(calon.token));
    const pesan = `Nama perguruan tinggi ${PADA[this.jenis]} (${dibaca}) berbeda dengan data pendaftaran (${terdaftar}).`;
    this.temuan.push(
      periksa({ ...this.dasar('Perguruan tinggi', dibaca, terdaftar, calon.token, pesan), kode: 'LEMBAGA_BERBEDA' }),
    );
  }

  prodi(bandingkan: boolean) {
    const temu = cari(this.garis, { teks: ['Program Studi', 'Prodi', 'Jurusan', 'Program Studi/Jurusan'] });
    if (!temu || temu.nilai.length === 0) {
      if (bandingkan) this.hilang('Program studi', this.daftar.prodi);
      return;
    }
    const dibaca = teksDari(temu.nilai);
    this.catat('prodi', dibaca, temu.nilai);
    if (!bandingkan) return;
    const { prodi, syaratProdi } = this.daftar;
    const formasi = prodiFormasi(syaratProdi ?? '');
    const dasar = { ...this.dasar('Program studi', dibaca, prodi, temu.nilai, ''), kode: 'PRODI_BERBEDA' as const };
    if (formasi.length > 0 && !formasi.some((p) => prodiCocok(dibaca, p))) {
      const pesan = `Program studi ${PADA[this.jenis]} (${dibaca}) tidak sesuai dengan kualifikasi formasi (${syaratProdi}).`;
      this.temuan.push(berat({ ...dasar, nilaiDaftar: syaratProdi, pesan }, 'PENDIDIKAN'));
      return;
    }
    if (prodi && !prodiCocok(dibaca, prodi)) {
      const sesuai = formasi.length > 0 ? ', tetapi sesuai dengan kualifikasi formasi' : '';
      const pesan = `Program studi ${PADA[this.jenis]} (${dibaca}) berbeda dengan data pendaftaran (${prodi})${sesuai}.`;
      this.temuan.push(periksa({ ...dasar, pesan }));
    }
  }

  ijazah() {
    this.lembaga();
    this.noIjazah();
    this.nama(
      [{ teks: ['Diberikan kepada', 'Diberikan kepada Saudara'], barisBerikut: true }, { teks: ['Nama'] }],
      true,
    );
    this.lahir(this.daftar.tempatLahirIjazah, this.daftar.tanggalLahirIjazah);
    this.prodi(true);
    const lulus = cari(this.garis, { teks: ['Lulus pada tanggal', 'Tanggal Lulus', 'Lulus tanggal'] });
    const tanggal = lulus ? cariTanggal(teksDari(lulus.nilai)) : null;
    if (lulus && tanggal) this.catat('tanggalLulus', tanggal.iso, tokenDalam(lulus.nilai, tanggal.awal, tanggal.akhir));
  }

  transkrip() {
    this.nama([{ teks: ['Nama', 'Nama Mahasiswa', 'Nama Lengkap'] }], false);
    this.noIjazah();
    this.prodi(false);
    const sks = cari(this.garis, { teks: ['Jumlah SKS', 'Total SKS', 'Jumlah Kredit'] });
    const angkaSks = sks ? /\d+/.exec(sks.nilai.map((t) => rapikanKata(t.teks)).join('')) : null;
    if (sks && angkaSks) this.catat('jumlahSks', angkaSks[0], sks.nilai);

    const label: Label = {
      // Not "Indeks Prestasi" alone: that would take the semester's (IPS) too.
      teks: ['Indeks Prestasi Kumulatif (IPK)', 'Indeks Prestasi Kumulatif', 'IPK', 'IP Kumulatif'],
      barisBerikut: true,
    };
    let temu = cari(this.garis, label);
    if (temu && !bacaIpk(temu.nilai)) {
      const berikut = this.garis[temu.garis + 1];
      if (berikut && bacaIpk(isi(berikut.token))) temu = { ...temu, nilai: isi(berikut.token) };
    }
    // Elsewhere on a line ("… IPK 3,25" under a table): the number after the word.
    if (!temu || !bacaIpk(temu.nilai)) {
      for (const g of this.garis) {
        const i = g.token.findIndex((t) => /^\(?IPK\)?:?$/i.test(t.teks) || kunciLabel(t.teks) === 'IPK');
        if (i >= 0 && bacaIpk(isi(g.token.slice(i + 1)))) {
          temu = { garis: 0, nilai: isi(g.token.slice(i + 1)), sisa: [] };
          break;
        }
      }
    }
    const ipk = temu ? bacaIpk(temu.nilai) : null;
    if (!temu || !ipk) {
      this.hilang('IPK', formatIpk(this.daftar.ipk));
      return;
    }
    const token = temu.nilai.filter((t) => /\d/.test(rapikanKata(t.teks)));
    this.catat('ipk', ipk, token);
    const { ipk: ipkDaftar, ipkMin } = this.daftar;
    const ratus = (s: string) => Math.round(Number(s) * 100);
    if (ipkDaftar && Number.isFinite(Number(ipkDaftar)) && ratus(ipk) !== ratus(ipkDaftar)) {
      const pesan = `IPK ${PADA.TRANSKRIP} (${formatIpk(ipk)}) berbeda dengan data pendaftaran (${formatIpk(ipkDaftar)}).`;
      const dasar = this.dasar('IPK', formatIpk(ipk), formatIpk(ipkDaftar), token, pesan);
      this.temuan.push(berat({ ...dasar, kode: 'IPK_BERBEDA' }, 'DOKUMEN_TIDAK_TERBACA'));
    }
    if (ipkMin && Number.isFinite(Number(ipkMin)) && ratus(ipk) < ratus(ipkMin)) {
      const pesan = `IPK ${PADA.TRANSKRIP} (${formatIpk(ipk)}) di bawah batas minimal formasi (${formatIpk(ipkMin)}).`;
      const dasar = this.dasar('IPK', formatIpk(ipk), formatIpk(ipkMin), token, pesan);
      this.temuan.push(berat({ ...dasar, kode: 'IPK_DI_BAWAH_SYARAT' }, 'IPK'));
    }
  }

  str() {
    const nomor = cari(this.garis, { teks: ['Nomor STR', 'No STR', 'Nomor Registrasi'] });
    if (nomor && nomor.nilai.length > 0) {
      this.catat('noStr', normalisasiAngka(teksDari(nomor.nilai)).replace(/[^0-9A-Za-z.]/g, ''), nomor.nilai);
    }
    this.nama([{ teks: ['Nama', 'Nama Lengkap'] }], false);
    const kompetensi = cari(this.garis, { teks: ['Kompetensi'] });
    if (kompetensi) this.catat('kompetensi', teksDari(kompetensi.nilai), kompetensi.nilai);
    const lahir = cari(this.garis, { teks: ['Tempat/Tgl Lahir', 'Tempat Tanggal Lahir', 'Tempat dan Tanggal Lahir'] });
    if (lahir) {
      const { tempat, tempatToken, tanggal, tanggalToken } = pisahTempatTanggal(lahir.nilai);
      this.catat('tempatLahir', tempat, tempatToken);
      this.catat('tanggalLahir', tanggal, tanggalToken);
    }

    const { tglTutup } = this.daftar;
    const temu = cari(this.garis, {
      teks: [
        'Berlaku sampai',
        'Berlaku hingga',
        'Berlaku s/d',
        'Berlaku sampai dengan',
        'Masa berlaku',
        'Tanggal berakhir',
      ],
    });
    const tidakTerbaca = (token: Token[], nilaiBaca: string | null) => {
      const pesan = `Tanggal berlaku STR tidak dapat dibaca; periksa manual apakah STR masih berlaku pada penutupan pendaftaran.`;
      const dasar = this.dasar('Berlaku sampai', nilaiBaca, tglTutup ? formatTanggal(tglTutup) : null, token, pesan);
      this.temuan.push(periksa({ ...dasar, kode: 'STR_KEDALUWARSA' }));
    };
    if (!temu || temu.nilai.length === 0) {
      tidakTerbaca([], null);
      return;
    }
    const teks = teksDari(temu.nilai);
    if (
      temu.nilai.some((t) => ['SEUMUR', 'SEUMURHIDUP'].some((k) => jarakEdit(kunciLabel(t.teks), kunciLabel(k)) <= 1))
    ) {
      this.catat('berlakuSampai', 'SEUMUR HIDUP', temu.nilai);
      return;
    }
    const tanggal = cariTanggal(teks);
    if (!tanggal) {
      tidakTerbaca(temu.nilai, teks);
      return;
    }
    const token = tokenDalam(temu.nilai, tanggal.awal, tanggal.akhir);
    this.catat('berlakuSampai', tanggal.iso, token);
    if (tglTutup && tanggal.iso < tglTutup) {
      const pesan = `STR berlaku sampai ${formatTanggal(tanggal.iso)}, sudah berakhir sebelum penutupan pendaftaran (${formatTanggal(tglTutup)}).`;
      const dasar = this.dasar('Berlaku sampai', formatTanggal(tanggal.iso), formatTanggal(tglTutup), token, pesan);
      this.temuan.push(berat({ ...dasar, kode: 'STR_KEDALUWARSA' }, 'DOKUMEN_TIDAK_TERBACA'));
    }
  }
}

/* ------------------------------------------------------------------------------------------------
 * What kind of document
 * --------------------------------------------------------------------------------------------- */

const diAwal = (garis: Garis[], teks: string) => garis.some((g) => labelDiAwal(g.token, { teks: [teks] }) !== null);

/** The labels each kind of document carries; how many were found says how much it looks like one. */
const PENANDA: Record<JenisDibaca, (garis: Garis[]) => number> = {
  KTP: (garis) =>
    [
      diAwal(garis, 'NIK'),
      diAwal(garis, 'Agama'),
      memuat(garis, 'Provinsi'),
      memuat(garis, 'Jenis Kelamin'),
      memuat(garis, 'Gol Darah'),
      memuat(garis, 'Status Perkawinan'),
      memuat(garis, 'Kewarganegaraan'),
      memuat(garis, 'Berlaku Hingga'),
      memuat(garis, 'Pekerjaan'),
      memuat(garis, 'Kel/Desa'),
      memuat(garis, 'Kecamatan'),
    ].filter(Boolean).length,
  IJAZAH: (garis) =>
    [
      memuat(garis, 'Ijazah'),
      memuat(garis, 'Diberikan kepada'),
      memuat(garis, 'Program Studi'),
      memuat(garis, 'Lulus pada tanggal'),
      memuat(garis, 'Tempat dan Tanggal Lahir'),
    ].filter(Boolean).length,
  TRANSKRIP: (garis) =>
    [
      memuat(garis, 'Transkrip'),
      memuat(garis, 'Indeks Prestasi'),
      memuat(garis, 'Jumlah SKS'),
      memuat(garis, 'Mata Kuliah'),
      diAwal(garis, 'IPK'),
    ].filter(Boolean).length,
  STR: (garis) =>
    [
      memuat(garis, 'Surat Tanda Registrasi'),
      diAwal(garis, 'Nomor STR'),
      memuat(garis, 'Konsil'),
      memuat(garis, 'Kompetensi'),
      memuat(garis, 'Berlaku sampai'),
    ].filter(Boolean).length,
};

function jenisDari(garis: Garis[]): JenisDibaca | null {
  if (memuat(garis, 'Surat Tanda Registrasi') || diAwal(garis, 'Nomor STR')) return 'STR';
  if (memuat(garis, 'Transkrip')) return 'TRANSKRIP';
  if (
    memuat(garis, 'Ijazah') &&
    (memuat(garis, 'Diberikan kepada') || memuat(garis, 'Program Studi') || memuat(garis, 'Lulus pada tanggal'))
  ) {
    return 'IJAZAH';
  }
  if (memuat(garis, 'Indeks Prestasi') || memuat(garis, 'Jumlah SKS')) return 'TRANSKRIP';
  if (PENANDA.KTP(garis) >= 3) return 'KTP';
  return null;
}

/** What kind of document the text looks like, by the labels it carries; null when none. */
export function jenisTerbaca(halaman: HalamanBaca[]): JenisDibaca | null {
  return jenisDari(susunGaris(halaman));
}

/**
 * A blank page: fewer than KATA_MIN_HALAMAN words of two or more letters; or, read with little
 * confidence, "words" whose boxes cover much of the page – OCR reading the grain of an empty scan
 * (blurred text still leaves the space between its lines).
 */
function kosong(garis: Garis[], halaman: HalamanBaca[], i: number): boolean {
  const kata = garis.filter((g) => g.halaman === i).flatMap((g) => g.token);
  if (kata.filter((t) => (t.teks.match(/\p{L}/gu) ?? []).length >= 2).length < KATA_MIN_HALAMAN) return true;
  const h = halaman[i];
  if (!h || h.lebar <= 0 || h.tinggi <= 0 || keyakinanDari(kata) >= AMBANG_KEYAKINAN_DOKUMEN) return false;
  const luas = kata.reduce((s, t) => s + Math.max(0, t.x1 - t.x0) * Math.max(0, t.y1 - t.y0), 0);
  return luas / (h.lebar * h.tinggi) > PORSI_BINTIK_KOSONG;
}

/**
 * Checks a document of the given kind against the registration: blank, unreadable or another kind
 * of document is one finding and nothing more; otherwise the fields it carries, one by one.
 */
export function periksaDokumen(jenis: JenisDibaca, halaman: HalamanBaca[], daftar: DataDaftar): HasilPeriksa {
  const garis = susunGaris(halaman);
  const keyakinan = keyakinanDokumen(halaman, garis);
  const satu = (t: Omit<TemuanBaru, 'kolom' | 'nilaiBaca' | 'nilaiDaftar' | 'keyakinan' | 'kotak'>): HasilPeriksa => ({
    temuan: [{ ...t, kolom: 'Dokumen', nilaiBaca: null, nilaiDaftar: null, keyakinan, kotak: null }],
    bidang: {},
  });

  if (halaman.length === 0 || halaman.every((_, i) => kosong(garis, halaman, i))) {
    return satu({
      kode: 'HALAMAN_KOSONG',
      tingkat: 'BERAT',
      pesan: `Dokumen pada slot ${NAMA_SLOT[jenis]} kosong: tidak ada tulisan yang terbaca pada halaman mana pun.`,
      alasan: 'DOKUMEN_TIDAK_TERBACA',
    });
  }

  const kata = garis.flatMap((g) => isi(g.token));
  const jelas = kata.filter((t) => t.keyakinan >= AMBANG_KEYAKINAN_KATA).length / Math.max(1, kata.length);
  const terbaca = jenisDari(garis);
  const penanda = PENANDA[jenis](garis);
  if (keyakinan < AMBANG_KEYAKINAN_DOKUMEN || (penanda === 0 && terbaca === null && jelas < PORSI_KATA_JELAS_MIN)) {
    return satu({
      kode: 'TIDAK_TERBACA',
      tingkat: 'BERAT',
      pesan: `Dokumen tidak dapat dibaca otomatis: terlalu buram, gelap, atau miring (keyakinan baca ${keyakinan}%). Periksa dokumen secara manual.`,
      alasan: 'DOKUMEN_TIDAK_TERBACA',
    });
  }

  if (terbaca !== null && terbaca !== jenis) {
    return satu({
      kode: 'JENIS_DOKUMEN_SALAH',
      tingkat: 'BERAT',
      pesan: `Dokumen pada slot ${NAMA_SLOT[jenis]} terbaca sebagai ${NAMA_SLOT[terbaca]}.`,
      alasan: 'DOKUMEN_TIDAK_TERBACA',
    });
  }
  // Clearly read, yet (almost) none of the labels of its kind: some other paper; the verifier looks.
  if (terbaca === null && penanda < PENANDA_MIN) {
    return satu({
      kode: 'JENIS_DOKUMEN_SALAH',
      tingkat: 'PERIKSA',
      pesan: `Dokumen pada slot ${NAMA_SLOT[jenis]} tidak dikenali sebagai ${NAMA_SLOT[jenis]}; periksa manual.`,
      alasan: null,
    });
  }

  const pemeriksa = new Pemeriksa(jenis, halaman, garis, daftar);
  if (jenis === 'KTP') pemeriksa.ktp();
  else if (jenis === 'IJAZAH') pemeriksa.ijazah();
  else if (jenis === 'TRANSKRIP') pemeriksa.transkrip();
  else pemeriksa.str();
  return { temuan: pemeriksa.temuan, bidang: pemeriksa.bidang };
}
