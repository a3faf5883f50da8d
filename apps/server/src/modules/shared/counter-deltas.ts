// The maintained counters' deltas (PERFORMANCE.md: a trigger on one hot counter row deadlocks
// under load, so a change appends −1/+1 rows and a roll-up folds them in now and then): the delta
// rows of one change, written by the guarded transition's statement, the one roll-up and the one
// recount after a bulk load. Not here: reading counters plus pending deltas (the lists' and the
// dashboard's queries).

import type { KeadaanSupervisi, StatusVerifikasi, TrackId } from '@portal/contract';
import { type Insertable, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB, KategoriNonAsnColumn, StatusKonfirmasiColumn } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';

/** Rows for one delta table (each counted key: −1 on the state left, +1 on the state entered). */
export type CounterDelta =
  | { table: 'pelamar_status_delta'; rows: Insertable<DB['pelamar_status_delta']>[] }
  | { table: 'pelamar_supervisi_delta'; rows: Insertable<DB['pelamar_supervisi_delta']>[] }
  | { table: 'nonasn_count_delta'; rows: Insertable<DB['nonasn_count_delta']>[] };

/** An applicant's instansi and track: the key of the applicants' counters. */
export interface PelamarKey {
  instansiId: number;
  track: TrackId;
}

/** An applicant's move between verification statuses; nothing when the status stays. */
export function statusDelta(key: PelamarKey, from: StatusVerifikasi, to: StatusVerifikasi): CounterDelta[] {
  if (from === to) return [];
  const row = { instansi_id: key.instansiId, track: key.track };
  return [
    {
      table: 'pelamar_status_delta',
      rows: [
        { ...row, status_verifikasi: from, delta: -1 },
        { ...row, status_verifikasi: to, delta: 1 },
      ],
    },
  ];
}

/**
 * A decision's move between supervision states (migration 0012): a decision enters MENUNGGU (from
 * DIKEMBALIKAN when it was returned; from nothing when it is new), a review leaves it.
 */
export function supervisiDelta(key: PelamarKey, from: KeadaanSupervisi | null, to: KeadaanSupervisi): CounterDelta[] {
  const row = { instansi_id: key.instansiId, track: key.track };
  return [
    {
      table: 'pelamar_supervisi_delta',
      rows: [
        ...(from ? [{ ...row, status_supervisi: from, delta: -1 }] : []),
        { ...row, status_supervisi: to, delta: 1 },
      ],
    },
  ];
}

/** A Non-ASN record's move between confirmation states, counted per (instansi, kategori). */
export function nonAsnDelta(
  key: { instansiId: number; kategori: KategoriNonAsnColumn },
  from: StatusKonfirmasiColumn,
  to: StatusKonfirmasiColumn,
): CounterDelta[] {
  const row = { instansi_id: key.instansiId, kategori: key.kategori };
  return [
    {
      table: 'nonasn_count_delta',
      rows: [
        { ...row, status_konfirmasi: from, delta: -1 },
        { ...row, status_konfirmasi: to, delta: 1 },
      ],
    },
  ];
}

/** A counter table, its delta table and the columns that key both. */
export interface Counter {
  count: 'pelamar_status_count' | 'pelamar_supervisi_count' | 'nonasn_count';
  delta: CounterDelta['table'];
  keys: readonly string[];
}

export const PELAMAR_STATUS_COUNTER: Counter = {
  count: 'pelamar_status_count',
  delta: 'pelamar_status_delta',
  keys: ['instansi_id', 'track', 'status_verifikasi'],
};
/** The supervision counters (migration 0012). */
export const PELAMAR_SUPERVISI_COUNTER: Counter = {
  count: 'pelamar_supervisi_count',
  delta: 'pelamar_supervisi_delta',
  keys: ['instansi_id', 'track', 'status_supervisi'],
};
export const NONASN_COUNTER: Counter = {
  count: 'nonasn_count',
  delta: 'nonasn_count_delta',
  keys: ['instansi_id', 'kategori', 'status_konfirmasi'],
};

/**
 * Sets a counter from a count of the rows (after a bulk load; live changes append deltas): its
 * pending deltas go, the count holds them. `counted` selects the counter's keys, then the count.
 */
export async function recountCounter(trx: Transaction<DB>, counter: Counter, counted: RawBuilder<unknown>) {
  const columns = sql.join(counter.keys.map((key) => sql.ref(key)));
  await sql`DELETE FROM ${sql.table(counter.delta)}`.execute(trx);
  await sql`DELETE FROM ${sql.table(counter.count)}`.execute(trx);
  await sql`INSERT INTO ${sql.table(counter.count)} (${columns}, jumlah) ${counted}`.execute(trx);
}

/**
 * Folds the counters' pending deltas in, one statement per counter, in one transaction; safe to
 * run from several instances at once (the advisory lock `lockKey` lets one of them in, the others
 * return 0). Returns the counter rows written.
 */
export async function rollUpCounters(db: Kysely<DB>, lockKey: number, counters: readonly Counter[]): Promise<number> {
  return transaction(db, async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${lockKey}) AS locked`.execute(
      trx,
    );
    if (!rows[0]?.locked) return 0;
    let written = 0;
    for (const { count, delta, keys } of counters) {
      const columns = sql.join(keys.map((key) => sql.ref(key)));
      const result = await sql`
        WITH folded AS (DELETE FROM ${sql.table(delta)} RETURNING ${columns}, delta)
        INSERT INTO ${sql.table(count)} (${columns}, jumlah)
        SELECT ${columns}, sum(delta) FROM folded GROUP BY ${columns}
        ON CONFLICT (${columns}) DO UPDATE SET jumlah = ${sql.table(count)}.jumlah + excluded.jumlah
      `.execute(trx);
      written += Number(result.numAffectedRows ?? 0);
    }
    return written;
  });
}
