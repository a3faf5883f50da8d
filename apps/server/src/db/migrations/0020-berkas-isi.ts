// Issue #22: documents kept in PostgreSQL, so every instance behind a load balancer reads what
// any of them stored (storage/postgres-berkas-store.ts). Content-addressed like the folder store:
// one file's bytes once, in parts of 256 KB so a download streams part by part.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE berkas_isi (
       sha256 text COLLATE "C" NOT NULL,
       bagian int NOT NULL,
       isi bytea NOT NULL,
       PRIMARY KEY (sha256, bagian)
     )`,
    // The bytes are already compressed (PDF, JPEG, PNG): PostgreSQL need not try again.
    `ALTER TABLE berkas_isi ALTER COLUMN isi SET STORAGE EXTERNAL`,
  ]);
}
