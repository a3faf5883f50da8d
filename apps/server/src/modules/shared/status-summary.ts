// The lists' status chips (spec §7: `{data, recordsTotal, summaries}`): every status a list can
// hold with its count, and the total of the status chosen (or of all), made the same way for every
// list; and the pieces of list SQL the small lists share (a sorted page, a count per status, and
// the two together: a page with its chips).
// Not here: where a list's counts come from (maintained counters, or one GROUP BY), its own.

import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Count rows (a key and its number) as a map. */
export const toCounts = <K extends string>(rows: readonly { status: K; jumlah: string | number }[]) =>
  new Map<K, number>(rows.map((row) => [row.status, Number(row.jumlah)]));

/** A list's summaries (`key`: the status field's name in the contract) and its total. */
export function statusSummary<F extends string, K extends string>(
  key: F,
  statuses: readonly K[],
  counts: ReadonlyMap<K, number>,
  selected: K | undefined,
): { recordsTotal: number; summaries: ({ [P in F]: K } & { jumlah: number })[] } {
  const jumlah = (status: K) => counts.get(status) ?? 0;
  return {
    recordsTotal: statuses.filter((status) => !selected || status === selected).reduce((n, s) => n + jumlah(s), 0),
    summaries: statuses.map(
      (status) => ({ [key]: status, jumlah: jumlah(status) }) as { [P in F]: K } & { jumlah: number },
    ),
  };
}

/** Rows per value of `column` over a view without its status filter: one GROUP BY. */
export async function countByStatus<K extends string>(
  // biome-ignore lint/suspicious/noExplicitAny: any list's view (its tables and aliases are its own).
  view: SelectQueryBuilder<DB, any, object>,
  column: string,
): Promise<Map<K, number>> {
  const rows = await view
    .select([sql.ref<K>(column).as('status'), sql<string>`count(*)`.as('jumlah')])
    .groupBy(sql.ref(column))
    .execute();
  return toCounts(rows as { status: K; jumlah: string }[]);
}

/** The table state's page and order (spec §7), the id breaking ties so pages never overlap. */
export interface PageRequest {
  paginator: { page: number; pageSize: number };
  sorting: { direction: 'asc' | 'desc' };
}

/** One page of a query, ordered by `column` and then `idColumn` in the requested direction. */
// biome-ignore lint/suspicious/noExplicitAny: any list's query (its tables and aliases are its own).
export function sortedPage<Q extends SelectQueryBuilder<DB, any, object>>(
  query: Q,
  column: string,
  idColumn: string,
  { paginator, sorting }: PageRequest,
): Q {
  return query
    .orderBy(sql.ref(column), sorting.direction)
    .orderBy(sql.ref(idColumn), sorting.direction)
    .limit(paginator.pageSize)
    .offset((paginator.page - 1) * paginator.pageSize) as Q;
}

/**
 * A page of a view filtered by the status chosen, with the chips: the counts per status of the
 * whole view (`statusColumn`), made at the same time. `page` reads the filtered view's rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: any list's view (its tables and aliases are its own).
export async function statusPage<Q extends SelectQueryBuilder<DB, any, object>, R, K extends string>(
  view: Q,
  statusColumn: string,
  statuses: readonly K[],
  selected: K | undefined,
  page: (filtered: Q) => Promise<R[]>,
) {
  const filtered = selected ? (view.where(sql.ref(statusColumn), '=', selected) as Q) : view;
  const [rows, counts] = await Promise.all([page(filtered), countByStatus<K>(view, statusColumn)]);
  return { rows, ...statusSummary('status', statuses, counts, selected) };
}
