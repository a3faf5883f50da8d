// The wording of `supervisi` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idSupervisi = {
  setujui: 'Setujui',
  kembalikan: 'Kembalikan',
  catatan: 'Catatan untuk verifikator (wajib saat mengembalikan)',
  setujuiTerpilih: (n: number) => `Setujui ${n} terpilih`,
  konfirmasiJudul: 'Setujui keputusan terpilih',
  konfirmasi: (n: number) => `Setujui ${n} keputusan verifikasi sekaligus? Tindakan ini tercatat atas nama Anda.`,
  batal: 'Batal',
  hasil: (ok: number, gagal: number) =>
    gagal === 0 ? `${ok} keputusan disetujui.` : `${ok} keputusan disetujui, ${gagal} gagal.`,
  disetujui: 'Keputusan disetujui.',
  dikembalikan: 'Keputusan dikembalikan ke verifikator.',
  hasilVerifikasi: 'Hasil verifikasi',
  cekDokumen: 'Pemeriksaan dokumen',
  alasanTms: 'Alasan TMS',
  catatanVerifikator: 'Catatan verifikator',
  status: { DISETUJUI: 'Disetujui', DIKEMBALIKAN: 'Dikembalikan' } as Record<string, string>,
  menunggu: 'Menunggu supervisi',
  setujuiJudul: 'Setujui keputusan verifikasi',
  akibatSetujui: (status: string) =>
    `Keputusan ${status} verifikator menjadi hasil akhir pelamar ini dan tidak kembali ke verifikator.`,
  setujuiTanya: 'Tindakan ini tercatat atas nama Anda. Lanjutkan?',
  /** Issue #32: returning is confirmed like agreeing, and both name whom they concern. */
  kembalikanJudul: 'Kembalikan ke verifikator',
  akibatKembalikan: (nama: string, verifikator: string) =>
    `Keputusan untuk ${nama} dikembalikan kepada ${verifikator} bersama catatan Anda, untuk diputuskan ulang.`,
  verifikator: 'verifikatornya',
  disetujuiUntuk: (nama: string) => `Keputusan untuk ${nama} disetujui.`,
  dikembalikanUntuk: (nama: string) => `Keputusan untuk ${nama} dikembalikan ke verifikator.`,
  semuaSaya: 'Semua yang saya supervisi',
  hariIniSaya: 'Saya supervisi hari ini',
  habis: 'Tidak ada lagi keputusan yang menunggu supervisi di daftar ini.',
  /** Issue #34: both decisions of a sampled applicant, side by side. */
  duaKeputusan: 'Verifikasi kedua (sampel)',
  sepakat: 'Kedua verifikator sepakat.',
  berbeda:
    'Kedua verifikator memutuskan berbeda: pilih keputusan yang disetujui, atau kembalikan kepada salah satunya.',
  pertama: 'Verifikator pertama',
  kedua: 'Verifikator kedua',
  pakai: 'Keputusan yang dipakai',
  pakaiPilihan: (urutan: string, nama: string, status: string) => `${urutan}: ${status} (${nama})`,
  pilihDulu: 'Pilih keputusan verifikator pertama atau kedua.',
} as const;
