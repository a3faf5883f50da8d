// Issue #33: an import's apply job runs on the job queue (modules/impor/pekerja.ts) instead of in
// the request's process: `diantre` says the relay has handed it to the queue, `dikerjakan_at` when a
// worker took it (a job no worker has taken yet is waiting, not dead). Jobs from before are marked
// both: they ran in their server's process.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE impor_job ADD COLUMN diantre boolean NOT NULL DEFAULT true',
    'ALTER TABLE impor_job ALTER COLUMN diantre SET DEFAULT false',
    'ALTER TABLE impor_job ADD COLUMN dikerjakan_at timestamptz',
    'UPDATE impor_job SET dikerjakan_at = mulai',
  ]);
}
