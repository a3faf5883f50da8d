// Issue #33: the check of a large upload runs on the job queue (modules/impor/pekerja.ts) instead of
// in the process that received it: `unggahan` is the upload's hash in the document store while it
// waits for a worker or is being checked (deleted from the store when the check ends), `diantre`
// says the relay has handed it to the queue, `diambil_at` when a worker took it (a check no worker
// has taken yet is waiting, not dead). Checks from before ran in their server's process.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE impor_cek ADD COLUMN unggahan text',
    'ALTER TABLE impor_cek ADD COLUMN diantre boolean NOT NULL DEFAULT false',
    'ALTER TABLE impor_cek ADD COLUMN diambil_at timestamptz',
    'CREATE INDEX impor_cek_unggahan_idx ON impor_cek (unggahan) WHERE unggahan IS NOT NULL',
  ]);
}
