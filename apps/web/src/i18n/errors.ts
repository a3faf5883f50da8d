// The wording of `errors` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idErrors = {
  network: 'Tidak dapat terhubung ke server. Periksa koneksi Anda.',
  unexpected: 'Terjadi kesalahan pada server. Silakan coba lagi.',
  /** A gateway's own 502/503/504 (no JSON from the portal): the server is restarting or away. */
  unavailable: 'Server sedang tidak dapat dijangkau, coba lagi sebentar lagi.',
  forbiddenPage: (path: string) => `Anda tidak berhak akses halaman ${path}`,
  notFoundTitle: 'Halaman tidak ditemukan',
  notFoundText: 'Alamat yang Anda buka tidak ada atau telah dipindahkan.',
  backToDashboard: 'Kembali ke Dashboard',
} as const;
