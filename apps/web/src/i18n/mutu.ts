// The wording of `mutu` (one file per part of the dictionary: apps/web/src/i18n/README.md): the
// Mutu Verifikasi screen (issue #34).

export const idMutu = {
  penjelasan:
    'Mutu keputusan verifikasi: lama memutuskan, keputusan yang dikembalikan supervisor, kesepakatan dengan verifikasi kedua (sampel buta) dan keputusan TMS yang dibatalkan karena sanggah diterima.',
  dari: 'Diputuskan dari',
  sampai: 'Diputuskan sampai',
  instansi: 'Instansi',
  semuaInstansi: 'Semua instansi',
  memuat: 'Memuat mutu verifikasi…',
  gagal: 'Mutu verifikasi tidak dapat dimuat.',
  cobaLagi: 'Coba lagi',
  perVerifikator: 'Per verifikator',
  perAlasan: 'Per alasan TMS',
  perHari: 'Per hari',
  kosong: 'Belum ada keputusan pada rentang ini.',
  kolom: {
    verifikator: 'Verifikator',
    keputusan: 'Keputusan',
    tms: 'TMS',
    median: 'Median per keputusan',
    dikembalikan: 'Dikembalikan supervisor',
    kedua: 'Verifikasi kedua',
    kesepakatan: 'Kesepakatan',
    kappa: 'Kappa Cohen',
    dibatalkan: 'Dibatalkan karena sanggah',
    alasan: 'Alasan TMS',
    dipakai: 'Dipakai',
    hari: 'Tanggal',
  },
  detik: (n: string) => `${n} detik`,
  dariDisupervisi: (bagian: string, n: string) => `${bagian} dari ${n}`,
  pasangan: (n: string) => `${n} pasangan`,
  terlaluSedikit: (minimum: string) => `Terlalu sedikit untuk dinilai (< ${minimum} pasangan)`,
  kappaPenjelasan:
    'Kappa Cohen mengukur kesepakatan MS/TMS antara verifikator dan verifikator kedua di luar kebetulan: 1 sepakat penuh, 0 setara kebetulan.',
} as const;
