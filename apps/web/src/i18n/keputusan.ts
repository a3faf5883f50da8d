// The wording of `keputusan` (one file per part of the dictionary: apps/web/src/i18n/README.md).
// The one decision panel of every detail page (ui/decision).

export const idKeputusan = {
  batal: 'Batal',
  muatUlang: 'Muat ulang',
  pintasan: 'Pintasan keyboard',
  kirimUlang: 'Isian Anda tetap ada; muat ulang lalu simpan lagi.',
  drafPulih: 'Isian yang belum tersimpan dipulihkan dari draf.',
  // Why a decision is saved without a dialog: it comes back to its author (docs/decisions.md).
  kembaliKeSupervisor: 'Keputusan ini diperiksa supervisor; bila dikembalikan, Anda memperbaikinya.',
  kembaliKeVerifikator: 'Keputusan dikembalikan ke verifikator, lalu kembali kepada Anda untuk diperiksa.',
  dapatDiubah: 'Pemeriksaan ini dapat Anda ubah kembali.',
  /** Issue #32: the record's cards scroll on their own so the decision stays in view. */
  dataDigulir: 'Data dan syarat (dapat digulir)',
  dapatDiubahSelamaJadwal: 'Jawaban ini dapat Anda ubah selama jadwal konfirmasi masih berjalan.',
} as const;
