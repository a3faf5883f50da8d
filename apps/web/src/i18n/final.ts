// The wording of `final` (one file per part of the dictionary: apps/web/src/i18n/README.md).

import { formatAngka } from '@portal/contract';

export const idFinal = {
  judul: 'Final verifikasi',
  terkunci: (oleh: string, at: string) => `Hasil verifikasi sudah dikunci oleh ${oleh} pada ${at}.`,
  sisa: (belum: number, supervisi: number) =>
    `${formatAngka(belum)} pelamar belum diverifikasi, ${formatAngka(supervisi)} keputusan belum disetujui supervisor.`,
  siap: 'Semua pelamar sudah diverifikasi dan disupervisi. Hasil dapat dikunci.',
  tombol: 'Kunci hasil verifikasi',
  /** Issue #32: the confirmation names the track and what it locks. */
  konfirmasi: (jalur: string, ms: number, tms: number) =>
    `Anda akan mengunci hasil verifikasi ${jalur} instansi Anda: ${formatAngka(ms)} Memenuhi Syarat dan ${formatAngka(tms)} Tidak Memenuhi Syarat. Setelah dikunci, keputusan verifikasi dan supervisi pada jalur ini tidak dapat diubah lagi, dan pengumuman serta berita acara dapat dicetak. Lanjutkan?`,
  berhasil: 'Hasil verifikasi dikunci.',
  belumDapatDikunci: 'Hasil dapat dikunci setelah semua pelamar diverifikasi dan disupervisi.',
} as const;
