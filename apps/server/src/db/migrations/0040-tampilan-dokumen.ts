// Issue #32: the document at the size a screen needs, made when it is read (modules/baca/tampilan.ts)
// and stored as a file like any other; it belongs to the reading of the file now stored, so a
// replaced file loses it with its reading.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['ALTER TABLE dokumen_bacaan ADD COLUMN tampilan_sha256 text REFERENCES berkas (sha256)']);
}
