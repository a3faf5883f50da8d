// "Next" on every detail page that decides and moves on (issue #32): the next item is the one after
// this in the list the user opened it from – its filter, search, sort and page – not an order of
// its own. When a row is opened the list leaves its view here; the detail page asks for the next
// row by reading that list again (a read, never a claim), skipping what was already passed in this
// run and what the page cannot open (an applicant another verifier holds). Opened without a list
// (a link, a bookmark), the list's landing view is the order. In memory only, like lastView.

import type { ListResponse } from '@portal/contract';
import { defaultListState } from '../../table/listState';
import type { ListDescription, ListRow, ListSource, ListState } from './types';

/** The state a list lands on when opened bare: its defaults with its initial filter. */
export function landingState(d: Pick<ListDescription<ListRow>, 'spec' | 'initialFilter'>): ListState {
  const state = defaultListState(d.spec);
  return d.initialFilter ? { ...state, filter: d.initialFilter } : state;
}

interface Urutan {
  /** The list's query key prefix, which names it. */
  daftar: string;
  state: ListState;
  fetch: ListSource['fetch'];
  /** Rows this run has passed: the ones above the opened row on its page, and every one opened. */
  lewat: Set<ListRow['id']>;
}

let urutan: Urutan | null = null;

const nama = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

/** A row of a list was opened: its view and the rows before it on the page are the order's start. */
export function ingatUrutan(
  source: ListSource,
  state: ListState,
  ids: readonly ListRow['id'][],
  dibuka: ListRow['id'],
) {
  const index = ids.indexOf(dibuka);
  urutan = {
    daftar: nama(source.queryKey),
    state,
    fetch: source.fetch,
    lewat: new Set(index >= 0 ? ids.slice(0, index + 1) : [dibuka]),
  };
}

/** The list's current view is the order from its start ("Buka berikutnya" on the list). */
export function mulaiUrutan(source: ListSource, state: ListState): void {
  urutan = { daftar: nama(source.queryKey), state, fetch: source.fetch, lewat: new Set() };
}

/** The order for this list: the remembered view, or the list's default view when there is none. */
function urutanUntuk(source: ListSource, defaultState: ListState): Urutan {
  const daftar = nama(source.queryKey);
  if (urutan?.daftar !== daftar) {
    urutan = { daftar, state: defaultState, fetch: source.fetch, lewat: new Set() };
  }
  return urutan;
}

/** How many pages are read at most for one "next" (a page of rows all passed or unavailable). */
const HALAMAN_MAKS = 5;

export interface Berikutnya<Row> {
  row: Row;
  /** The list page it stands on: the order goes on from there. */
  page: number;
}

/**
 * The row after `sekarang` in the list's order that `bisaDibuka` allows, or null at the list's end.
 * Reads the list from the page the order stands on: rows decided since then may have left the view
 * (a "Belum" filter), so the page is read again rather than its old ids trusted.
 */
export async function cariBerikutnya<Row extends ListRow>(options: {
  source: ListSource;
  defaultState: ListState;
  sekarang: Row['id'];
  bisaDibuka?: (row: Row) => boolean;
  signal?: AbortSignal;
}): Promise<Berikutnya<Row> | null> {
  const order = urutanUntuk(options.source, options.defaultState);
  const lewat = new Set(order.lewat).add(options.sekarang);
  const { pageSize } = order.state.paginator;
  for (let step = 0; step < HALAMAN_MAKS; step += 1) {
    const page = order.state.paginator.page + step;
    const state = { ...order.state, paginator: { ...order.state.paginator, page } };
    const result = (await order.fetch(state, options.signal ?? new AbortController().signal)) as ListResponse<Row>;
    const row = result.data.find((item) => !lewat.has(item.id) && (options.bisaDibuka?.(item) ?? true));
    if (row) return { row, page };
    if (result.data.length < pageSize) return null;
  }
  return null;
}

/** The user moved on from `dari` to `ke`: `dari` is passed for the rest of this run. */
export function lanjutUrutan(
  source: ListSource,
  defaultState: ListState,
  dari: ListRow['id'],
  ke: Berikutnya<ListRow>,
): void {
  const order = urutanUntuk(source, defaultState);
  order.lewat.add(dari);
  if (ke.page !== order.state.paginator.page) {
    order.state = { ...order.state, paginator: { ...order.state.paginator, page: ke.page } };
  }
}

/** For tests: forget the order. */
export function lupakanUrutan(): void {
  urutan = null;
}
