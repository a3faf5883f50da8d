// Issue #35: the demo's own documents. Each applicant's KTP (a phone photo of the card), ijazah,
// transkrip and, for nakes, STR (scanned pages in image-only PDFs, no text layer) are drawn from
// the registration, so the reading finds what a verifier would: mostly the same data, and for
// about a fifth of the applicants a deliberate discrepancy – a swapped NIK digit, another
// spelling of the name, an IPK under the requirement, an expired STR, a blank or blurred scan,
// the KTP uploaded as the ijazah, another applicant's ijazah. Everything is drawn from a hash of
// the inputs and the seed (never Math.random), so a seed gives the same files byte for byte.

import { createRequire } from 'node:module';
import path from 'node:path';
import { type Canvas, createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { AGAMA, formatIpk, NAMA_BULAN, seededRandom } from '@portal/contract';
import type { DataDaftar, JenisDibaca } from './jenis.js';
import { pdfDariGambar } from './tampilan.js';

export const JENIS_CACAT = [
  'NIK_TUKAR',
  'NAMA_EJAAN',
  'LAHIR_LAIN',
  'IPK_RENDAH',
  'IPK_LAIN',
  'PRODI_LAIN',
  'STR_KEDALUWARSA',
  'HALAMAN_KOSONG',
  'BURAM',
  'KTP_DI_IJAZAH',
  'IJAZAH_SAMA',
] as const;
export type JenisCacat = (typeof JENIS_CACAT)[number];

/** A deliberate discrepancy and the document it sits on. */
export interface CacatDokumen {
  jenisDokumen: JenisDibaca;
  cacat: JenisCacat;
}

type Track = DataDaftar['track'];

/**
 * Which document each kind of discrepancy sits on. HALAMAN_KOSONG and BURAM can sit on any of
 * DOKUMEN_TERSEBAR: undiCacat spreads them and says where (its `jenisDokumen`); here is where
 * they go when nothing else says so (cacatTetap). KTP_DI_IJAZAH and IJAZAH_SAMA replace the
 * IJAZAH's file (with the applicant's KTP photo, with another applicant's ijazah).
 */
export const DOKUMEN_CACAT: Record<JenisCacat, JenisDibaca> = {
  NIK_TUKAR: 'KTP',
  NAMA_EJAAN: 'KTP',
  LAHIR_LAIN: 'KTP',
  IPK_RENDAH: 'TRANSKRIP',
  IPK_LAIN: 'TRANSKRIP',
  PRODI_LAIN: 'IJAZAH',
  STR_KEDALUWARSA: 'STR',
  HALAMAN_KOSONG: 'TRANSKRIP',
  BURAM: 'KTP',
  KTP_DI_IJAZAH: 'IJAZAH',
  IJAZAH_SAMA: 'IJAZAH',
};

/** The documents a blank or blurred scan is spread over. */
export const DOKUMEN_TERSEBAR: readonly JenisDibaca[] = ['KTP', 'IJAZAH', 'TRANSKRIP'];
/** The kinds spread over DOKUMEN_TERSEBAR. */
export const CACAT_TERSEBAR: readonly JenisCacat[] = ['HALAMAN_KOSONG', 'BURAM'];

/**
 * The share of applicants whose first (or only) discrepancy is of each kind – near what
 * verifiers meet. STR_KEDALUWARSA only on the nakes track. Together 21 % (24 % for nakes), so
 * 76–79 % of applicants have none.
 */
export const LAJU_CACAT: Record<JenisCacat, number> = {
  NIK_TUKAR: 0.02,
  NAMA_EJAAN: 0.03,
  LAHIR_LAIN: 0.02,
  IPK_RENDAH: 0.02,
  IPK_LAIN: 0.02,
  PRODI_LAIN: 0.02,
  STR_KEDALUWARSA: 0.03,
  HALAMAN_KOSONG: 0.02,
  BURAM: 0.025,
  KTP_DI_IJAZAH: 0.02,
  IJAZAH_SAMA: 0.015,
};

/** Of the applicants with a discrepancy, the share with a second one (on another document). */
export const LAJU_CACAT_KEDUA = 0.08;

/** The share of a track's applicants with no discrepancy at all. */
export const lajuBersih = (track: Track): number =>
  1 - jenisUntuk(track).reduce((jumlah, jenis) => jumlah + LAJU_CACAT[jenis], 0);

const jenisUntuk = (track: Track): readonly JenisCacat[] =>
  JENIS_CACAT.filter((jenis) => jenis !== 'STR_KEDALUWARSA' || track === 'nakes');

// ---------------------------------------------------------------------------------------------
// Hashes and draws

/** A 32-bit mix of whole numbers (murmur3's finaliser per value); the same numbers, the same hash. */
export function campur(...nilai: number[]): number {
  let h = 0x9e3779b9;
  for (const n of nilai) {
    for (const bagian of [n >>> 0, Math.floor(n / 0x1_0000_0000) >>> 0]) {
      h = Math.imul(h ^ bagian, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
    }
  }
  return h >>> 0;
}

/** FNV-1a of a text, to seed draws from the data itself. */
function hashTeks(teks: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < teks.length; i++) h = Math.imul(h ^ teks.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

type Acak = () => number;
const bulat = (acak: Acak, min: number, max: number) => min + Math.floor(acak() * (max - min + 1));
const pilih = <T>(acak: Acak, daftar: readonly T[]): T => daftar[Math.floor(acak() * daftar.length)] as T;
const rentang = (acak: Acak, min: number, max: number) => min + acak() * (max - min);

/** Whether a second discrepancy can sit beside the first: on another document, and the KTP put in
 * the ijazah's place stays a readable KTP. */
function cocok(a: CacatDokumen, b: CacatDokumen): boolean {
  if (a.jenisDokumen === b.jenisDokumen || a.cacat === b.cacat) return false;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    if (x.cacat === 'KTP_DI_IJAZAH' && y.jenisDokumen === 'KTP' && CACAT_TERSEBAR.includes(y.cacat)) return false;
  }
  return true;
}

/** The (kind, document) pairs of a track with their weights: spread kinds share theirs. */
function pilihanCacat(track: Track): { cacat: CacatDokumen; bobot: number }[] {
  return jenisUntuk(track).flatMap((jenis) =>
    CACAT_TERSEBAR.includes(jenis)
      ? DOKUMEN_TERSEBAR.map((jenisDokumen) => ({
          cacat: { jenisDokumen, cacat: jenis },
          bobot: LAJU_CACAT[jenis] / DOKUMEN_TERSEBAR.length,
        }))
      : [{ cacat: { jenisDokumen: DOKUMEN_CACAT[jenis], cacat: jenis }, bobot: LAJU_CACAT[jenis] }],
  );
}

const PILIHAN: Record<Track, { cacat: CacatDokumen; bobot: number }[]> = {
  cpns: pilihanCacat('cpns'),
  pppk: pilihanCacat('pppk'),
  'pppk-guru': pilihanCacat('pppk-guru'),
  nakes: pilihanCacat('nakes'),
};

/**
 * An applicant's deliberate discrepancies (none for most), each with its document: the same for
 * the same applicant, track and seed. At most two, on different documents.
 */
export function undiCacat(pelamarId: number, track: Track, seed: number): CacatDokumen[] {
  const acak = seededRandom(campur(pelamarId, seed, 0xca7ca7));
  const pilihan = PILIHAN[track];
  let sisa = acak();
  let pertama: CacatDokumen | undefined;
  for (const { cacat, bobot } of pilihan) {
    if (sisa < bobot) {
      pertama = cacat;
      break;
    }
    sisa -= bobot;
  }
  if (!pertama) return [];
  const hasil = [{ ...pertama }];
  if (acak() < LAJU_CACAT_KEDUA) {
    const first = pertama;
    const boleh = pilihan.filter(({ cacat }) => cocok(first, cacat));
    const total = boleh.reduce((jumlah, { bobot }) => jumlah + bobot, 0);
    let titik = acak() * total;
    for (const { cacat, bobot } of boleh) {
      if (titik < bobot) {
        hasil.push({ ...cacat });
        break;
      }
      titik -= bobot;
    }
  }
  return hasil;
}

/**
 * Fixed discrepancies for a showcase (the Raja Ampat demo instansi): every kind on `perJenis`
 * applicants in turn (STR_KEDALUWARSA on nakes applicants only), in the order given, each on its
 * DOKUMEN_CACAT document; the other applicants get none. Every applicant given is in the map.
 */
export function cacatTetap(
  pelamar: readonly { id: number; track: Track }[],
  perJenis = 1,
): Map<number, CacatDokumen[]> {
  const hasil = new Map<number, CacatDokumen[]>(pelamar.map((p) => [p.id, []]));
  const bebas = [...pelamar];
  for (let putaran = 0; putaran < perJenis; putaran++) {
    for (const cacat of JENIS_CACAT) {
      const index = bebas.findIndex((p) => cacat !== 'STR_KEDALUWARSA' || p.track === 'nakes');
      if (index < 0) continue;
      const [p] = bebas.splice(index, 1);
      if (p) hasil.set(p.id, [{ jenisDokumen: DOKUMEN_CACAT[cacat], cacat }]);
    }
  }
  return hasil;
}

// ---------------------------------------------------------------------------------------------
// Values as the documents print them

/** A calendar date's parts from `YYYY-MM-DD`. */
function tanggal(iso: string): { y: number; m: number; d: number } {
  const [y = 2000, m = 1, d = 1] = iso.split('-').map(Number);
  return { y, m, d };
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const dua = (n: number) => String(n).padStart(2, '0');
const hariDalam = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** "17 Agustus 1995" */
const tanggalPanjang = (isoTanggal: string) => {
  const { y, m, d } = tanggal(isoTanggal);
  return `${d} ${NAMA_BULAN[m - 1]} ${y}`;
};

/** "17-08-1995", as the KTP prints it. */
const tanggalKtp = (isoTanggal: string) => {
  const { y, m, d } = tanggal(isoTanggal);
  return `${dua(d)}-${dua(m)}-${y}`;
};

function tambahHari(isoTanggal: string, hari: number): string {
  const { y, m, d } = tanggal(isoTanggal);
  return iso(new Date(Date.UTC(y, m - 1, d + hari)));
}

/** Shifted by months (the day kept when the month has it). */
function tambahBulan(isoTanggal: string, bulan: number): string {
  const { y, m, d } = tanggal(isoTanggal);
  const jadi = new Date(Date.UTC(y, m - 1 + bulan, 1));
  const hari = Math.min(d, hariDalam(jadi.getUTCFullYear(), jadi.getUTCMonth() + 1));
  return iso(new Date(Date.UTC(jadi.getUTCFullYear(), jadi.getUTCMonth(), hari)));
}

/** Today on Jakarta's clock. */
const hariIni = () => iso(new Date(Date.now() + 7 * 3_600_000));

/** LAHIR_LAIN: another valid birth date – some days, months or years away. */
export function lahirLain(isoTanggal: string, acak: Acak): string {
  const arah = acak() < 0.5 ? -1 : 1;
  const cara = Math.floor(acak() * 3);
  if (cara === 0) return tambahHari(isoTanggal, arah * bulat(acak, 1, 27));
  return tambahBulan(isoTanggal, arah * (cara === 1 ? bulat(acak, 1, 11) : 12 * bulat(acak, 1, 3)));
}

/** NIK_TUKAR: two adjacent different digits swapped, in the serial part (13–16) when it has two. */
export function nikTukar(nik: string, acak: Acak): string {
  const pasangan = (dari: number, sampai: number) =>
    Array.from({ length: sampai - dari }, (_, i) => dari + i).filter((i) => nik[i] !== nik[i + 1]);
  const serial = pasangan(12, Math.min(15, nik.length - 1));
  const kandidat = serial.length > 0 ? serial : pasangan(0, nik.length - 1);
  if (kandidat.length === 0) return nik;
  const i = pilih(acak, kandidat);
  return `${nik.slice(0, i)}${nik[i + 1]}${nik[i]}${nik.slice(i + 2)}`;
}

/** Other common spellings of Indonesian names, both ways. */
const EJAAN: Record<string, readonly string[]> = {
  MUHAMMAD: ['MUHAMAD', 'MOHAMMAD', 'MOCHAMMAD'],
  MUHAMAD: ['MUHAMMAD'],
  MOHAMMAD: ['MUHAMMAD', 'MOHAMAD'],
  AHMAD: ['ACHMAD', 'AKHMAD'],
  ACHMAD: ['AHMAD'],
  NUR: ['NOER'],
  NOER: ['NUR'],
  NURUL: ['NOERUL'],
  SITI: ['SITY', 'SITTI'],
  DEWI: ['DEWY'],
  YUSUF: ['YUSUP', 'JUSUF'],
  RIZKY: ['RIZKI', 'RISKY'],
  RIZKI: ['RIZKY'],
  RAHMAT: ['RACHMAT'],
  RAHMA: ['RACHMA'],
  FITRI: ['FITRY'],
  PUTRI: ['PUTRY'],
  JOKO: ['DJOKO'],
  SLAMET: ['SELAMET'],
  WAHYU: ['WAHJU'],
  YULI: ['JULI', 'YULLY'],
  ANISA: ['ANNISA'],
  HIDAYAT: ['HIDAJAT'],
  SAPUTRA: ['SAPUTERA'],
  SYAHPUTRA: ['SAHPUTRA'],
  SANTOSO: ['SANTOSA'],
  RAMADHAN: ['RAMADAN'],
  EFFENDI: ['EFENDI'],
  FIRMANSYAH: ['FIRMANSAH'],
  HANDAYANI: ['HANDAJANI'],
  SUSANTI: ['SOESANTI'],
  KURNIAWAN: ['KOERNIAWAN'],
  ZAHRA: ['ZAHRAH'],
  FATIMAH: ['FATIMA'],
};

const VOKAL = 'AIUEO';

/** NAMA_EJAAN: the name (uppercase) in another spelling a clerk might have typed. */
export function namaEjaan(nama: string, acak: Acak): string {
  const kata = nama.toUpperCase().split(/\s+/);
  const dikenal = kata.map((k, i) => [i, EJAAN[k]] as const).filter(([, varian]) => varian !== undefined);
  if (dikenal.length > 0) {
    const [i, varian] = pilih(acak, dikenal);
    kata[i] = pilih(acak, varian ?? []);
    return kata.join(' ');
  }
  const teks = kata.join(' ');
  const huruf = (i: number) => teks[i] ?? '';
  const vokal = (i: number) => huruf(i) !== '' && VOKAL.includes(huruf(i));
  const posisi = (syarat: (i: number) => boolean) => Array.from({ length: teks.length }, (_, i) => i).filter(syarat);
  // A double letter dropped, else one doubled, else a vowel changed (never the first letter).
  const ganda = posisi((i) => i > 0 && huruf(i) === huruf(i - 1) && /[A-Z]/.test(huruf(i)));
  if (ganda.length > 0) {
    const i = pilih(acak, ganda);
    return teks.slice(0, i) + teks.slice(i + 1);
  }
  const tunggal = posisi((i) => i > 1 && /[BDGKLMNRST]/.test(huruf(i)) && vokal(i - 1) && vokal(i + 1));
  if (tunggal.length > 0) {
    const i = pilih(acak, tunggal);
    return teks.slice(0, i) + huruf(i) + teks.slice(i);
  }
  const diganti = posisi((i) => i > 0 && vokal(i));
  if (diganti.length === 0) return `${teks}H`;
  const i = pilih(acak, diganti);
  const ganti = pilih(
    acak,
    [...VOKAL].filter((v) => v !== huruf(i)),
  );
  return teks.slice(0, i) + ganti + teks.slice(i + 1);
}

/** Programmes an ijazah can carry instead of the registered one (PRODI_LAIN). */
const PRODI_LAIN = [
  'Ilmu Komunikasi',
  'Sastra Inggris',
  'Teknik Mesin',
  'Teknik Elektro',
  'Agribisnis',
  'Ilmu Pemerintahan',
  'Sosiologi',
  'Psikologi',
  'Hubungan Internasional',
  'Pendidikan Sejarah',
  'Kesehatan Masyarakat',
  'Biologi',
  'Arsitektur',
  'Perencanaan Wilayah dan Kota',
  'Ilmu Perpustakaan',
  'Teknik Industri',
];

export function prodiLain(data: Pick<DataDaftar, 'prodi' | 'syaratProdi'>, acak: Acak): string {
  const sama = (a: string, b: string) =>
    a.toLowerCase().includes(b.toLowerCase()) || b.toLowerCase().includes(a.toLowerCase());
  const boleh = PRODI_LAIN.filter((p) => !sama(p, data.prodi) && !sama(p, data.syaratProdi));
  return pilih(acak, boleh);
}

/** The IPK the transkrip prints, with its discrepancy if any: "3.25" as a number. */
export function ipkCetak(data: Pick<DataDaftar, 'ipk' | 'ipkMin'>, cacat: readonly JenisCacat[], acak: Acak): number {
  const daftar = Number(data.ipk);
  const min = Number(data.ipkMin);
  const ratus = (n: number) => Math.round(n * 100) / 100;
  if (cacat.includes('IPK_RENDAH')) {
    const hasil = ratus(Math.max(2, min - rentang(acak, 0.1, 0.4)));
    // Under the requirement, and not what was registered.
    return hasil === daftar ? ratus(Math.max(2, hasil - 0.05)) : hasil;
  }
  if (cacat.includes('IPK_LAIN')) {
    const beda = ratus(rentang(acak, 0.05, 0.4));
    const turun = ratus(daftar - beda);
    const naik = ratus(daftar + beda);
    const bisaTurun = turun >= min;
    const bisaNaik = naik <= 4;
    if (bisaTurun && (!bisaNaik || acak() < 0.5)) return turun;
    if (bisaNaik) return naik;
    return ratus(Math.max(min, Math.min(4, daftar - 0.05)));
  }
  return daftar;
}

/** A deterministic STR number (16 digits) for an applicant (id or NIK) and seed. */
export function nomorStr(kunci: number | string, seed: number): string {
  const acak = seededRandom(campur(typeof kunci === 'number' ? kunci : hashTeks(kunci), seed, 0x57a));
  const digit = Array.from({ length: 12 }, () => Math.floor(acak() * 10)).join('');
  return `${bulat(acak, 11, 49)}${bulat(acak, 18, 24)}${digit}`;
}

/** The date an STR is valid until: 1–5 years after the closing date, or before it (STR_KEDALUWARSA). */
export function berlakuStr(data: Pick<DataDaftar, 'tglTutup'>, cacat: readonly JenisCacat[], acak: Acak): string {
  const acuan = data.tglTutup ?? hariIni();
  if (cacat.includes('STR_KEDALUWARSA')) return tambahHari(acuan, -bulat(acak, 1, 300));
  return tambahHari(tambahBulan(acuan, 12 * bulat(acak, 1, 5)), bulat(acak, 0, 364));
}

// ---------------------------------------------------------------------------------------------
// Drawing

export interface DokumenContoh {
  bytes: Uint8Array;
  mime: 'image/jpeg' | 'application/pdf';
  namaFile: string;
}

const FONT = 'Arimo';
let fontSiap = false;

function siapkanFont() {
  if (fontSiap) return;
  const require = createRequire(import.meta.url);
  const folder = path.join(path.dirname(require.resolve('@fontsource/arimo/package.json')), 'files');
  for (const berat of ['400', '700']) {
    GlobalFonts.registerFromPath(path.join(folder, `arimo-latin-${berat}-normal.woff2`), FONT);
  }
  fontSiap = true;
}

/** A4 portrait at 150 dpi. */
const A4 = { lebar: 1240, tinggi: 1754 };
/** A4 in PDF points (pdfkit's own size for 'A4'). */
const A4_PT = { lebar: 595.28, tinggi: 841.89 };
/** The card, ID-1 at about 300 dpi. */
const KARTU = { lebar: 1012, tinggi: 638 };
const TINTA = '#1d1d1f';

interface Tulis {
  ukuran: number;
  tebal?: boolean;
  rata?: 'kiri' | 'tengah' | 'kanan';
  /** Squeezed sideways to this width when longer (the height, what OCR needs, stays). */
  lebarMaks?: number;
  warna?: string;
}

function tulis(ctx: SKRSContext2D, teks: string, x: number, y: number, gaya: Tulis) {
  ctx.font = `${gaya.tebal ? 'bold ' : ''}${gaya.ukuran}px ${FONT}`;
  ctx.fillStyle = gaya.warna ?? TINTA;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = gaya.rata === 'tengah' ? 'center' : gaya.rata === 'kanan' ? 'right' : 'left';
  const lebar = ctx.measureText(teks).width;
  const skala = gaya.lebarMaks && lebar > gaya.lebarMaks ? gaya.lebarMaks / lebar : 1;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(skala, 1);
  ctx.fillText(teks, 0, 0);
  ctx.restore();
}

/** A signature: a few pen strokes. */
function tandaTangan(ctx: SKRSContext2D, x: number, y: number, acak: Acak, lebar = 240) {
  const langkah = lebar / 4;
  ctx.save();
  ctx.strokeStyle = '#1b2a6b';
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x, y + rentang(acak, 20, 60));
  for (let i = 0; i < 4; i++) {
    ctx.bezierCurveTo(
      x + langkah * (i + rentang(acak, 0.2, 0.8)),
      y + rentang(acak, -10, 30),
      x + langkah * (i + rentang(acak, 0.5, 1.2)),
      y + rentang(acak, 40, 90),
      x + langkah * (i + 1) - rentang(acak, 0, 10),
      y + rentang(acak, 20, 70),
    );
  }
  ctx.stroke();
  ctx.restore();
}

/** A stamp's ring, partly over the signature. */
function stempel(ctx: SKRSContext2D, x: number, y: number, teks: string) {
  ctx.save();
  ctx.globalAlpha = 0.55;
  ctx.strokeStyle = '#3a4fa8';
  ctx.lineWidth = 4;
  for (const r of [70, 56]) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.globalAlpha = 0.5;
  tulis(ctx, teks, x, y + 8, { ukuran: 22, tebal: true, rata: 'tengah', lebarMaks: 100, warna: '#3a4fa8' });
  ctx.restore();
}

/** A 128×128 tile of grey noise (alpha left to the caller). */
function ubinDerau(acak: Acak): Canvas {
  const ubin = createCanvas(128, 128);
  const c = ubin.getContext('2d');
  const data = c.createImageData(128, 128);
  const px = data.data;
  for (let i = 0; i < px.length; i += 4) {
    const v = Math.floor(acak() * 256);
    px[i] = v;
    px[i + 1] = v;
    px[i + 2] = v;
    px[i + 3] = 255;
  }
  c.putImageData(data, 0, 0);
  return ubin;
}

/** Grain over the whole image and a few specks of dust. */
function derau(ctx: SKRSContext2D, lebar: number, tinggi: number, acak: Acak, kuat: number) {
  const ubin = ubinDerau(acak);
  const pola = ctx.createPattern(ubin, 'repeat');
  if (!pola) return;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // A shifted tile origin, so the grain does not line up with the text.
  ctx.translate(-bulat(acak, 0, 127), -bulat(acak, 0, 127));
  ctx.globalAlpha = kuat;
  ctx.fillStyle = pola;
  ctx.fillRect(0, 0, lebar + 128, tinggi + 128);
  ctx.restore();
  ctx.save();
  ctx.fillStyle = '#3c3c3c';
  const debu = Math.round((lebar * tinggi) / 60_000);
  for (let i = 0; i < debu; i++) {
    ctx.globalAlpha = rentang(acak, 0.15, 0.5);
    ctx.beginPath();
    ctx.arc(rentang(acak, 0, lebar), rentang(acak, 0, tinggi), rentang(acak, 0.6, 1.8), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

interface Pindai {
  /** Degrees, either way. */
  miring: [number, number];
  blur: number;
  derau: number;
}

const PINDAI_BIASA: Pindai = { miring: [0.2, 0.9], blur: 0, derau: 0.03 };

/** How a page or card is blurred and grained: as usual, or unreadable (BURAM). */
function caraPindai(acak: Acak, cacat: readonly JenisCacat[], biasa: Pindai): Pindai {
  const blur = rentang(acak, 0.4, 0.8);
  if (cacat.includes('BURAM'))
    return { miring: biasa.miring, blur: rentang(acak, 4, 6), derau: rentang(acak, 0.15, 0.2) };
  return { ...biasa, blur };
}

/** A scanned A4 page: the paper slightly turned on the scanner's glass, softened, grained. */
async function pindaiHalaman(halaman: Canvas | null, cara: Pindai, acak: Acak): Promise<Buffer> {
  const hasil = createCanvas(A4.lebar, A4.tinggi);
  const ctx = hasil.getContext('2d');
  ctx.fillStyle = '#d9d8d4';
  ctx.fillRect(0, 0, A4.lebar, A4.tinggi);
  const sudut = (rentang(acak, cara.miring[0], cara.miring[1]) * (acak() < 0.5 ? -1 : 1) * Math.PI) / 180;
  ctx.save();
  ctx.translate(A4.lebar / 2 + rentang(acak, -8, 8), A4.tinggi / 2 + rentang(acak, -8, 8));
  ctx.rotate(sudut);
  ctx.scale(0.985, 0.985);
  ctx.translate(-A4.lebar / 2, -A4.tinggi / 2);
  if (halaman) {
    ctx.filter = `blur(${cara.blur.toFixed(2)}px)`;
    ctx.drawImage(halaman, 0, 0);
    ctx.filter = 'none';
  } else {
    ctx.fillStyle = '#fbfaf7';
    ctx.fillRect(0, 0, A4.lebar, A4.tinggi);
  }
  ctx.restore();
  derau(ctx, A4.lebar, A4.tinggi, acak, cara.derau);
  return hasil.encodeSync('jpeg', 72);
}

/** A fresh white page to draw on. */
function halamanBaru(): { kanvas: Canvas; ctx: SKRSContext2D } {
  siapkanFont();
  const kanvas = createCanvas(A4.lebar, A4.tinggi);
  const ctx = kanvas.getContext('2d');
  ctx.fillStyle = '#fdfcf8';
  ctx.fillRect(0, 0, A4.lebar, A4.tinggi);
  return { kanvas, ctx };
}

/** The line every demo document carries, small, at the foot: these are not real documents. */
function tandaContoh(ctx: SKRSContext2D, x: number, y: number) {
  tulis(ctx, 'DOKUMEN CONTOH - DIBUAT UNTUK DEMO PORTAL VERIFIKASI ASN', x, y, {
    ukuran: 18,
    rata: 'tengah',
    warna: '#9a9a9a',
  });
}

/** One A4 page image in a PDF of one page, no text layer: what a scanner gives. */
const pdfGambar = (jpeg: Buffer) =>
  pdfDariGambar([{ jpeg, lebarPt: A4_PT.lebar, tinggiPt: A4_PT.tinggi }], { producer: 'Pindaian' });

/** The draws of one document: from the data that makes it, the document and the seed. */
const acakDokumen = (data: DataDaftar, dokumen: string, seed: number) =>
  seededRandom(campur(hashTeks(`${data.nik}|${data.noIjazah}|${dokumen}`), seed));

const hanya = (cacat: readonly JenisCacat[]) => cacat.filter((c) => (JENIS_CACAT as readonly string[]).includes(c));

// ---------------------------------------------------------------------------------------------
// The documents. `cacat`: the discrepancies on this document (the caller picks them by document).

/** The KTP lines as printed, after its discrepancies. */
export function isiKtp(data: DataDaftar, cacat: readonly JenisCacat[], seed: number) {
  const acak = acakDokumen(data, 'KTP-ISI', seed);
  // The discrepancies draw apart, so one changes only what it changes.
  const acakCacat = acakDokumen(data, 'KTP-CACAT', seed);
  const agama = pilih(acak, AGAMA).toUpperCase();
  const statusPerkawinan = acak() < 0.6 ? 'BELUM KAWIN' : 'KAWIN';
  const kabupaten = data.domisiliKabupaten.toUpperCase();
  return {
    provinsi: `PROVINSI ${data.domisiliProvinsi.toUpperCase()}`,
    kabupaten: /^(KABUPATEN|KOTA|KAB\.) /.test(kabupaten) ? kabupaten : `KABUPATEN ${kabupaten}`,
    nik: cacat.includes('NIK_TUKAR') ? nikTukar(data.nik, acakCacat) : data.nik,
    nama: cacat.includes('NAMA_EJAAN') ? namaEjaan(data.nama, acakCacat) : data.nama.toUpperCase(),
    tempatLahir: data.tempatLahirKtp.toUpperCase(),
    tanggalLahir: cacat.includes('LAHIR_LAIN') ? lahirLain(data.tanggalLahirKtp, acakCacat) : data.tanggalLahirKtp,
    jenisKelamin: data.jenisKelamin === 'L' ? 'LAKI-LAKI' : 'PEREMPUAN',
    alamat: data.alamat.toUpperCase(),
    agama,
    statusPerkawinan,
  };
}

function gambarKartu(data: DataDaftar, cacat: readonly JenisCacat[], seed: number, acak: Acak): Canvas {
  const isi = isiKtp(data, cacat, seed);
  const kartu = createCanvas(KARTU.lebar, KARTU.tinggi);
  const ctx = kartu.getContext('2d');
  const latar = ctx.createLinearGradient(0, 0, KARTU.lebar, KARTU.tinggi);
  latar.addColorStop(0, '#d3e9f7');
  latar.addColorStop(0.5, '#bcdcf2');
  latar.addColorStop(1, '#a7cfec');
  ctx.fillStyle = latar;
  ctx.beginPath();
  ctx.roundRect(0, 0, KARTU.lebar, KARTU.tinggi, 36);
  ctx.fill();
  // The faint guilloche of the card.
  ctx.save();
  ctx.strokeStyle = 'rgba(255,255,255,0.35)';
  ctx.lineWidth = 2;
  for (let i = 0; i < 9; i++) {
    ctx.beginPath();
    ctx.ellipse(KARTU.lebar * 0.45, KARTU.tinggi * 0.55, 120 + i * 38, 60 + i * 22, 0.2, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();

  tulis(ctx, isi.provinsi, KARTU.lebar / 2, 52, { ukuran: 30, tebal: true, rata: 'tengah', lebarMaks: 940 });
  tulis(ctx, isi.kabupaten, KARTU.lebar / 2, 92, { ukuran: 30, tebal: true, rata: 'tengah', lebarMaks: 940 });

  const kiri = 30;
  const titikDua = 262;
  const nilai = 282;
  const lebarNilai = 770 - nilai;
  tulis(ctx, 'NIK', kiri, 152, { ukuran: 34, tebal: true });
  tulis(ctx, ':', titikDua, 152, { ukuran: 34, tebal: true });
  tulis(ctx, isi.nik, nilai, 152, { ukuran: 36, tebal: true, lebarMaks: lebarNilai });
  const baris: [string, string][] = [
    ['Nama', isi.nama],
    ['Tempat/Tgl Lahir', `${isi.tempatLahir}, ${tanggalKtp(isi.tanggalLahir)}`],
    ['Jenis Kelamin', isi.jenisKelamin],
    ['Alamat', isi.alamat],
    ['Agama', isi.agama],
    ['Status Perkawinan', isi.statusPerkawinan],
    ['Pekerjaan', 'KARYAWAN SWASTA'],
    ['Kewarganegaraan', 'WNI'],
    ['Berlaku Hingga', 'SEUMUR HIDUP'],
  ];
  baris.forEach(([label, teks], i) => {
    const y = 200 + i * 44;
    tulis(ctx, label, kiri, y, { ukuran: 25, lebarMaks: titikDua - kiri - 8 });
    tulis(ctx, ':', titikDua, y, { ukuran: 25 });
    tulis(ctx, teks, nilai, y, { ukuran: 25, lebarMaks: lebarNilai });
  });

  // The photo, and under it where and when the card was issued.
  ctx.fillStyle = '#8f979e';
  ctx.fillRect(790, 130, 190, 250);
  ctx.fillStyle = '#6f777e';
  ctx.beginPath();
  ctx.arc(885, 215, 52, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(885, 370, 85, 80, 0, Math.PI, 0);
  ctx.fill();
  tandaTangan(ctx, 810, 420, acak, 170);
  tulis(ctx, 'DOKUMEN CONTOH', KARTU.lebar / 2, 618, { ukuran: 16, rata: 'tengah', warna: '#6b8aa3' });
  return kartu;
}

/** A KTP as an applicant uploads it: a phone photo of the card on a table. */
export async function ktpJpeg(data: DataDaftar, cacat: readonly JenisCacat[], seed: number): Promise<DokumenContoh> {
  siapkanFont();
  const daftar = hanya(cacat);
  const acak = acakDokumen(data, 'KTP', seed);
  const lebar = KARTU.lebar + 148;
  const tinggi = KARTU.tinggi + 148;
  const foto = createCanvas(lebar, tinggi);
  const ctx = foto.getContext('2d');
  if (daftar.includes('HALAMAN_KOSONG')) {
    // An empty scan: the glass with nothing on it.
    ctx.fillStyle = '#e4e4e2';
    ctx.fillRect(0, 0, lebar, tinggi);
    derau(ctx, lebar, tinggi, acak, 0.08);
    return { bytes: new Uint8Array(foto.encodeSync('jpeg', 80)), mime: 'image/jpeg', namaFile: 'ktp.jpg' };
  }
  const meja = ctx.createRadialGradient(lebar * 0.4, tinggi * 0.35, 50, lebar / 2, tinggi / 2, lebar * 0.75);
  const nada = bulat(acak, 0, 2);
  meja.addColorStop(0, ['#7a6a5a', '#6c6f74', '#5d6a58'][nada]!);
  meja.addColorStop(1, ['#3b3129', '#2f3236', '#2b3327'][nada]!);
  ctx.fillStyle = meja;
  ctx.fillRect(0, 0, lebar, tinggi);
  const kartu = gambarKartu(data, daftar, seed, acak);
  const cara = caraPindai(acak, daftar, { miring: [0.5, 2], blur: 0, derau: 0.06 });
  const sudut = (rentang(acak, cara.miring[0], cara.miring[1]) * (acak() < 0.5 ? -1 : 1) * Math.PI) / 180;
  ctx.save();
  ctx.translate(lebar / 2 + rentang(acak, -12, 12), tinggi / 2 + rentang(acak, -12, 12));
  ctx.rotate(sudut);
  ctx.shadowColor = 'rgba(0,0,0,0.45)';
  ctx.shadowBlur = 18;
  ctx.shadowOffsetX = 6;
  ctx.shadowOffsetY = 8;
  ctx.filter = `blur(${cara.blur.toFixed(2)}px)`;
  ctx.drawImage(kartu, -KARTU.lebar / 2, -KARTU.tinggi / 2);
  ctx.restore();
  // The phone's light: one side a little brighter.
  const cahaya = ctx.createLinearGradient(0, 0, lebar, tinggi);
  cahaya.addColorStop(0, 'rgba(255,255,240,0.10)');
  cahaya.addColorStop(1, 'rgba(0,0,0,0.10)');
  ctx.fillStyle = cahaya;
  ctx.fillRect(0, 0, lebar, tinggi);
  derau(ctx, lebar, tinggi, acak, cara.derau);
  return { bytes: new Uint8Array(foto.encodeSync('jpeg', 80)), mime: 'image/jpeg', namaFile: 'ktp.jpg' };
}

const REKTOR = [
  'Prof. Dr. Ir. Bambang Sutrisno, M.Sc.',
  'Prof. Dr. Hj. Sri Rahayu, M.Pd.',
  'Prof. Dr. Agus Setiadi, S.E., M.Si.',
  'Prof. Dr. dr. Hendra Wijaya, Sp.PD.',
  'Prof. Dr. Ir. Made Suarjana, M.T.',
];
const DEKAN = [
  'Dr. Rina Kartikasari, M.Si.',
  'Dr. Ir. Yudi Prasetyo, M.T.',
  'Dr. Ahmad Fauzi, S.H., M.H.',
  'Dr. Lestari Wulandari, M.Kes.',
];

const nip = (acak: Acak) =>
  `19${bulat(acak, 60, 79)}${dua(bulat(acak, 1, 12))}${dua(bulat(acak, 1, 28))} 19${bulat(acak, 85, 99)}${dua(
    bulat(acak, 1, 12),
  )} ${bulat(acak, 1, 2)} ${String(bulat(acak, 1, 999)).padStart(3, '0')}`;

/** "Universitas Gadjah Mada" → "UGM". */
const inisial = (nama: string) =>
  nama
    .split(/\s+/)
    .map((kata) => kata[0] ?? '')
    .join('')
    .toUpperCase();

/** The signature block on the right of a page: office, signature, stamp, name, NIP. */
function blokTandaTangan(ctx: SKRSContext2D, y: number, jabatan: string, nama: string, lembaga: string, acak: Acak) {
  const x = 800;
  tulis(ctx, jabatan, x, y, { ukuran: 26, rata: 'tengah', lebarMaks: 520 });
  tandaTangan(ctx, x - 110, y + 30, acak);
  stempel(ctx, x - 150, y + 90, inisial(lembaga).slice(0, 5));
  tulis(ctx, nama, x, y + 190, { ukuran: 26, tebal: true, rata: 'tengah', lebarMaks: 520 });
  tulis(ctx, `NIP. ${nip(acak)}`, x, y + 228, { ukuran: 24, rata: 'tengah' });
}

/** An ijazah, scanned: one image-only PDF page. PRODI_LAIN, BURAM, HALAMAN_KOSONG. */
export async function ijazahPdf(data: DataDaftar, cacat: readonly JenisCacat[], seed: number): Promise<DokumenContoh> {
  const daftar = hanya(cacat);
  const acak = acakDokumen(data, 'IJAZAH', seed);
  const namaFile = 'ijazah.pdf';
  if (daftar.includes('HALAMAN_KOSONG')) {
    return { bytes: await pdfGambar(await pindaiHalaman(null, PINDAI_BIASA, acak)), mime: 'application/pdf', namaFile };
  }
  const { kanvas, ctx } = halamanBaru();
  const tengah = A4.lebar / 2;
  // The border and the emblem.
  ctx.strokeStyle = '#7a6a3a';
  ctx.lineWidth = 6;
  ctx.strokeRect(60, 60, A4.lebar - 120, A4.tinggi - 120);
  ctx.lineWidth = 2;
  ctx.strokeRect(78, 78, A4.lebar - 156, A4.tinggi - 156);
  ctx.beginPath();
  ctx.arc(tengah, 210, 80, 0, Math.PI * 2);
  ctx.stroke();
  tulis(ctx, inisial(data.lembaga), tengah, 226, {
    ukuran: 44,
    tebal: true,
    rata: 'tengah',
    lebarMaks: 130,
    warna: '#7a6a3a',
  });

  const prodi = daftar.includes('PRODI_LAIN') ? prodiLain(data, acakDokumen(data, 'IJAZAH-CACAT', seed)) : data.prodi;
  const nama = (data.namaIjazah ?? data.nama).toUpperCase();
  tulis(ctx, data.lembaga.toUpperCase(), tengah, 380, { ukuran: 46, tebal: true, rata: 'tengah', lebarMaks: 1000 });
  tulis(ctx, 'IJAZAH', tengah, 470, { ukuran: 44, tebal: true, rata: 'tengah' });
  tulis(ctx, `Nomor Ijazah: ${data.noIjazah}`, tengah, 545, { ukuran: 30, rata: 'tengah' });
  tulis(ctx, 'Diberikan kepada:', tengah, 650, { ukuran: 30, rata: 'tengah' });
  tulis(ctx, nama, tengah, 730, { ukuran: 48, tebal: true, rata: 'tengah', lebarMaks: 1000 });
  const baris = [
    `Tempat dan Tanggal Lahir: ${data.tempatLahirIjazah}, ${tanggalPanjang(data.tanggalLahirIjazah)}`,
    `Program Studi: ${prodi}`,
    `Lulus pada tanggal: ${tanggalPanjang(data.tglIjazah)}`,
    ...(data.gelarBelakang ? [`Gelar: ${data.gelarBelakang}`] : []),
  ];
  baris.forEach((teks, i) => {
    tulis(ctx, teks, tengah, 820 + i * 60, { ukuran: 30, rata: 'tengah', lebarMaks: 1000 });
  });
  tulis(ctx, 'beserta segala hak dan kewajiban yang melekat pada gelar tersebut.', tengah, 1090, {
    ukuran: 26,
    rata: 'tengah',
  });
  // The holder's photo and the rector's signature.
  ctx.fillStyle = '#b9bcc0';
  ctx.fillRect(200, 1250, 180, 240);
  ctx.strokeStyle = '#555';
  ctx.lineWidth = 2;
  ctx.strokeRect(200, 1250, 180, 240);
  tulis(ctx, `Diterbitkan ${tanggalPanjang(tambahHari(data.tglIjazah, bulat(acak, 7, 40)))}`, 800, 1220, {
    ukuran: 26,
    rata: 'tengah',
  });
  blokTandaTangan(ctx, 1262, 'Rektor,', pilih(acak, REKTOR), data.lembaga, acak);
  tandaContoh(ctx, tengah, 1640);
  const jpeg = await pindaiHalaman(kanvas, caraPindai(acak, daftar, PINDAI_BIASA), acak);
  return { bytes: await pdfGambar(jpeg), mime: 'application/pdf', namaFile };
}

const MKU = [
  'Pendidikan Agama',
  'Pendidikan Pancasila',
  'Pendidikan Kewarganegaraan',
  'Bahasa Indonesia',
  'Bahasa Inggris',
];
const NILAI_HURUF: [string, number][] = [
  ['A', 4],
  ['A-', 3.75],
  ['B+', 3.5],
  ['B', 3],
  ['B-', 2.75],
  ['C+', 2.5],
  ['C', 2],
];

/** A grade near the IPK, give or take. */
function nilaiHuruf(ipk: number, acak: Acak): string {
  const sasaran = Math.min(4, Math.max(2, ipk + rentang(acak, -0.6, 0.6)));
  let terdekat = NILAI_HURUF[0]!;
  for (const n of NILAI_HURUF) if (Math.abs(n[1] - sasaran) < Math.abs(terdekat[1] - sasaran)) terdekat = n;
  return terdekat[0];
}

const predikat = (ipk: number) =>
  ipk >= 3.51 ? 'Dengan Pujian' : ipk >= 3.01 ? 'Sangat Memuaskan' : ipk >= 2.76 ? 'Memuaskan' : 'Cukup';

/** A transkrip, scanned: one image-only PDF page. IPK_RENDAH, IPK_LAIN, BURAM, HALAMAN_KOSONG. */
export async function transkripPdf(
  data: DataDaftar,
  cacat: readonly JenisCacat[],
  seed: number,
): Promise<DokumenContoh> {
  const daftar = hanya(cacat);
  const acak = acakDokumen(data, 'TRANSKRIP', seed);
  const namaFile = 'transkrip.pdf';
  if (daftar.includes('HALAMAN_KOSONG')) {
    return { bytes: await pdfGambar(await pindaiHalaman(null, PINDAI_BIASA, acak)), mime: 'application/pdf', namaFile };
  }
  const ipk = ipkCetak(data, daftar, acakDokumen(data, 'TRANSKRIP-CACAT', seed));
  const { kanvas, ctx } = halamanBaru();
  const tengah = A4.lebar / 2;
  tulis(ctx, data.lembaga.toUpperCase(), tengah, 150, { ukuran: 40, tebal: true, rata: 'tengah', lebarMaks: 1040 });
  tulis(ctx, 'TRANSKRIP AKADEMIK', tengah, 215, { ukuran: 44, tebal: true, rata: 'tengah' });
  ctx.fillStyle = TINTA;
  ctx.fillRect(100, 240, A4.lebar - 200, 3);

  const kiri = 110;
  const kepala = [
    `Nama: ${data.namaIjazah ?? data.nama}`,
    `NIM: ${bulat(acak, 10, 22)}${String(bulat(acak, 1, 99_999_999)).padStart(8, '0')}`,
    `Nomor Ijazah: ${data.noIjazah}`,
    `Program Studi: ${data.prodi}`,
  ];
  kepala.forEach((teks, i) => {
    tulis(ctx, teks, kiri, 305 + i * 46, { ukuran: 28, lebarMaks: 1020 });
  });

  const kolom = { kode: kiri, mk: 290, sks: 900, nilai: 1030 };
  const atas = 520;
  ctx.fillStyle = '#e9e9e9';
  ctx.fillRect(100, atas - 36, A4.lebar - 200, 50);
  tulis(ctx, 'Kode', kolom.kode, atas, { ukuran: 26, tebal: true });
  tulis(ctx, 'Mata Kuliah', kolom.mk, atas, { ukuran: 26, tebal: true });
  tulis(ctx, 'SKS', kolom.sks, atas, { ukuran: 26, tebal: true });
  tulis(ctx, 'Nilai', kolom.nilai, atas, { ukuran: 26, tebal: true });
  const awalan = data.prodi
    .split(/[\s,()]+/)
    .filter((k) => /^[A-Z]/.test(k))
    .map((k) => k[0])
    .join('')
    .slice(0, 3)
    .padEnd(2, 'X');
  const matakuliah = [
    ...MKU,
    `Pengantar ${data.prodi}`,
    'Statistika',
    'Metodologi Penelitian',
    'Etika Profesi',
    `Seminar ${data.prodi}`,
    'Kuliah Kerja Nyata',
    'Tugas Akhir',
  ];
  ctx.strokeStyle = '#9a9a9a';
  ctx.lineWidth = 1;
  matakuliah.forEach((mk, i) => {
    const y = atas + 52 + i * 46;
    const umum = i < MKU.length;
    tulis(ctx, `${umum ? 'MKU' : awalan}${100 + i * 17 + bulat(acak, 0, 9)}`, kolom.kode, y, { ukuran: 26 });
    tulis(ctx, mk, kolom.mk, y, { ukuran: 26, lebarMaks: kolom.sks - kolom.mk - 30 });
    tulis(ctx, String(mk === 'Tugas Akhir' ? 6 : umum ? 2 : bulat(acak, 2, 4)), kolom.sks + 20, y, { ukuran: 26 });
    tulis(ctx, nilaiHuruf(ipk, acak), kolom.nilai + 10, y, { ukuran: 26 });
    ctx.beginPath();
    ctx.moveTo(100, y + 14);
    ctx.lineTo(A4.lebar - 100, y + 14);
    ctx.stroke();
  });
  const bawah = atas + 52 + matakuliah.length * 46 + 50;
  tulis(ctx, 'Jumlah SKS: 144', kiri, bawah, { ukuran: 28 });
  tulis(ctx, `Indeks Prestasi Kumulatif (IPK): ${formatIpk(ipk)}`, kiri, bawah + 50, { ukuran: 30, tebal: true });
  tulis(ctx, `Predikat Kelulusan: ${predikat(ipk)}`, kiri, bawah + 100, { ukuran: 28 });
  tulis(ctx, `Tanggal Lulus: ${tanggalPanjang(data.tglIjazah)}`, kiri, bawah + 150, { ukuran: 28 });
  blokTandaTangan(ctx, bawah + 230, 'Dekan,', pilih(acak, DEKAN), data.lembaga, acak);
  tandaContoh(ctx, tengah, 1700);
  const jpeg = await pindaiHalaman(kanvas, caraPindai(acak, daftar, PINDAI_BIASA), acak);
  return { bytes: await pdfGambar(jpeg), mime: 'application/pdf', namaFile };
}

/** An STR, scanned: one image-only PDF page. STR_KEDALUWARSA, BURAM, HALAMAN_KOSONG. */
export async function strPdf(
  data: DataDaftar,
  cacat: readonly JenisCacat[],
  seed: number,
  noStr: string,
): Promise<DokumenContoh> {
  const daftar = hanya(cacat);
  const acak = acakDokumen(data, 'STR', seed);
  const namaFile = 'str.pdf';
  if (daftar.includes('HALAMAN_KOSONG')) {
    return { bytes: await pdfGambar(await pindaiHalaman(null, PINDAI_BIASA, acak)), mime: 'application/pdf', namaFile };
  }
  const berlaku = berlakuStr(data, daftar, acakDokumen(data, 'STR-CACAT', seed));
  const { kanvas, ctx } = halamanBaru();
  const tengah = A4.lebar / 2;
  ctx.strokeStyle = '#2f6f5e';
  ctx.lineWidth = 8;
  ctx.strokeRect(70, 70, A4.lebar - 140, A4.tinggi - 140);
  ctx.beginPath();
  ctx.lineWidth = 4;
  ctx.arc(tengah, 190, 62, 0, Math.PI * 2);
  ctx.stroke();
  tulis(ctx, 'KKI', tengah, 205, { ukuran: 40, tebal: true, rata: 'tengah', warna: '#2f6f5e' });
  tulis(ctx, 'KONSIL KESEHATAN INDONESIA', tengah, 320, { ukuran: 44, tebal: true, rata: 'tengah' });
  tulis(ctx, 'SURAT TANDA REGISTRASI', tengah, 400, { ukuran: 54, tebal: true, rata: 'tengah' });
  tulis(ctx, `Nomor STR: ${noStr}`, tengah, 480, { ukuran: 34, tebal: true, rata: 'tengah' });
  tulis(ctx, 'Diberikan kepada tenaga kesehatan yang tersebut di bawah ini:', tengah, 580, {
    ukuran: 26,
    rata: 'tengah',
  });
  const kiri = 170;
  const baris = [
    `Nama: ${data.nama}`,
    `Tempat/Tgl Lahir: ${data.tempatLahirKtp}, ${tanggalPanjang(data.tanggalLahirKtp)}`,
    `Kompetensi: ${data.prodi}`,
    `Berlaku sampai: ${tanggalPanjang(berlaku)}`,
  ];
  baris.forEach((teks, i) => {
    tulis(ctx, teks, kiri, 680 + i * 64, { ukuran: 32, lebarMaks: A4.lebar - 2 * kiri });
  });
  // Issued five years before it lapses, after graduation.
  let terbit = tambahBulan(berlaku, -60);
  const lulus = tambahHari(data.tglIjazah, bulat(acak, 60, 300));
  if (terbit < lulus) terbit = lulus;
  if (terbit >= berlaku) terbit = tambahHari(berlaku, -365);
  tulis(ctx, `Ditetapkan di Jakarta, ${tanggalPanjang(terbit)}`, 800, 1100, {
    ukuran: 26,
    rata: 'tengah',
  });
  const ketua = 'dr. Kartika Paramita, M.K.M.';
  blokTandaTangan(ctx, 1150, 'Ketua Konsil Kesehatan Indonesia,', ketua, 'Konsil Kesehatan Indonesia', acak);
  tandaContoh(ctx, tengah, 1640);
  const jpeg = await pindaiHalaman(kanvas, caraPindai(acak, daftar, PINDAI_BIASA), acak);
  return { bytes: await pdfGambar(jpeg), mime: 'application/pdf', namaFile };
}

/** A blank scanned page as a one-page PDF (a HALAMAN_KOSONG upload). */
export async function halamanKosongPdf(seed: number): Promise<Uint8Array> {
  return pdfGambar(await pindaiHalaman(null, PINDAI_BIASA, seededRandom(campur(seed, 0x6b6f))));
}
