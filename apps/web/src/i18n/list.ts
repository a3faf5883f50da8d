// The wording of `list` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idList = {
  search: 'Cari nama, NIK atau nomor peserta',
  searchLabel: 'Cari',
  reset: 'Atur ulang',
  empty: 'Tidak ada data',
  loading: 'Memuat data…',
  retry: 'Coba lagi',
  failed: 'Data gagal dimuat.',
  pageSize: 'Baris per halaman',
  range: (from: number, to: number, total: number) =>
    total === 0
      ? '0 data'
      : `${from.toLocaleString('id-ID')}–${to.toLocaleString('id-ID')} dari ${total.toLocaleString('id-ID')} data`,
  selected: (count: number) => `${count.toLocaleString('id-ID')} baris dipilih`,
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
  instansi: 'Instansi',
  semuaInstansi: 'Semua instansi',
  instansiTidakAda: 'Instansi tidak ditemukan',
} as const;
