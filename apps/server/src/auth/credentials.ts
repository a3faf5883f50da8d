// The one credential check of every sign-in (local login, and the embedded identity provider's
// form): lockout, password, deactivation and the TOTP second factor, with their audit events —
// and the same check when a signed-in user confirms a change of credentials (issue #30).
// It issues nothing: the caller decides what a verified user gets (a portal session, an OIDC login).

import { AKUN_ERROR_CODES, ERROR_CODES } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { recordAudit } from '../modules/audit/audit.js';
import { clearFailures, LOCKOUT, lockedUntil, recordFailure } from './lockout.js';
import { verifyPassword } from './passwords.js';
import type { UserRow } from './principal.js';
import { useRecoveryCode } from './recovery-codes.js';
import { matchesTemporaryPassword } from './temporary-password.js';
import { useTotp } from './totp.js';

const INVALID_CREDENTIALS = 'Nama pengguna atau kata sandi salah.';
const PASSWORD_CHANGE_REQUIRED = 'Anda masuk dengan kata sandi sementara. Buat kata sandi baru untuk melanjutkan.';
const OTP_INVALID = 'Kode OTP salah atau sudah kedaluwarsa.';
const OTP_USED = 'Kode OTP ini sudah dipakai. Tunggu kode berikutnya dari aplikasi autentikator Anda.';
const OTP_MISSING = 'Masukkan kode OTP dari aplikasi autentikator Anda.';
const LOCKED = `Akun dikunci sementara karena terlalu banyak percobaan masuk yang gagal. Coba lagi dalam ${LOCKOUT.lockMinutes} menit.`;

export interface CredentialAttempt {
  username: string;
  password: string;
  /** The TOTP code, for accounts with a second factor. */
  token?: string | null | undefined;
  ip: string;
}

const audit = (
  db: Kysely<DB>,
  attempt: Pick<CredentialAttempt, 'username' | 'ip'>,
  action: string,
  extra: { actorId?: number; instansiId?: number; reason?: string } = {},
) => recordAudit(db, { action, actorUsername: attempt.username, ip: attempt.ip, entity: 'user', ...extra });

async function refuseIfLocked(db: Kysely<DB>, attempt: Pick<CredentialAttempt, 'username' | 'ip'>): Promise<void> {
  if (await lockedUntil(db, attempt.username)) {
    await audit(db, attempt, 'login.locked');
    throw new AppError(423, ERROR_CODES.accountLocked, LOCKED);
  }
}

async function fail(
  db: Kysely<DB>,
  attempt: Pick<CredentialAttempt, 'username' | 'ip'>,
  user: UserRow | undefined,
  reason: string,
  code: string = ERROR_CODES.invalidCredentials,
  message = INVALID_CREDENTIALS,
): Promise<never> {
  const nowLocked = await recordFailure(db, attempt.username);
  await audit(db, attempt, 'login.failure', {
    reason,
    ...(user ? { actorId: user.id, instansiId: user.instansi_id } : {}),
  });
  if (nowLocked) throw new AppError(423, ERROR_CODES.accountLocked, LOCKED);
  throw new AppError(401, code, message);
}

/**
 * First factor: lockout, then the password of an active account. Returns the user; whether a
 * second factor is still due is `user.totp_secret !== null`.
 */
export async function checkPassword(
  db: Kysely<DB>,
  attempt: Pick<CredentialAttempt, 'username' | 'password' | 'ip'>,
): Promise<UserRow> {
  await refuseIfLocked(db, attempt);
  const user = await db
    .selectFrom('app_user')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', attempt.username.toLowerCase()))
    .executeTakeFirst();
  const passwordOk = await verifyPassword(user?.password_hash ?? null, attempt.password);
  // Issue #6: a temporary password opens no session; reset-password replaces it.
  if (user?.active && !passwordOk && (await matchesTemporaryPassword(user, attempt.password))) {
    await clearFailures(db, attempt.username);
    await audit(db, attempt, 'login.temporary-password', { actorId: user.id, instansiId: user.instansi_id });
    throw new AppError(403, AKUN_ERROR_CODES.passwordChangeRequired, PASSWORD_CHANGE_REQUIRED);
  }
  if (!user || !passwordOk) return fail(db, attempt, user, user ? 'kata sandi salah' : 'nama pengguna tidak dikenal');
  if (!user.active) return fail(db, attempt, user, 'akun nonaktif');
  return user;
}

/**
 * Second factor of a user whose password was right: a missing code is not a failure (401
 * OTP_REQUIRED), a wrong one is. Clears the failure count on success.
 */
export async function checkSecondFactor(
  db: Kysely<DB>,
  user: UserRow,
  attempt: Pick<CredentialAttempt, 'username' | 'token' | 'ip'>,
): Promise<void> {
  if (user.totp_secret) {
    if (!attempt.token) throw new AppError(401, ERROR_CODES.otpRequired, OTP_MISSING);
    // Issue #6: a one-time recovery code may stand in for the code. Issue #30: a code works once.
    const otp = await useTotp(db, user.id, user.totp_secret, attempt.token);
    const recoveryOk = otp === 'wrong' && (await useRecoveryCode(db, user.id, attempt.token));
    if (otp === 'used') await fail(db, attempt, user, 'kode OTP dipakai ulang', ERROR_CODES.otpInvalid, OTP_USED);
    if (otp !== 'ok' && !recoveryOk) {
      await fail(db, attempt, user, 'kode OTP salah', ERROR_CODES.otpInvalid, OTP_INVALID);
    }
    if (recoveryOk) await audit(db, attempt, 'login.recovery-code', { actorId: user.id, instansiId: user.instansi_id });
  }
  await clearFailures(db, attempt.username);
}

/** Both factors in one call (the local login sends them together). */
export async function checkCredentials(db: Kysely<DB>, attempt: CredentialAttempt): Promise<UserRow> {
  const user = await checkPassword(db, attempt);
  await checkSecondFactor(db, user, attempt);
  return user;
}

/** Second step of a two-step form (the identity provider's): the lock may have come meanwhile. */
export async function checkSecondFactorStep(
  db: Kysely<DB>,
  user: UserRow,
  attempt: Pick<CredentialAttempt, 'username' | 'token' | 'ip'>,
): Promise<void> {
  await refuseIfLocked(db, attempt);
  await checkSecondFactor(db, user, attempt);
}

export async function auditLoginSuccess(
  db: Kysely<DB>,
  user: UserRow,
  attempt: Pick<CredentialAttempt, 'username' | 'ip'>,
  reason?: string,
): Promise<void> {
  await audit(db, attempt, 'login.success', {
    actorId: user.id,
    instansiId: user.instansi_id,
    ...(reason ? { reason } : {}),
  });
}

/** What a signed-in user gives to confirm a change of their credentials. */
export interface Confirmation {
  userId: number;
  username: string;
  password: string;
  /** The current TOTP code; required when `secondFactor` and the account has one. */
  token?: string | null | undefined;
  ip: string;
  /** Ask for the TOTP code too (an access key: issue #30). A recovery code does not stand in. */
  secondFactor: boolean;
}

/**
 * Issue #30: a signed-in user re-enters the password (and the current code) before changing
 * their credentials. A wrong answer counts toward the lockout like a sign-in's and is audited;
 * 400 names the field (`details`, as a validation error's). Returns the user.
 */
export async function confirmIdentity(db: Kysely<DB>, confirmation: Confirmation): Promise<UserRow> {
  await refuseIfLocked(db, confirmation);
  const user = await db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', confirmation.userId)
    .executeTakeFirstOrThrow();
  const refuse = async (field: 'password' | 'token', reason: string, code: string, message: string) => {
    const nowLocked = await recordFailure(db, confirmation.username);
    await audit(db, confirmation, 'reauth.failure', { actorId: user.id, instansiId: user.instansi_id, reason });
    if (nowLocked) throw new AppError(423, ERROR_CODES.accountLocked, LOCKED);
    throw new AppError(400, code, message, [{ field: `body.${field}`, message }]);
  };
  if (!(await verifyPassword(user.password_hash, confirmation.password))) {
    await refuse('password', 'kata sandi salah', ERROR_CODES.invalidCredentials, 'Kata sandi salah.');
  }
  if (confirmation.secondFactor && user.totp_secret) {
    const token = confirmation.token?.trim();
    if (!token) {
      throw new AppError(400, ERROR_CODES.otpRequired, OTP_MISSING, [{ field: 'body.token', message: OTP_MISSING }]);
    }
    const otp = await useTotp(db, user.id, user.totp_secret, token);
    if (otp === 'used') await refuse('token', 'kode OTP dipakai ulang', ERROR_CODES.otpInvalid, OTP_USED);
    if (otp === 'wrong') await refuse('token', 'kode OTP salah', ERROR_CODES.otpInvalid, OTP_INVALID);
  }
  await clearFailures(db, confirmation.username);
  return user;
}
