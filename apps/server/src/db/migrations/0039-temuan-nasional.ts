// Issue #35: the national monitors' dashboard counts applicants whose documents' reading found
// something "berat", per track, across every instansi. The lists' index leads with the instansi, so
// a national count would read all of it; this partial index holds only the flagged (a few percent).

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['CREATE INDEX pelamar_temuan_berat_nasional ON pelamar (track) WHERE temuan_otomatis = 2']);
}
