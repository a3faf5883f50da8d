// Issue #30: request counts of the rate limits every instance shares (modules/shared/
// rate-limit-store.ts), one row per counted key (route group and client address) with the end of
// its window. UNLOGGED: a count is worth nothing after a crash of PostgreSQL, and it is written
// on every counted request. Rows whose window ended are deleted now and then by the store.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE UNLOGGED TABLE rate_limit_hits (
       key text COLLATE "C" PRIMARY KEY,
       hits integer NOT NULL,
       expires_at timestamptz NOT NULL
     )`,
    'CREATE INDEX rate_limit_hits_expires_idx ON rate_limit_hits (expires_at)',
  ]);
}
