// The wording of `sso` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idSso = {
  button: 'Masuk dengan SSO',
  or: 'atau',
  redirecting: 'Mengalihkan ke layanan SSO…',
  finishing: 'Menyelesaikan masuk dengan SSO…',
  failedTitle: 'Gagal masuk dengan SSO',
  backToLogin: 'Kembali ke halaman masuk',
  // spec §8, identity-service errors: one message each.
  config: 'Layanan SSO belum dikonfigurasi dengan benar atau tidak dapat dihubungi. Hubungi admin portal.',
  invalidToken: 'Token dari layanan SSO tidak valid. Silakan masuk kembali.',
  notAuthenticated: 'Anda belum masuk ke layanan SSO atau proses masuk sudah kedaluwarsa. Silakan ulangi.',
  invalidNonce: 'Verifikasi keamanan masuk SSO gagal (nonce tidak cocok). Token telah dihapus; silakan masuk kembali.',
  refreshFailed: 'Sesi SSO Anda berakhir dan tidak dapat diperpanjang. Token telah dihapus; silakan masuk kembali.',
  denied: 'Akses ditolak oleh layanan SSO.',
  unknownUser: 'Akun SSO Anda tidak terdaftar atau tidak aktif di portal ini.',
  signedOutElsewhere: 'Anda telah keluar dari layanan SSO. Silakan masuk kembali.',
} as const;
