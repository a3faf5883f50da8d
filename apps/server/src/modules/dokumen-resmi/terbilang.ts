// Numbers and dates in Indonesian words, as official letters write them (issue #31): counts in a
// letter's text ("sebanyak dua ratus lima belas orang") and the customary opening of minutes
// (berita acara), "Pada hari ini Jumat tanggal dua puluh tujuh bulan November tahun dua ribu dua
// puluh enam". Pure functions, no locale of the machine involved.

import { bacaWaktu, NAMA_BULAN } from '@portal/contract';

const SATUAN = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'];

/** The scales above a thousand, each a thousand times the one before. */
const SKALA = ['', 'ribu', 'juta', 'miliar', 'triliun'];

/** The largest number in words: 999 triliun 999 miliar … (below 10^15, all exact in a double). */
export const TERBILANG_MAKS = 999_999_999_999_999;

/** 1–999 in words ('' for 0). */
function ratusan(n: number): string {
  const ratus = Math.floor(n / 100);
  const sisa = n % 100;
  const words: string[] = [];
  if (ratus === 1) words.push('seratus');
  else if (ratus > 1) words.push(`${SATUAN[ratus]} ratus`);
  if (sisa === 10) words.push('sepuluh');
  else if (sisa === 11) words.push('sebelas');
  else if (sisa > 11 && sisa < 20) words.push(`${SATUAN[sisa - 10]} belas`);
  else if (sisa >= 20) {
    words.push(`${SATUAN[Math.floor(sisa / 10)]} puluh`);
    if (sisa % 10 > 0) words.push(SATUAN[sisa % 10] as string);
  } else if (sisa > 0) words.push(SATUAN[sisa] as string);
  return words.join(' ');
}

/**
 * A count in Indonesian words: 0 "nol", 12 "dua belas", 1000 "seribu", 1500000 "satu juta lima
 * ratus ribu". Throws a RangeError for a negative, fractional or too large number.
 */
export function terbilang(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > TERBILANG_MAKS) {
    throw new RangeError(`Tidak dapat ditulis dengan huruf: ${n} (harus bilangan bulat 0–${TERBILANG_MAKS}).`);
  }
  if (n === 0) return 'nol';
  const words: string[] = [];
  for (let skala = SKALA.length - 1, sisa = n; skala >= 0; skala--) {
    const besar = 1000 ** skala;
    const kelompok = Math.floor(sisa / besar);
    sisa -= kelompok * besar;
    if (kelompok === 0) continue;
    // "seribu", but "satu juta", "satu miliar" and "seratus satu ribu".
    if (kelompok === 1 && SKALA[skala] === 'ribu') words.push('seribu');
    else words.push([ratusan(kelompok), SKALA[skala]].filter(Boolean).join(' '));
  }
  return words.join(' ');
}

export const NAMA_HARI = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;

export interface TanggalTerbilang {
  /** The day of the week: 'Jumat'. */
  hari: string;
  /** The day of the month in words: 'dua puluh tujuh'. */
  tanggal: string;
  /** The month's name: 'November'. */
  bulan: string;
  /** The year in words: 'dua ribu dua puluh enam'. */
  tahun: string;
}

/** Year, month (1–12) and day of a calendar date: a 'YYYY-MM-DD' string as written, a moment in WIB. */
function kalender(tanggal: Date | string): [tahun: number, bulan: number, hari: number] {
  if (typeof tanggal === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(tanggal);
    const [tahun, bulan, hari] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
    const check = new Date(Date.UTC(tahun, bulan - 1, hari));
    if (
      !match ||
      check.getUTCFullYear() !== tahun ||
      check.getUTCMonth() !== bulan - 1 ||
      check.getUTCDate() !== hari
    ) {
      throw new RangeError(`Bukan tanggal YYYY-MM-DD yang ada: ${tanggal}`);
    }
    return [tahun, bulan, hari];
  }
  const wib = bacaWaktu(tanggal);
  if (!wib) throw new RangeError('Tanggal tidak valid.');
  return [wib.tahun, wib.bulan, wib.hari];
}

/**
 * The day and the date in words, for the opening of minutes. A 'YYYY-MM-DD' string is that
 * calendar date whatever the machine's time zone; a Date is the day it falls on in WIB.
 */
export function tanggalTerbilang(tanggal: Date | string): TanggalTerbilang {
  const [tahun, bulan, hari] = kalender(tanggal);
  const weekday = new Date(Date.UTC(tahun, bulan - 1, hari)).getUTCDay();
  return {
    hari: NAMA_HARI[weekday] as string,
    tanggal: terbilang(hari),
    bulan: NAMA_BULAN[bulan - 1] as string,
    tahun: terbilang(tahun),
  };
}

/** "Pada hari ini Jumat tanggal dua puluh tujuh bulan November tahun dua ribu dua puluh enam". */
export function pembukaanBeritaAcara(tanggal: Date | string): string {
  const t = tanggalTerbilang(tanggal);
  return `Pada hari ini ${t.hari} tanggal ${t.tanggal} bulan ${t.bulan} tahun ${t.tahun}`;
}
