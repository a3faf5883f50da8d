// Decisions per (instansi, track, supervision state) without counting rows (PERFORMANCE.md), for the
// dashboard's "awaiting review" and "% reviewed": the same append-only ±1 deltas as the per-status
// counters (0002), written in the transaction of the decision or review, folded in by the same
// roll-up. States: MENUNGGU (decided, not reviewed), DISETUJUI, DIKEMBALIKAN. Numbered 0012: 0010
// and 0011 are taken by work on other branches (the objections' kind, score objections).

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `
    CREATE TABLE pelamar_supervisi_count (
      instansi_id integer NOT NULL,
      track text NOT NULL,
      status_supervisi text NOT NULL CHECK (status_supervisi IN ('MENUNGGU', 'DISETUJUI', 'DIKEMBALIKAN')),
      jumlah bigint NOT NULL,
      PRIMARY KEY (instansi_id, track, status_supervisi)
    )
    `,
    `
    CREATE TABLE pelamar_supervisi_delta (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      instansi_id integer NOT NULL,
      track text NOT NULL,
      status_supervisi text NOT NULL,
      delta integer NOT NULL
    )
    `,
    `CREATE INDEX pelamar_supervisi_delta_key_idx ON pelamar_supervisi_delta (instansi_id, track)`,
    // Whatever is in the database already (a migrated portal with decisions).
    `
    INSERT INTO pelamar_supervisi_count (instansi_id, track, status_supervisi, jumlah)
    SELECT instansi_id, track, coalesce(status_supervisi, 'MENUNGGU'), count(*)
    FROM pelamar WHERE status_verifikasi <> 'BELUM' GROUP BY 1, 2, 3
    `,
  ]);
}
