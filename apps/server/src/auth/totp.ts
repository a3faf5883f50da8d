// TOTP second factor (RFC 6238, 30 s steps, 6 digits), accepting one step of clock drift. A code
// works once (issue #30, RFC 6238 §5.2): the time step it matched is recorded per user
// (totp_used_step), and a code of that step or an earlier one is refused.

import { type Kysely, sql } from 'kysely';
import { verify } from 'otplib';
import type { DB } from '../db/schema.js';

/** The time step the code matches (now, or one step either side), or null. */
export async function matchTotp(secret: string, token: string): Promise<number | null> {
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({ secret, token, epochTolerance: 30 });
    // otplib's result type covers HOTP too; a TOTP match names its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

export type TotpUse = 'ok' | 'wrong' | 'used';

/**
 * Spends the user's code: 'ok' once per time step, 'used' for a code of a step already spent (or
 * an earlier one), 'wrong' otherwise. One statement, so two requests with the same code cannot
 * both pass. `fresh`: a new secret (enrolment), whose first code starts the record over.
 */
export async function useTotp(
  db: Kysely<DB>,
  userId: number,
  secret: string,
  token: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<TotpUse> {
  const step = await matchTotp(secret, token);
  if (step === null) return 'wrong';
  const spent = await sql<{ user_id: number }>`
    INSERT INTO totp_used_step AS t (user_id, step) VALUES (${userId}, ${step})
    ON CONFLICT (user_id) DO UPDATE SET step = excluded.step
    WHERE ${sql.lit(fresh)} OR t.step < excluded.step
    RETURNING t.user_id
  `.execute(db);
  return spent.rows.length > 0 ? 'ok' : 'used';
}
