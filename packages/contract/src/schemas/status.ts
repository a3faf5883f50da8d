// The statuses of DOMAIN.md's workflows and the kinds of formasi, shared by every schema.

export const STATUS_VERIFIKASI = ['BELUM', 'MS', 'TMS'] as const;
export type StatusVerifikasi = (typeof STATUS_VERIFIKASI)[number];
export const STATUS_SUPERVISI = ['DISETUJUI', 'DIKEMBALIKAN'] as const;
export const JENIS_FORMASI = [
  'UMUM',
  'CUMLAUDE',
  'DISABILITAS',
  'PUTRA_PUTRI_PAPUA',
  'DAERAH_TERTINGGAL',
  'DIASPORA',
  'EKS_THK_II',
] as const;

/** Words for the kinds of formasi, on screen, in exports and in official documents: proper case
 * ("Formasi Daerah Tertinggal"), small words such as "dan", "di", "ke", "dari" in lower case. */
export const JENIS_FORMASI_NAMA: Record<(typeof JENIS_FORMASI)[number], string> = {
  UMUM: 'Umum',
  CUMLAUDE: 'Cumlaude',
  DISABILITAS: 'Disabilitas',
  PUTRA_PUTRI_PAPUA: 'Putra/Putri Papua',
  DAERAH_TERTINGGAL: 'Daerah Tertinggal',
  DIASPORA: 'Diaspora',
  EKS_THK_II: 'Eks THK-II',
};

/** Words for the verification statuses, on screen and in official documents. */
export const STATUS_VERIFIKASI_NAMA: Record<StatusVerifikasi, string> = {
  BELUM: 'Belum diverifikasi',
  MS: 'Memenuhi Syarat',
  TMS: 'Tidak Memenuhi Syarat',
};
