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
