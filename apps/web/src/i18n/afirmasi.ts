// The wording of `afirmasi` (one file per part of the dictionary: apps/web/src/i18n/README.md).

import { formatPersen } from '@portal/contract';

export const idAfirmasi = {
  kategori: {
    USIA_PENGALAMAN: 'Usia ≥ 35 tahun dan masa kerja ≥ 3 tahun',
    DISABILITAS: 'Penyandang disabilitas',
    EKS_THK_II: 'Eks tenaga honorer kategori II',
    PAPUA: 'Orang asli Papua',
    DATABASE_NAKES: 'Terdaftar di pangkalan data tenaga kesehatan',
  } as Record<string, string>,
  status: { BELUM: 'Belum diperiksa', VALID: 'Valid', TIDAK_VALID: 'Tidak valid' } as Record<string, string>,
  statusFilter: 'Saring menurut status klaim',
  kategoriFilter: 'Kategori',
  semuaKategori: 'Semua kategori',
  columns: {
    noPeserta: 'No. peserta',
    nama: 'Nama pelamar',
    jabatan: 'Jabatan',
    kategori: 'Kategori',
    persen: 'Poin',
    diajukan: 'Diajukan',
    status: 'Status',
    diperiksa: 'Diperiksa',
  },
  persen: (persen: number) => `${formatPersen(persen)} nilai teknis maks.`,
  klaimLain: 'Klaim afirmasi pelamar',
  nilaiAfirmasi: 'Nilai afirmasi saat ini',
  belumAdaNilai: 'Belum ada',
  aturan: (batas: number, maks: number) =>
    `Poin klaim yang valid dijumlahkan, paling banyak ${batas}% dari nilai teknis maksimum (${maks}).`,
  keputusan: 'Keputusan',
  valid: 'Valid',
  tidakValid: 'Tidak valid',
  alasan: 'Alasan (wajib)',
  alasanWajib: 'Pilih keputusan dan isi alasan (sedikitnya 5 karakter).',
  simpan: 'Simpan keputusan',
  konfirmasiJudul: 'Simpan keputusan klaim afirmasi',
  akibatValid: (poin: string) => `Klaim dinyatakan VALID: nilai afirmasi pelamar dihitung ulang (${poin}).`,
  akibatTidakValid: 'Klaim dinyatakan TIDAK VALID: poinnya tidak dihitung. Pelamar dapat mengajukan sanggah afirmasi.',
  konfirmasi: 'Keputusan tidak dapat diubah setelah disimpan. Simpan sekarang?',
  /** Issue #32: the toast names whose claim was checked, as the next one takes the screen. */
  tersimpanUntuk: (nama: string, hasil: string) => `${nama}: ${hasil}`,
  habis: 'Tidak ada lagi klaim afirmasi yang belum diperiksa di daftar ini.',
  tersimpan: (lama: string | null, baru: string) =>
    lama === baru
      ? `Keputusan tersimpan; nilai afirmasi tetap ${baru}.`
      : `Keputusan tersimpan; nilai afirmasi ${lama ?? '–'} → ${baru}.`,
  diperiksaOleh: (nama: string, waktu: string) => `Diperiksa oleh ${nama} pada ${waktu}`,
  hanyaBaca: 'Klaim ini sudah diperiksa atau Anda tidak berwenang memeriksanya.',
  konflik: 'Klaim ini telah diubah oleh pengguna lain.',
  pintasan: 'Pintasan: V valid, T tidak valid, Ctrl+Enter menyimpan.',
  bukti: 'Bukti klaim',
  batal: 'Batal',
} as const;
