// Generated data for mock mode: the demo instansi and a few hundred applicants, the same on every
// run (a seeded generator), so a screen looks the same each time it is opened.

import { DEMO_INSTANSI, TRACK_IDS } from '@portal/contract';

export type Row = { id: number } & Record<string, unknown>;

const FIRST = [
  'Agus',
  'Budi',
  'Citra',
  'Dewi',
  'Eko',
  'Fitri',
  'Gilang',
  'Hana',
  'Indra',
  'Joko',
  'Kartika',
  'Lestari',
  'Made',
  'Nur',
  'Putu',
  'Rizky',
  'Siti',
  'Taufik',
  'Wulan',
  'Yusuf',
];
const LAST = [
  'Pratama',
  'Saputra',
  'Wijaya',
  'Hidayat',
  'Kusuma',
  'Nugroho',
  'Siregar',
  'Harahap',
  'Santoso',
  'Rahmawati',
  'Setiawan',
  'Lubis',
  'Wibowo',
  'Gunawan',
];
const JABATAN = [
  'Analis Kepegawaian',
  'Guru Ahli Pertama',
  'Perawat Terampil',
  'Pranata Komputer',
  'Dokter Ahli Pertama',
  'Penyuluh Pertanian',
  'Arsiparis Terampil',
];
const PENDIDIKAN = ['D-III', 'D-IV', 'S-1', 'S-2', 'Profesi'];
const STATUS = ['BELUM_DIVERIFIKASI', 'MS', 'TMS'] as const;

/** mulberry32: a tiny seeded generator, enough for demo data. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const APPLICANT_COUNT = 500;

export function seedCollections(): Map<string, Map<number, Row>> {
  const random = generator(20240820);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const digits = (length: number) => Array.from({ length }, () => Math.floor(random() * 10)).join('');

  const pelamar: Row[] = Array.from({ length: APPLICANT_COUNT }, (_, index) => {
    const day = new Date(Date.UTC(2024, 7, 1) + Math.floor(random() * 60) * 86_400_000);
    return {
      id: index + 1,
      nik: `3${digits(15)}`,
      nama: `${pick(FIRST)} ${pick(LAST)}`,
      jalur: pick(TRACK_IDS),
      instansiId: pick(DEMO_INSTANSI).id,
      jabatan: pick(JABATAN),
      pendidikan: pick(PENDIDIKAN),
      status: pick(STATUS),
      tanggalDaftar: day.toISOString().slice(0, 10),
    };
  });
  const instansi: Row[] = DEMO_INSTANSI.map((item) => ({ ...item }));
  return new Map([
    ['instansi', new Map(instansi.map((row) => [row.id, row]))],
    ['pelamar', new Map(pelamar.map((row) => [row.id, row]))],
  ]);
}
