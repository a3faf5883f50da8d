// The wording of `track` (one file per part of the dictionary: apps/web/src/i18n/README.md).

export const idTrack = {
  noMenus: 'Tidak ada menu pada jalur ini yang dapat Anda buka.',
} as const;
