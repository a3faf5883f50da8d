// Account lockout (issue #2): 5 failed sign-ins within 15 minutes lock the username for 15
// minutes. Keyed by the username as typed, so unknown usernames lock the same way.

import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';

export const LOCKOUT = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;

const key = (username: string) => username.trim().toLowerCase();

/** The time until which the username is locked, or null. */
export async function lockedUntil(db: Kysely<DB>, username: string): Promise<Date | null> {
  const row = await db
    .selectFrom('login_lockout')
    .select('locked_until')
    .where('username', '=', key(username))
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/** Counts a failure in one statement (safe under concurrent attempts); returns true if it locked. */
export async function recordFailure(db: Kysely<DB>, username: string): Promise<boolean> {
  const window = sql`make_interval(mins => ${LOCKOUT.windowMinutes})`;
  const row = await sql<{ locked_until: Date | null }>`
    INSERT INTO login_lockout AS l (username, failures, window_started_at, locked_until)
    VALUES (${key(username)}, 1, now(), NULL)
    ON CONFLICT (username) DO UPDATE SET
      failures = CASE WHEN l.window_started_at < now() - ${window} THEN 1 ELSE l.failures + 1 END,
      window_started_at = CASE WHEN l.window_started_at < now() - ${window} THEN now() ELSE l.window_started_at END,
      locked_until = CASE
        WHEN l.window_started_at >= now() - ${window} AND l.failures + 1 >= ${LOCKOUT.maxFailures}
        THEN now() + make_interval(mins => ${LOCKOUT.lockMinutes})
        ELSE l.locked_until
      END
    RETURNING locked_until
  `.execute(db);
  const lockedAt = row.rows[0]?.locked_until;
  return lockedAt != null && lockedAt.getTime() > Date.now();
}

export async function clearFailures(db: Kysely<DB>, username: string): Promise<void> {
  await db.deleteFrom('login_lockout').where('username', '=', key(username)).execute();
}
