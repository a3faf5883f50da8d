// The wording of `common` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idCommon = {
  comingSoon: 'Fitur ini sedang disiapkan.',
  tutup: 'Tutup jendela',
  /** The kit's clear button in a date or text field (issue #19: every icon button is named). */
  kosongkan: 'Kosongkan isian',
} as const;
