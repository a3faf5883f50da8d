// Issue #31: an official document is signed "Ditetapkan di {kota}", the seat of the instansi, which
// the letterhead did not hold. Kept with the letterhead (entered once per instansi, like the
// address) rather than per document: it does not change from one document to the next. Empty
// until the admin fills it; documents are not issued while it is (KOTA_PENETAPAN_BELUM_DIISI).

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`ALTER TABLE instansi_kop ADD COLUMN kota text NOT NULL DEFAULT ''`]);
}
