// One-time temporary passwords (issue #6): sent by forgot-password (30 minutes) or given to a
// new account (three days). They never open a session: a sign-in with one answers
// PASSWORD_CHANGE_REQUIRED, and reset-password replaces it with the user's own password. The
// regular password keeps working meanwhile, so a stranger's forgot-password locks nobody out.

import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import { transaction } from '../db/transaction.js';
import { revokeAccessKeys } from './access-keys.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { UserRow } from './principal.js';

// No 0/O, 1/l/I: it is read from a mail and typed.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 12 random characters in three groups (about 69 bits). */
export function generateTemporaryPassword(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((group) => group.join('')).join('-');
}

/** Gives the account a new temporary password valid `minutes`; returns it (to mail or show once). */
export async function issueTemporaryPassword(db: Kysely<DB>, userId: number, minutes: number): Promise<string> {
  const password = generateTemporaryPassword();
  await db
    .updateTable('app_user')
    .set({
      temp_password_hash: await hashPassword(password),
      temp_password_expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
    })
    .where('id', '=', userId)
    .execute();
  return password;
}

/** True when `password` is the account's temporary password and it has not expired. */
export async function matchesTemporaryPassword(user: UserRow, password: string): Promise<boolean> {
  if (!user.temp_password_hash || !user.temp_password_expires_at) return false;
  if (new Date(user.temp_password_expires_at).getTime() <= Date.now()) return false;
  return verifyPassword(user.temp_password_hash, password);
}

/**
 * Sets the account's own password: clears any temporary one, bumps the version and revokes every
 * other session of the user (issue #6: a password change signs out the other devices) and every
 * access key (issue #30: a key does not outlive the password it was made under). Every change
 * or reset of a password goes through here.
 */
export async function setPassword(
  db: Kysely<DB>,
  userId: number,
  newPassword: string,
  keepSessionId: string | null,
): Promise<void> {
  const hash = await hashPassword(newPassword);
  await transaction(db, async (trx) => {
    await trx
      .updateTable('app_user')
      .set({
        password_hash: hash,
        temp_password_hash: null,
        temp_password_expires_at: null,
        password_changed_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', userId)
      .execute();
    await revokeUserSessions(trx, userId, keepSessionId);
    await revokeAccessKeys(trx, userId);
  });
}

/** Revokes the user's live sessions, except one (the caller's own). */
export async function revokeUserSessions(db: Kysely<DB>, userId: number, exceptId: string | null = null) {
  let query = db
    .updateTable('auth_session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}
