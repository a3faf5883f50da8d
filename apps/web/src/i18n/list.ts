// The wording of `list` (one file per part of the dictionary: apps/web/src/i18n/README.md).

import { formatAngka } from '@portal/contract';

export const idList = {
  search: 'Cari nama, NIK atau nomor peserta',
  searchLabel: 'Cari',
  reset: 'Atur ulang',
  empty: 'Tidak ada data',
  loading: 'Memuat data…',
  retry: 'Coba lagi',
  failed: 'Data gagal dimuat.',
  urutanHabis: 'Tidak ada lagi yang dapat dibuka di daftar ini; kembali ke daftar.',
  pageSize: 'Baris per halaman',
  range: (from: number, to: number, total: number) =>
    total === 0 ? '0 data' : `${formatAngka(from)}–${formatAngka(to)} dari ${formatAngka(total)} data`,
  selected: (count: number) => `${formatAngka(count)} baris dipilih`,
  selectAll: 'Pilih semua baris di halaman ini',
  selectRow: (name: string) => `Pilih ${name}`,
  sortBy: (column: string) => `Urutkan menurut ${column}`,
  pagination: 'Halaman',
  paginationControls: {
    first: 'Halaman pertama',
    previous: 'Halaman sebelumnya',
    next: 'Halaman berikutnya',
    last: 'Halaman terakhir',
  } as Record<string, string>,
  bulkActions: 'Tindakan untuk baris terpilih',
  bulkCancel: 'Batal',
  dateFieldHint: 'HH/BB/TTTT',
  /** Issue #32: a typed date that does not exist (31/02/2024, 09/15/2024) is said, not undone. */
  dateFieldInvalid: 'Tanggal tidak valid — gunakan format HH/BB/TTTT',
  dateFieldBefore: (min: string) => `Tanggal tidak boleh sebelum ${min}`,
  dateFieldAfter: (max: string) => `Tanggal tidak boleh setelah ${max}`,
  filters: 'Saring',
  allStatuses: 'Semua',
  dateFrom: 'Daftar dari',
  dateTo: 'Daftar sampai',
  exportExcel: 'Unduh Excel',
  exportCsv: 'Unduh CSV',
  exporting: (megabytes: string) => `Menyiapkan berkas… ${megabytes} MB diterima`,
  exportCancel: 'Batalkan',
  exportDone: 'Berkas selesai diunduh.',
  exportFailed: 'Berkas gagal diunduh. Silakan coba lagi.',
  /** Issue #33: a large export made by the server's queue, followed on the list. */
  exportWaiting: 'Menunggu giliran pembuatan berkas…',
  exportRows: (selesai: number, total: number) =>
    total > 0
      ? `Menyiapkan berkas: ${formatAngka(selesai)} dari ${formatAngka(total)} baris`
      : 'Menyiapkan berkas: menghitung baris…',
  exportProgress: 'Kemajuan unduhan',
  exportReady: (namaBerkas: string, megabytes: string) => `Berkas unduhan siap: ${namaBerkas} (${megabytes} MB)`,
  exportReadyDownload: 'Unduh berkas',
  exportReadyDismiss: 'Tutup pemberitahuan berkas unduhan',
  instansi: 'Instansi',
  semuaInstansi: 'Semua instansi',
  instansiTidakAda: 'Instansi tidak ditemukan',
} as const;
