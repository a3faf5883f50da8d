// Issue #18: an applicant's fingerprint of the import row it was last loaded from (md5 of the
// row as JSON). Re-importing the same file then compares one value per applicant instead of
// rebuilding 35 fields as JSON; applicants loaded otherwise (the demo seed) have none and are
// compared field by field as before. Only imports write the fields it covers.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['ALTER TABLE pelamar ADD COLUMN impor_sidik uuid']);
}
