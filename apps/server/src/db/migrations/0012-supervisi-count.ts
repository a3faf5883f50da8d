// What the dashboard reads without counting rows (PERFORMANCE.md). Decisions per (instansi, track,
// supervision state), for "awaiting review" and "% reviewed": the same append-only ±1 deltas as the
// per-status counters (0002), written in the transaction of the decision or review, folded in by
// the same roll-up; states MENUNGGU (decided, not reviewed), DISETUJUI, DIKEMBALIKAN. And wasdal's
// national objection figures from an index alone (bench/dashboard: the table scan behind them was
// the dashboard's slowest read). Numbered 0012: 0010 and 0011 are taken by work on other branches
// (the objections' kind, score objections).

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
    // Per track, status and wasdal's check: counted by an index-only scan.
    `CREATE INDEX sanggah_cek_idx ON sanggah (track, jenis, status, cek_status)`,
    // Whatever is in the database already (a migrated portal with decisions).
    `
    INSERT INTO pelamar_supervisi_count (instansi_id, track, status_supervisi, jumlah)
    SELECT instansi_id, track, coalesce(status_supervisi, 'MENUNGGU'), count(*)
    FROM pelamar WHERE status_verifikasi <> 'BELUM' GROUP BY 1, 2, 3
    `,
  ]);
}
