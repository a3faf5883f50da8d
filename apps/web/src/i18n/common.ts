// The wording of `common` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idCommon = {
  comingSoon: 'Fitur ini sedang disiapkan.',
  tutup: 'Tutup jendela',
} as const;
