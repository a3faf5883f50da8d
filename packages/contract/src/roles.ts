// Every authority named in spec §6. Roles are plain strings on the principal.

export const ROLES = [
  'ROLE_CEK_SANGGAH_WASDAL',
  'ROLE_MONITORING_MENPAN',
  'ROLE_MONITORING_NONASN_BKN',
  'ROLE_VERIFIKATOR_CPNS',
  'ROLE_SUPERVISOR_CPNS',
  'ROLE_ADMIN_CPNS',
  'ROLE_MONITORING_CPNS_INSTANSI',
  'ROLE_JAWAB_SANGGAH_NILAI_SKD',
  'ROLE_VERIFIKATOR_PPPK',
  'ROLE_SUPERVISOR_PPPK',
  'ROLE_ADMIN_PPPK',
  'ROLE_MONITORING_PPPK_GURU_INSTANSI',
  'ROLE_CHECKER_TAMBAH_NILAI_PPPK_TEKNIS',
  'ROLE_VERIFIKATOR_PPPK_GURU',
  'ROLE_SUPERVISOR_PPPK_GURU',
  'ROLE_ADMIN_PPPK_GURU',
  'ROLE_SUPERVISOR_KEMENRISTEK_PPPK_GURU',
  'ROLE_VERIFIKATOR_PPPK_NAKES',
  'ROLE_SUPERVISOR_PPPK_NAKES',
  'ROLE_ADMIN_PPPK_NAKES',
  'ROLE_MONITORING_PPPK_NAKES_INSTANSI',
  'ROLE_CHECKER_TAMBAH_NILAI_PPPK_NAKES',
  // Not in spec §6: the national operator who manages instansi admins (issue #6, akun.ts).
  'ROLE_SUPERADMIN',
] as const;

export type Role = (typeof ROLES)[number];

/** Roles whose data scope is national rather than the user's own instansi (ARCHITECTURE.md). */
export const NATIONAL_ROLES: readonly Role[] = [
  'ROLE_CEK_SANGGAH_WASDAL',
  'ROLE_MONITORING_MENPAN',
  'ROLE_MONITORING_NONASN_BKN',
  'ROLE_JAWAB_SANGGAH_NILAI_SKD',
];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * Each role as people call it (issue #32): the forms and lists show these words, never the codes.
 * One place, so the user list, its filter and the user form cannot name a role two ways.
 */
export const ROLE_NAMA: Record<Role, string> = {
  ROLE_CEK_SANGGAH_WASDAL: 'Wasdal BKN: pemeriksa jawaban sanggah',
  ROLE_MONITORING_MENPAN: 'Pemantau KemenPAN-RB',
  ROLE_MONITORING_NONASN_BKN: 'Pemantau Non ASN BKN',
  ROLE_JAWAB_SANGGAH_NILAI_SKD: 'Penjawab sanggah nilai SKD',
  ROLE_VERIFIKATOR_CPNS: 'Verifikator CPNS',
  ROLE_SUPERVISOR_CPNS: 'Supervisor CPNS',
  ROLE_ADMIN_CPNS: 'Admin instansi CPNS',
  ROLE_MONITORING_CPNS_INSTANSI: 'Pemantau instansi CPNS',
  ROLE_VERIFIKATOR_PPPK: 'Verifikator PPPK Teknis',
  ROLE_SUPERVISOR_PPPK: 'Supervisor PPPK Teknis',
  ROLE_ADMIN_PPPK: 'Admin instansi PPPK Teknis',
  ROLE_MONITORING_PPPK_GURU_INSTANSI: 'Pemantau instansi PPPK Guru',
  ROLE_CHECKER_TAMBAH_NILAI_PPPK_TEKNIS: 'Checker tambah nilai PPPK Teknis',
  ROLE_VERIFIKATOR_PPPK_GURU: 'Verifikator PPPK Guru',
  ROLE_SUPERVISOR_PPPK_GURU: 'Supervisor PPPK Guru',
  ROLE_ADMIN_PPPK_GURU: 'Admin instansi PPPK Guru',
  ROLE_SUPERVISOR_KEMENRISTEK_PPPK_GURU: 'Supervisor Kemendikbudristek PPPK Guru',
  ROLE_VERIFIKATOR_PPPK_NAKES: 'Verifikator PPPK Tenaga Kesehatan',
  ROLE_SUPERVISOR_PPPK_NAKES: 'Supervisor PPPK Tenaga Kesehatan',
  ROLE_ADMIN_PPPK_NAKES: 'Admin instansi PPPK Tenaga Kesehatan',
  ROLE_MONITORING_PPPK_NAKES_INSTANSI: 'Pemantau instansi PPPK Tenaga Kesehatan',
  ROLE_CHECKER_TAMBAH_NILAI_PPPK_NAKES: 'Checker tambah nilai PPPK Tenaga Kesehatan',
  ROLE_SUPERADMIN: 'Operator nasional (super admin)',
};

/** A role's name; a code this version does not know is shown readable rather than hidden. */
export function namaPeran(role: string): string {
  return isRole(role)
    ? ROLE_NAMA[role]
    : role
        .replace(/^ROLE_/, '')
        .replaceAll('_', ' ')
        .toLowerCase();
}

/**
 * The roles as a form groups them: by the track they work on, then the national ones. Every role
 * is in exactly one group (roles.test.ts).
 */
export const ROLE_KELOMPOK: readonly { judul: string; roles: readonly Role[] }[] = [
  {
    judul: 'CPNS',
    roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_CPNS', 'ROLE_ADMIN_CPNS', 'ROLE_MONITORING_CPNS_INSTANSI'],
  },
  {
    judul: 'PPPK Teknis',
    roles: [
      'ROLE_VERIFIKATOR_PPPK',
      'ROLE_SUPERVISOR_PPPK',
      'ROLE_ADMIN_PPPK',
      'ROLE_CHECKER_TAMBAH_NILAI_PPPK_TEKNIS',
    ],
  },
  {
    judul: 'PPPK Guru',
    roles: [
      'ROLE_VERIFIKATOR_PPPK_GURU',
      'ROLE_SUPERVISOR_PPPK_GURU',
      'ROLE_SUPERVISOR_KEMENRISTEK_PPPK_GURU',
      'ROLE_ADMIN_PPPK_GURU',
      'ROLE_MONITORING_PPPK_GURU_INSTANSI',
    ],
  },
  {
    judul: 'PPPK Tenaga Kesehatan',
    roles: [
      'ROLE_VERIFIKATOR_PPPK_NAKES',
      'ROLE_SUPERVISOR_PPPK_NAKES',
      'ROLE_ADMIN_PPPK_NAKES',
      'ROLE_MONITORING_PPPK_NAKES_INSTANSI',
      'ROLE_CHECKER_TAMBAH_NILAI_PPPK_NAKES',
    ],
  },
  {
    judul: 'Nasional',
    roles: [
      'ROLE_CEK_SANGGAH_WASDAL',
      'ROLE_MONITORING_MENPAN',
      'ROLE_MONITORING_NONASN_BKN',
      'ROLE_JAWAB_SANGGAH_NILAI_SKD',
      'ROLE_SUPERADMIN',
    ],
  },
];
