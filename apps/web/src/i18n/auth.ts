// The wording of `auth` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idAuth = {
  title: 'Masuk',
  username: 'Nama Pengguna',
  password: 'Kata Sandi',
  showPassword: 'Tampilkan atau sembunyikan sandi',
  otp: 'Kode OTP',
  otpHint: 'Masukkan 6 digit kode dari aplikasi autentikator Anda, atau satu kode pemulihan.',
  submit: 'Masuk',
  usernameRequired: 'Nama pengguna wajib diisi',
  passwordRequired: 'Kata sandi wajib diisi',
  otpRequired: 'Kode OTP wajib diisi',
  sessionExpired: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
  loginFailedTitle: 'Gagal masuk',
  otpNeededTitle: 'Verifikasi dua langkah',
} as const;
