// The one message catalogue of the SPA: every Indonesian text the screens show lives here.
// Server error messages are not here: the server sends them already in Indonesian (STYLE.md).

import { APP_VERSION } from '@portal/contract';

export const id = {
  app: {
    name: 'Portal Verifikasi ASN',
    tagline: 'Verifikasi Seleksi Calon ASN',
    footer: `© 2026 Portal Verifikasi ASN · versi ${APP_VERSION}`,
  },
  update: {
    // spec §4, word for word.
    title: 'Versi terbaru tersedia',
    message: 'Klik disini untuk update',
  },
  auth: {
    title: 'Masuk',
    username: 'Nama Pengguna',
    password: 'Kata Sandi',
    otp: 'Kode OTP',
    otpHint: 'Masukkan 6 digit kode dari aplikasi autentikator Anda.',
    submit: 'Masuk',
    usernameRequired: 'Nama pengguna wajib diisi',
    passwordRequired: 'Kata sandi wajib diisi',
    otpRequired: 'Kode OTP wajib diisi',
    sessionExpired: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
    loginFailedTitle: 'Gagal masuk',
    otpNeededTitle: 'Verifikasi dua langkah',
  },
  errors: {
    network: 'Tidak dapat terhubung ke server. Periksa koneksi Anda.',
    unexpected: 'Terjadi kesalahan pada server. Silakan coba lagi.',
    forbiddenPage: (path: string) => `Anda tidak berhak akses halaman ${path}`,
    notFoundTitle: 'Halaman tidak ditemukan',
    notFoundText: 'Alamat yang Anda buka tidak ada atau telah dipindahkan.',
    backToDashboard: 'Kembali ke Dashboard',
  },
  layout: {
    mainMenu: 'Menu utama',
    dashboard: 'Dashboard',
    detail: 'Detail',
    breadcrumb: 'Navigasi jejak',
    openMenu: 'Buka menu navigasi',
    userMenu: 'Menu pengguna',
    builder: 'Pengaturan Tampilan',
    logout: 'Keluar',
    userPanelTitle: 'Akun Anda',
    skipToContent: 'Langsung ke konten',
  },
  dashboard: {
    greeting: (name: string) => `Selamat datang, ${name}`,
    roles: 'Peran Anda',
    noRoles: 'Belum ada peran yang diberikan.',
    menus: 'Menu Anda',
    noMenus: 'Belum ada menu yang dapat Anda buka. Hubungi admin instansi Anda.',
    open: 'Buka',
  },
  track: {
    noMenus: 'Tidak ada menu pada jalur ini yang dapat Anda buka.',
  },
  common: {
    comingSoon: 'Fitur ini sedang disiapkan.',
  },
} as const;
