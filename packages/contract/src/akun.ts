// Account rules of issue #6 that both sides read: who may grant which role (user
// administration), which track flags a set of roles implies, and the password policy's numbers.
// The breached-password list itself stays on the server (auth/common-passwords.ts).

import type { MenuPrincipal } from './menu.js';
import { ROLES, type Role } from './roles.js';

/**
 * What an instansi admin may grant: the roles of their own track below admin — verifier,
 * supervisor, the instansi monitoring role and the track's affirmation checker. National roles
 * (wasdal, MENPAN, BKN, SKD answerer, Kemenristek) and admin roles are the super-admin's.
 * ROLE_MONITORING_PPPK_GURU_INSTANSI is the Guru track's, although spec §6 lets it also open the
 * PPPK Teknis recap.
 */
export const GRANTABLE_BY_ADMIN: Record<
  'ROLE_ADMIN_CPNS' | 'ROLE_ADMIN_PPPK' | 'ROLE_ADMIN_PPPK_GURU' | 'ROLE_ADMIN_PPPK_NAKES',
  readonly Role[]
> = {
  ROLE_ADMIN_CPNS: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_CPNS', 'ROLE_MONITORING_CPNS_INSTANSI'],
  ROLE_ADMIN_PPPK: ['ROLE_VERIFIKATOR_PPPK', 'ROLE_SUPERVISOR_PPPK', 'ROLE_CHECKER_TAMBAH_NILAI_PPPK_TEKNIS'],
  ROLE_ADMIN_PPPK_GURU: [
    'ROLE_VERIFIKATOR_PPPK_GURU',
    'ROLE_SUPERVISOR_PPPK_GURU',
    'ROLE_MONITORING_PPPK_GURU_INSTANSI',
  ],
  ROLE_ADMIN_PPPK_NAKES: [
    'ROLE_VERIFIKATOR_PPPK_NAKES',
    'ROLE_SUPERVISOR_PPPK_NAKES',
    'ROLE_MONITORING_PPPK_NAKES_INSTANSI',
    'ROLE_CHECKER_TAMBAH_NILAI_PPPK_NAKES',
  ],
};

/** The super-admin grants every role but its own (ROLE_SUPERADMIN only by `npm run user`). */
export const GRANTABLE_BY_SUPERADMIN: readonly Role[] = ROLES.filter((role) => role !== 'ROLE_SUPERADMIN');

export function isSuperadmin(authorities: readonly string[]): boolean {
  return authorities.includes('ROLE_SUPERADMIN');
}

/** The roles a user administrator may grant and take away, in the order of ROLES. */
export function grantableRoles(authorities: readonly string[]): Role[] {
  if (isSuperadmin(authorities)) return [...GRANTABLE_BY_SUPERADMIN];
  const granted = new Set<Role>();
  for (const [admin, roles] of Object.entries(GRANTABLE_BY_ADMIN)) {
    if (authorities.includes(admin)) for (const role of roles) granted.add(role);
  }
  return ROLES.filter((role) => granted.has(role));
}

/** Roles whose menu section needs a track flag (spec §6), and the flags each implies. */
const FLAGS_OF_ROLE: Partial<Record<Role, readonly (keyof Omit<MenuPrincipal, 'authorities'>)[]>> = {
  ROLE_VERIFIKATOR_CPNS: ['isCpns'],
  ROLE_SUPERVISOR_CPNS: ['isCpns'],
  ROLE_ADMIN_CPNS: ['isCpns'],
  ROLE_MONITORING_CPNS_INSTANSI: ['isCpns'],
  ROLE_VERIFIKATOR_PPPK: ['isPppk'],
  ROLE_SUPERVISOR_PPPK: ['isPppk'],
  ROLE_ADMIN_PPPK: ['isPppk'],
  ROLE_CHECKER_TAMBAH_NILAI_PPPK_TEKNIS: ['isPppk'],
  // spec §6: it opens the PPPK Teknis recap too, which needs isPppk (as the demo monitor.guru).
  ROLE_MONITORING_PPPK_GURU_INSTANSI: ['isPppk', 'isPppkGuru'],
  ROLE_VERIFIKATOR_PPPK_GURU: ['isPppkGuru'],
  ROLE_SUPERVISOR_PPPK_GURU: ['isPppkGuru'],
  ROLE_ADMIN_PPPK_GURU: ['isPppkGuru'],
  ROLE_SUPERVISOR_KEMENRISTEK_PPPK_GURU: ['isPppkGuru'],
  ROLE_VERIFIKATOR_PPPK_NAKES: ['isPppkNakes'],
  ROLE_SUPERVISOR_PPPK_NAKES: ['isPppkNakes'],
  ROLE_ADMIN_PPPK_NAKES: ['isPppkNakes'],
  ROLE_MONITORING_PPPK_NAKES_INSTANSI: ['isPppkNakes'],
  ROLE_CHECKER_TAMBAH_NILAI_PPPK_NAKES: ['isPppkNakes'],
};

/** The track flags an account managed in the portal gets: those its roles need. */
export function flagsForRoles(roles: readonly string[]): Omit<MenuPrincipal, 'authorities'> {
  const flags = { isCpns: false, isPppk: false, isPppkGuru: false, isPppkNakes: false };
  for (const role of roles) for (const flag of FLAGS_OF_ROLE[role as Role] ?? []) flags[flag] = true;
  return flags;
}

/** Password policy (issue #6); the server also refuses the most common passwords. */
export const PASSWORD_POLICY = { minLength: 10, maxLength: 128 } as const;

/** One-time temporary passwords: by forgot-password, and for a new account's first sign-in. */
export const TEMPORARY_PASSWORD_MINUTES = { lupa: 30, akunBaru: 3 * 24 * 60 } as const;

/** Access keys (login-key): their lifetime in days, chosen at creation. */
export const ACCESS_KEY_DAYS = { default: 90, max: 365 } as const;

/** The fixed token sent with the automatic login after registration (spec §4). */
export const REGISTRATION_LOGIN_TOKEN = 'registrasi';

/**
 * Error codes of issue #6 the SPA reacts to. Here, beside the other constants and not with the
 * schemas: the sign-in page needs them, and must not load zod for them (issue #22).
 */
export const AKUN_ERROR_CODES = {
  /** Signed in with a temporary password: a new one must be set (reset-password). */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  passwordPolicy: 'PASSWORD_POLICY',
  registrationDisabled: 'REGISTRATION_DISABLED',
  alreadyExists: 'ALREADY_EXISTS',
  versionConflict: 'KONFLIK_VERSI',
} as const;
