// The one guarded transition (STYLE.md: one implementation serves every decision): lock the
// record → check that it may change (who, the stage window, its state, the version the user saw,
// the request against the row) → write the change with the version bumped, its audit events and
// the counters' deltas (and any record the change keeps) in one statement. Services describe their transition; none writes the
// sequence out. Not here: the transaction around it (db/transaction.ts) and bulk actions.

import type { Tahap, TrackId } from '@portal/contract';
import {
  type Insertable,
  type QueryCreator,
  type SelectQueryBuilder,
  sql,
  type Transaction,
  type UpdateObject,
} from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type AuditEvent, auditRow } from '../audit/audit.js';
import { checkWindow, type WindowState, windowColumns } from '../jadwal/window.js';
import type { CounterDelta } from './counter-deltas.js';

/** The records that change only through a guarded transition; each has `id` and `version`. */
export type GuardedTable = 'pelamar' | 'sanggah' | 'sanggah_nilai' | 'afirmasi' | 'nonasn';

/** What a transition writes besides the version: the row's new values, the trail, the counters. */
export interface Write<T extends GuardedTable> {
  set: UpdateObject<DB, T, T>;
  audit: AuditEvent[];
  counters?: CounterDelta[];
  /** Other rows the change writes, each as a CTE of the same statement (a decision's record). */
  tambahan?: readonly ((creator: QueryCreator<DB>) => QueryCreator<DB>)[];
}

/** A transition described: which row, what is checked in which order, what is written. */
export interface Transition<T extends GuardedTable, Row extends { version: number }> {
  table: T;
  id: number;
  /**
   * The record inside the caller's scope with the columns the checks read. The transition adds
   * the window's columns and FOR UPDATE (`lockOf`: only that alias's row, for a joined query).
   */
  // biome-ignore lint/suspicious/noExplicitAny: the query's own tables (aliases, joins) are the service's business.
  select: SelectQueryBuilder<DB, any, Row>;
  lockOf?: string;
  /** 404's message when the record is not in the scope (another instansi's id is "not found"). */
  notFound: string;
  /** Refuses (403) a caller who may read the record but not make this change. */
  authorize?: (row: Row) => void;
  /** The stage whose window must be open (403 DI_LUAR_JADWAL); none when checked beforehand. */
  window?: { track: TrackId; tahap: Tahap } | undefined;
  /** Refuses (409, or 403 for four eyes) a state the change does not start from. */
  state?: (row: Row) => void | Promise<void>;
  /** The version the user saw (409 KONFLIK_VERSI with the current one); none: what it is now. */
  version?: { seen: number | undefined; message: string };
  /** Checks the request against the row (400s) once the change is known to be allowed. */
  check?: (row: Row) => void | Promise<void>;
  /** The change; may first write what it depends on (a score, the applicant's status). */
  write: (row: Row) => Write<T> | Promise<Write<T>>;
}

/** Runs one transition inside the caller's transaction; the row as locked and the new version. */
export async function guardedTransition<T extends GuardedTable, Row extends { version: number }>(
  trx: Transaction<DB>,
  transition: Transition<T, Row>,
): Promise<{ row: Row; version: number }> {
  const { window } = transition;
  // The window is read with the row (no round trip of its own).
  const select = window ? transition.select.select(windowColumns(window.track, window.tahap)) : transition.select;
  const found = await select.forUpdate(transition.lockOf).executeTakeFirst();
  if (!found) throw new AppError(404, 'NOT_FOUND', transition.notFound);
  // Kysely's single result is Row itself (generics hide it), with the window's columns if read.
  const row = found as unknown as Row & WindowState;
  transition.authorize?.(row);
  if (window) checkWindow(row, window.track, window.tahap);
  await transition.state?.(row);
  const { version } = transition;
  if (version && version.seen !== undefined && row.version !== version.seen) {
    throw new AppError(409, 'KONFLIK_VERSI', version.message, { version: row.version });
  }
  await transition.check?.(row);
  const write = await transition.write(row);
  const updated = await withWrites(trx, write)
    // Any guarded table's type stands for all of them here: each has `id` and `version`, and
    // `set` was checked against the transition's own table.
    .updateTable(transition.table as 'nonasn')
    .set({ ...(write.set as UpdateObject<DB, 'nonasn', 'nonasn'>), version: sql`version + 1` })
    .where('id', '=', transition.id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return { row, version: updated.version };
}

/**
 * The audit events and the counters' deltas as CTEs of the statement the creator goes on to build
 * (PostgreSQL runs a data-modifying CTE once, whether or not the statement reads it).
 */
function withWrites(creator: QueryCreator<DB>, write: Write<GuardedTable>): QueryCreator<DB> {
  // The CTEs' names only widen the type, and nothing reads them: back to QueryCreator<DB>.
  let result = creator;
  if (write.audit.length > 0) {
    const rows = write.audit.map(auditRow);
    result = result.with('audit_rows', (db) =>
      db.insertInto('audit_event').values(rows),
    ) as unknown as QueryCreator<DB>;
  }
  for (const [index, delta] of (write.counters ?? []).entries()) {
    // One delta table's type stands for all three: each one's rows were typed by their builder.
    const rows = delta.rows as Insertable<DB['nonasn_count_delta']>[];
    result = result.with(`delta_${index}`, (db) =>
      db.insertInto(delta.table as 'nonasn_count_delta').values(rows),
    ) as unknown as QueryCreator<DB>;
  }
  for (const tambah of write.tambahan ?? []) result = tambah(result);
  return result;
}
