// The wording of `layout` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idLayout = {
  mainMenu: 'Menu utama',
  dashboard: 'Dashboard',
  detail: 'Detail',
  breadcrumb: 'Navigasi jejak',
  openMenu: 'Buka menu navigasi',
  userMenu: 'Menu pengguna',
  builder: 'Pengaturan Tampilan',
  profile: 'Profil Saya',
  logout: 'Keluar',
  userPanelTitle: 'Akun Anda',
  skipToContent: 'Langsung ke konten',
} as const;
