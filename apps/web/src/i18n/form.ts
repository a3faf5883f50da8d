// The wording of `form` (one file per part of the dictionary: apps/web/src/i18n/README.md): the
// one pattern every form shows its problems with (ui/form/).

export const idForm = {
  /** The title of the box above a form that lists what to fix. */
  periksa: 'Periksa isian berikut:',
  wajib: (label: string) => `${label} wajib diisi.`,
  wajibPilih: (label: string) => `${label} wajib dipilih.`,
  batal: 'Batal',
} as const;
