// Generated data for mock mode: the demo instansi and a few hundred applicants in the shape the
// real lists answer (PelamarRow), drawn from the same reference lists as the server's seed and the
// same on every run (a seeded generator).

import {
  DEMO_INSTANSI,
  FIRST_NAMES_L,
  FIRST_NAMES_P,
  JABATAN_PER_TRACK,
  JENIS_FORMASI,
  LAST_NAMES,
  lokasiFormasiOf,
  STATUS_VERIFIKASI,
  seededRandom,
  TRACK_IDS,
} from '@portal/contract';

export type Row = { id: number } & Record<string, unknown>;

export const APPLICANT_COUNT = 500;

export function seedCollections(): Map<string, Map<number, Row>> {
  const random = seededRandom(20240820);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const digits = (length: number) => Array.from({ length }, () => Math.floor(random() * 10)).join('');

  const pelamar: Row[] = Array.from({ length: APPLICANT_COUNT }, (_, index) => {
    const day = new Date(Date.UTC(2024, 7, 20) + Math.floor(random() * 30) * 86_400_000);
    const instansi = pick(DEMO_INSTANSI);
    const jalur = pick(TRACK_IDS);
    const jabatan = pick(JABATAN_PER_TRACK[jalur]);
    const jenisKelamin = random() < 0.5 ? 'L' : 'P';
    const statusVerifikasi = pick(STATUS_VERIFIKASI);
    return {
      id: index + 1,
      nik: `3${digits(15)}`,
      noPeserta: `2410${instansi.kode}${String(index + 1).padStart(8, '0')}`,
      nama: `${pick(jenisKelamin === 'L' ? FIRST_NAMES_L : FIRST_NAMES_P)} ${pick(LAST_NAMES)}`,
      gelarDepan: null,
      gelarBelakang: null,
      jenisKelamin,
      jalur,
      jabatanNama: jabatan.nama,
      lokasiNama: pick(lokasiFormasiOf(instansi.kode))[1],
      jenisFormasi: pick(JENIS_FORMASI),
      pendidikanNama: jabatan.pendidikanNama,
      statusVerifikasi,
      statusSupervisi: null,
      tglDaftar: day.toISOString().slice(0, 10),
      tglVerifikasi: statusVerifikasi === 'BELUM' ? null : '2024-09-20T10:00:00',
      verifikatorNama: statusVerifikasi === 'BELUM' ? null : 'Rina Marlina',
      alasanTms: statusVerifikasi === 'TMS' ? ['DOKUMEN_TIDAK_TERBACA'] : null,
      klaimSaya: false,
      klaimNama: null,
      // Issue #35: what the reading of the documents found (api/mock/detail.ts says what), from the
      // index so the seeded draws above stay as they were.
      verifikasiKedua: null,
      temuanOtomatis: index % 6 === 0 ? 'BERAT' : index % 4 === 1 ? 'PERIKSA' : 'TIDAK_ADA',
      instansi: { id: instansi.id, kode: instansi.kode, nama: instansi.nama },
    };
  });
  const instansi: Row[] = DEMO_INSTANSI.map((item) => ({ ...item }));
  return new Map([
    ['instansi', new Map(instansi.map((row) => [row.id, row]))],
    ['pelamar', new Map(pelamar.map((row) => [row.id, row]))],
  ]);
}
