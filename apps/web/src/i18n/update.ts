// The wording of `update` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idUpdate = {
  // spec §4, word for word.
  title: 'Versi terbaru tersedia',
  message: 'Klik disini untuk update',
} as const;
