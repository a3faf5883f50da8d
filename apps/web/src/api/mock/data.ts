// Generated data for mock mode: the demo instansi and a few hundred applicants per track in the
// shape the real lists answer (PelamarRow), the same on every run (a seeded generator).

import { DEMO_INSTANSI, JENIS_FORMASI, STATUS_VERIFIKASI, TRACK_IDS } from '@portal/contract';

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
const JABATAN: [string, string][] = [
  ['Analis Kepegawaian Ahli Pertama', 'S-1 Ilmu Administrasi Negara'],
  ['Guru Matematika Ahli Pertama', 'S-1 Pendidikan Matematika'],
  ['Perawat Terampil', 'D-III Keperawatan'],
  ['Pranata Komputer Ahli Pertama', 'S-1 Teknik Informatika'],
  ['Dokter Ahli Pertama', 'S-1 Pendidikan Dokter + Profesi'],
  ['Penyuluh Pertanian Ahli Pertama', 'S-1 Agroteknologi'],
];
const LOKASI = ['Kota Bandung', 'Kabupaten Bogor', 'Kota Semarang', 'Kota Surabaya', 'Kota Makassar', 'Kota Medan'];

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
    const day = new Date(Date.UTC(2024, 7, 20) + Math.floor(random() * 30) * 86_400_000);
    const instansi = pick(DEMO_INSTANSI);
    const [jabatanNama, pendidikanNama] = pick(JABATAN);
    const statusVerifikasi = pick(STATUS_VERIFIKASI);
    return {
      id: index + 1,
      nik: `3${digits(15)}`,
      noPeserta: `2410${instansi.kode}${String(index + 1).padStart(8, '0')}`,
      nama: `${pick(FIRST)} ${pick(LAST)}`,
      gelarDepan: null,
      gelarBelakang: null,
      jenisKelamin: random() < 0.5 ? 'L' : 'P',
      jalur: pick(TRACK_IDS),
      jabatanNama,
      lokasiNama: pick(LOKASI),
      jenisFormasi: pick(JENIS_FORMASI),
      pendidikanNama,
      statusVerifikasi,
      statusSupervisi: null,
      tglDaftar: day.toISOString().slice(0, 10),
      tglVerifikasi: statusVerifikasi === 'BELUM' ? null : '2024-09-20T10:00:00',
      verifikatorNama: statusVerifikasi === 'BELUM' ? null : 'Rina Marlina',
      instansi: { id: instansi.id, kode: instansi.kode, nama: instansi.nama },
    };
  });
  const instansi: Row[] = DEMO_INSTANSI.map((item) => ({ ...item }));
  return new Map([
    ['instansi', new Map(instansi.map((row) => [row.id, row]))],
    ['pelamar', new Map(pelamar.map((row) => [row.id, row]))],
  ]);
}
