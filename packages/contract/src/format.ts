// The one set of Indonesian formats (issue #32) every screen, export and document writes with:
// dates "18/09/2024" or "18 September 2024", moments on Jakarta's clock with "WIB", numbers
// "1.234,5", IPK "2,92", people with their titles. Pure functions: no locale or zone of the machine.

/** What is written where there is no value. */
export const KOSONG = '–';

export const NAMA_BULAN = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

/** WIB is UTC+7 all year (Indonesia keeps no daylight saving time). */
const WIB_MS = 7 * 3_600_000;

type Masukan = string | Date | null | undefined;

/** A date and a wall-clock time as read on Jakarta's clock. */
export interface WaktuWib {
  tahun: number;
  bulan: number;
  hari: number;
  jam: number;
  menit: number;
  /** False for a calendar date (`YYYY-MM-DD`), which has no time of day. */
  adaJam: boolean;
}

const POLA = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const dariInstant = (ms: number): WaktuWib | null => {
  if (!Number.isFinite(ms)) return null;
  const wib = new Date(ms + WIB_MS);
  return {
    tahun: wib.getUTCFullYear(),
    bulan: wib.getUTCMonth() + 1,
    hari: wib.getUTCDate(),
    jam: wib.getUTCHours(),
    menit: wib.getUTCMinutes(),
    adaJam: true,
  };
};

/**
 * A value on Jakarta's clock, or null when it is not a date. A calendar date (`YYYY-MM-DD`) never
 * shifts; a naive moment (`YYYY-MM-DDTHH:MM[:SS]`, how the server sends them) is already WIB wall
 * time; a moment with `Z` or an offset, and a Date, are instants converted to WIB.
 */
export function bacaWaktu(nilai: Masukan): WaktuWib | null {
  if (nilai === null || nilai === undefined) return null;
  if (nilai instanceof Date) return dariInstant(nilai.getTime());
  const m = POLA.exec(nilai.trim());
  if (!m) return null;
  const [tahun, bulan, hari, jam, menit, detik] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((s) => Number(s ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(tahun, bulan - 1, hari, jam, menit, detik);
  const check = new Date(Date.UTC(tahun, bulan - 1, hari));
  if (check.getUTCMonth() !== bulan - 1 || check.getUTCDate() !== hari) return null;
  const zona = m[7];
  if (!zona) return { tahun, bulan, hari, jam, menit, adaJam: m[4] !== undefined };
  if (zona.toUpperCase() === 'Z') return dariInstant(utc);
  const [, tanda, oh = '0', om = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zona) ?? [];
  const offsetMs = (Number(oh) * 60 + Number(om)) * 60_000 * (tanda === '-' ? -1 : 1);
  return dariInstant(utc - offsetMs);
}

const dua = (n: number) => String(n).padStart(2, '0');
const pendek = (w: WaktuWib) => `${dua(w.hari)}/${dua(w.bulan)}/${w.tahun}`;
const panjang = (w: WaktuWib) => `${w.hari} ${NAMA_BULAN[w.bulan - 1]} ${w.tahun}`;
const jamMenit = (w: WaktuWib) => `${dua(w.jam)}.${dua(w.menit)} WIB`;

/** Formats a readable value; "–" when there is none, the text itself when it is not a date. */
const dengan = (format: (w: WaktuWib) => string) => (nilai: Masukan) => {
  if (nilai === null || nilai === undefined || nilai === '') return KOSONG;
  const w = bacaWaktu(nilai);
  return w ? format(w) : String(nilai);
};

/** The short date, in lists, table cells and fields: "18/09/2024". */
export const formatTanggal = dengan(pendek);
/** The long date, in sentences and documents: "18 September 2024". */
export const formatTanggalPanjang = dengan(panjang);
/** A moment, in lists, table cells and fields: "18/09/2024 19.15 WIB" (a date alone: "18/09/2024"). */
export const formatWaktu = dengan((w) => (w.adaJam ? `${pendek(w)} ${jamMenit(w)}` : pendek(w)));
/** A moment in a sentence or document: "18 September 2024 pukul 19.15 WIB". */
export const formatWaktuPanjang = dengan((w) => (w.adaJam ? `${panjang(w)} pukul ${jamMenit(w)}` : panjang(w)));
/** The time of day alone: "19.15 WIB". */
export const formatJam = dengan((w) => (w.adaJam ? jamMenit(w) : KOSONG));

type Angka = number | string | null | undefined;

const keAngka = (nilai: Angka): number | null => {
  if (nilai === null || nilai === undefined || (typeof nilai === 'string' && nilai.trim() === '')) return null;
  const n = Number(nilai);
  return Number.isFinite(n) ? n : null;
};

/** Thousands with a dot, decimals with a comma, between `min` and `max` decimals. */
function tulisAngka(n: number, min: number, max: number): string {
  const [bulat = '0', pecahan = ''] = Math.abs(n).toFixed(max).split('.');
  let desimal = pecahan;
  while (desimal.length > min && desimal.endsWith('0')) desimal = desimal.slice(0, -1);
  const ribuan = bulat.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const tanda = n < 0 && /[1-9]/.test(bulat + desimal) ? '-' : '';
  return `${tanda}${ribuan}${desimal ? `,${desimal}` : ''}`;
}

/** A number: 1234.5 → "1.234,5" (at most `desimal` decimals, 2 unless said); "–" when none. */
export function formatAngka(nilai: Angka, desimal = 2): string {
  const n = keAngka(nilai);
  return n === null ? KOSONG : tulisAngka(n, 0, desimal);
}

/** A file's size: "49 KB" under a megabyte, "2,4 MB" from one (never "0 KB"). */
export function formatUkuranBerkas(byte: number): string {
  const kb = Math.max(1, Math.round(byte / 1024));
  return kb < 1024 ? `${tulisAngka(kb, 0, 0)} KB` : `${tulisAngka(byte / 1024 / 1024, 0, 1)} MB`;
}

/** A score as sent (a decimal string or a number): "85,5", "1.234"; "–" when none. */
export const formatNilai = (nilai: Angka): string => formatAngka(nilai, 2);

/** An IPK always with two decimals: "2,92", "3,00"; "–" when none. */
export function formatIpk(nilai: Angka): string {
  const n = keAngka(nilai);
  return n === null ? KOSONG : tulisAngka(n, 2, 2);
}

/** A percentage (of 100): 60.25 → "60,3%" (at most `desimal` decimals, 1 unless said). */
export function formatPersen(nilai: Angka, desimal = 1): string {
  const n = keAngka(nilai);
  return n === null ? KOSONG : `${tulisAngka(n, 0, desimal)}%`;
}

/** A part of a whole as a percentage: 3 of 4 → "75%"; "0%" of nothing. */
export const formatBagian = (bagian: number, total: number, desimal = 1): string =>
  formatPersen(total === 0 ? 0 : (bagian / total) * 100, desimal);

export interface Bergelar {
  gelarDepan?: string | null;
  nama: string;
  gelarBelakang?: string | null;
}

/** A person's name with their titles, as the KTP and ijazah give them: "Dr. Budi Santoso, S.Kom.". */
export function namaLengkap({ gelarDepan, nama, gelarBelakang }: Bergelar): string {
  const depan = gelarDepan?.trim();
  const belakang = gelarBelakang?.trim();
  return `${depan ? `${depan} ` : ''}${nama}${belakang ? `, ${belakang}` : ''}`;
}

/** NIK as monitoring roles see it: region and sequence, the birth date hidden (320123******0001). */
export function maskNik(nik: string): string {
  return `${nik.slice(0, 6)}******${nik.slice(12)}`;
}
