// Issue #20: how far an official document being made has got ("the screen shows progress"), by
// the id the admin's screen sent with the request: in the database, so any instance can answer
// the screen's polls while another makes the document.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE dokumen_resmi_progres (
       id uuid PRIMARY KEY,
       instansi_id int NOT NULL REFERENCES instansi (id),
       track text NOT NULL,
       selesai int NOT NULL DEFAULT 0,
       total int NOT NULL,
       diubah_at timestamptz NOT NULL DEFAULT now()
     )`,
  ]);
}
