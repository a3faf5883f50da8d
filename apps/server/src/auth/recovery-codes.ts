// One-time recovery codes of the TOTP second factor (issue #6): ten per enrolment, shown once,
// stored as sha-256 (each carries 50 random bits, so a slow hash adds nothing but cost), usable
// at login in place of the OTP code, each once.

import { createHash, randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const normalise = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
const digest = (code: string) => createHash('sha256').update(normalise(code)).digest('base64url');

function generate(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the user's recovery codes with fresh ones; returns them (shown once). */
export async function replaceRecoveryCodes(db: Kysely<DB>, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generate);
  await db.deleteFrom('recovery_code').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_code')
    .values(codes.map((code) => ({ user_id: userId, code_hash: digest(code) })))
    .execute();
  return codes;
}

/** Uses one recovery code of the user, atomically; false when unknown or already used. */
export async function useRecoveryCode(db: Kysely<DB>, userId: number, code: string): Promise<boolean> {
  if (!/^[a-z0-9]{10}$/.test(normalise(code))) return false;
  const used = await db
    .updateTable('recovery_code')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', digest(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

export async function recoveryCodesLeft(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
