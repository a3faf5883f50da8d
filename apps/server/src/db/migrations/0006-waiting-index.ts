// The verifiers' claim takes the oldest waiting applicant of an instansi and track. With only the
// primary key and the status index to choose from, the planner walked the instansi's ids in order
// and filtered, so every claim re-read every already decided row before the first waiting one
// (bench/verify: 35 k rows, 32 ms after 20 k decisions, growing). The waiting rows get an index of
// their own, in claim order – first registered, first verified – which the primary key cannot
// serve, so the planner cannot pick it instead (0.08 ms); a decided row leaves the index.

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE INDEX pelamar_menunggu_idx ON pelamar (instansi_id, track, tgl_daftar, id) WHERE status_verifikasi = 'BELUM'`,
  ]);
}
