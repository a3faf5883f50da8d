// Issue #18: a check of a large file (a million applicants: minutes) goes on after its upload is
// answered, so no proxy's read timeout cuts it and the screen shows rows read. Its row says how
// far it is; a check whose process stopped beating is failed by the next reader.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE impor_cek ADD COLUMN status text NOT NULL DEFAULT 'SELESAI'
       CHECK (status IN ('MEMERIKSA', 'SELESAI', 'GAGAL'))`,
    'ALTER TABLE impor_cek ADD COLUMN pesan text',
    'ALTER TABLE impor_cek ADD COLUMN detak_at timestamptz NOT NULL DEFAULT now()',
  ]);
}
