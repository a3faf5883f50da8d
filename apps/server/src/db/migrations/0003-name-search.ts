// Name search by word prefix through full-text tokens (PERFORMANCE.md: a trigram match on common
// name fragments is the slowest list case by far). Each normalised name becomes a tsvector of its
// words; "siti nur" is `siti:* & nur:*`, answered from a GIN index. The trigram index goes.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE pelamar ADD COLUMN nama_kata tsvector GENERATED ALWAYS AS (to_tsvector('simple', portal_normalise(nama))) STORED`,
    `CREATE INDEX pelamar_nama_kata_idx ON pelamar USING gin (nama_kata)`,
    `DROP INDEX pelamar_nama_trgm_idx`,
  ]);
}
