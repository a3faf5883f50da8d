// Personal access keys for POST /api/auth/login-key (issue #6): 256 random bits shown once,
// kept as sha-256 and found by it, expiring and revocable, listed in the user's profile.
// Issue #30: a change of password revokes them all (revokeAccessKeys).

import { createHash, randomBytes } from 'node:crypto';
import type { AccessKey } from '@portal/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AccessKeyTable, DB } from '../db/schema.js';

const KEY_PREFIX = 'pva_';
export const hashAccessKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export function toAccessKey(row: Selectable<AccessKeyTable>): AccessKey {
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

export async function createAccessKey(
  db: Kysely<DB>,
  userId: number,
  name: string,
  days: number,
  { withTotp }: { withTotp: boolean },
): Promise<{ key: string; accessKey: AccessKey }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('access_key')
    .values({
      user_id: userId,
      name,
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      key_hash: hashAccessKey(key),
      expires_at: sql<Date>`now() + make_interval(days => ${days})`,
      with_totp: withTotp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { key, accessKey: toAccessKey(row) };
}

/**
 * The key's owner when the key is live (not expired, not revoked) and belongs to `username`;
 * marks it used. Null otherwise.
 */
export async function useAccessKey(db: Kysely<DB>, username: string, key: string): Promise<number | null> {
  const row = await db
    .updateTable('access_key as k')
    .set({ last_used_at: sql<Date>`now()` })
    .from('app_user as u')
    .whereRef('u.id', '=', 'k.user_id')
    .where('k.key_hash', '=', hashAccessKey(key))
    .where('k.revoked_at', 'is', null)
    .where('k.expires_at', '>', sql<Date>`now()`)
    .where((eb) => eb(eb.fn('lower', ['u.username']), '=', username.toLowerCase()))
    .returning('k.user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Revokes every live key of the user (a new password: the keys made under the old one end). */
export async function revokeAccessKeys(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('access_key')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
