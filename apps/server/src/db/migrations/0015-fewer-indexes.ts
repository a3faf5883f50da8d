// Fewer index entries per decision (issue #4, bench/verify). A decision writes two new versions of
// the applicant's row (the claim, the decision: both change indexed columns, so neither is HOT),
// each with an entry in every index of `pelamar`, and about ten audit events, each with an entry in
// every index of `audit_event`. Two indexes of each table were there for one purpose that another
// index can serve:
// - NIK and nomor peserta are digits. Compared byte by byte (collation "C", the same order for
//   digits), the unique indexes serve equality, prefix search (LIKE '123%') and the sort by
//   nomor peserta; the text_pattern_ops copies beside them go.
// - Events are looked up by the actor's account (audit_event_actor_id_idx, migration 0013); the
//   index by user name stays only for events without an account (a sign-in with an unknown name).

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `DROP INDEX pelamar_nik_idx`,
    `DROP INDEX pelamar_no_peserta_prefix_idx`,
    // Rebuilds pelamar_nik_key (track, nik) and pelamar_no_peserta_key; the rows stay as they are.
    `ALTER TABLE pelamar ALTER COLUMN nik TYPE text COLLATE "C", ALTER COLUMN no_peserta TYPE text COLLATE "C"`,
    // The change of type forgets the columns' statistics; without them a NIK prefix search is
    // planned as a walk of the whole table (bench: 605 ms instead of 0.07 ms at a million rows).
    `ANALYZE pelamar (nik, no_peserta)`,
    `DROP INDEX audit_event_actor_idx`,
    `CREATE INDEX audit_event_actor_idx ON audit_event (actor_username, at) WHERE actor_id IS NULL`,
  ]);
}
