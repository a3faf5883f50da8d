// The wording of `final` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idFinal = {
  judul: 'Final verifikasi',
  terkunci: (oleh: string, at: string) => `Hasil verifikasi sudah dikunci oleh ${oleh} pada ${at}.`,
  sisa: (belum: number, supervisi: number) =>
    `${belum.toLocaleString('id-ID')} pelamar belum diverifikasi, ${supervisi.toLocaleString('id-ID')} keputusan belum disetujui supervisor.`,
  siap: 'Semua pelamar sudah diverifikasi dan disupervisi. Hasil dapat dikunci.',
  tombol: 'Kunci hasil verifikasi',
  konfirmasi:
    'Setelah dikunci, keputusan verifikasi dan supervisi instansi Anda pada jalur ini tidak dapat diubah lagi. Lanjutkan?',
  berhasil: 'Hasil verifikasi dikunci.',
  belumDapatDikunci: 'Hasil dapat dikunci setelah semua pelamar diverifikasi dan disupervisi.',
} as const;
