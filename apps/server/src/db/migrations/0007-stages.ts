// The stages of issue #5 get their windows in jadwal_tahap: the objection periods and their
// answer windows, the affirmation check and the non-ASN confirmation (contract TAHAP).

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE jadwal_tahap DROP CONSTRAINT jadwal_tahap_tahap_check`,
    `ALTER TABLE jadwal_tahap ADD CONSTRAINT jadwal_tahap_tahap_check CHECK (tahap IN ('PENDAFTARAN', 'VERIFIKASI',
       'SANGGAH', 'JAWAB_SANGGAH', 'SANGGAH_NILAI', 'JAWAB_SANGGAH_NILAI', 'AFIRMASI', 'JAWAB_SANGGAH_AFIRMASI',
       'KONFIRMASI_NONASN'))`,
  ]);
}
