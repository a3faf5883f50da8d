// Issue #18: a check's staged rows and rejections are working copies of an uploaded file, not
// records: they are UNLOGGED, so staging a million rows writes no WAL. Bulk WAL from a check
// competed with every verifier's commit (bench/impor: a save's p95 during a check), and the
// sort's rewrite of the staged rows doubled it. After a crash of PostgreSQL the tables come back
// empty; the check's report is then refused at apply (mulaiTerapkan) and the file is uploaded again.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['ALTER TABLE impor_baris SET UNLOGGED', 'ALTER TABLE impor_tolak SET UNLOGGED']);
}
