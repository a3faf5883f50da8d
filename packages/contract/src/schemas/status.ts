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
