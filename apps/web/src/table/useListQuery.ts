// Loads one page of a list for a table state (spec §4 "Listing"): a loading flag, a first-loading
// flag (true until the first answer), and an error message. A failed call is logged and answered
// with the spec §8 fallback – empty data, recordsTotal 0, empty summaries – while the screen shows
// the message with a retry. The previous page stays on screen while the next one loads.
//
// A list route's loader starts the same query (`prefetchListQuery`) while the screen's code is
// still loading, so on a slow link the rows' round trip no longer waits for the first render.

import type { ListResponse, TableState } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../api/queryClient';
import { idList } from '../i18n/list';
import { type ListFilter, type ListSpec, readListState } from './listState';

/** spec §8: what a failed list call yields (one object, so it is stable between renders). */
const FALLBACK = { data: [], recordsTotal: 0, summaries: [] };

type ListTableState = TableState<Record<string, string | string[]>>;
type ListFetcher<Row> = (state: ListTableState, signal: AbortSignal) => Promise<ListResponse<Row>>;

export interface ListQuery<Row, Summary> {
  result: { data: Row[]; recordsTotal: number; summaries: Summary[] };
  loading: boolean;
  firstLoading: boolean;
  errorMessage: string | null;
  retry: () => void;
}

/** The one query of a list page: its key and call, shared by the screen and the route loader. */
function listQuery<Row>(key: readonly unknown[], state: ListTableState, fetcher: ListFetcher<Row>) {
  return {
    queryKey: [...key, state.filter, state.paginator.page, state.paginator.pageSize, state.sorting, state.searchTerm],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetcher(state, signal),
  };
}

export function useListQuery<Row, Summary>(
  key: readonly unknown[],
  state: ListTableState,
  fetcher: ListFetcher<Row>,
): ListQuery<Row, Summary> {
  const query = useQuery({ ...listQuery(key, state, fetcher), placeholderData: keepPreviousData });
  useEffect(() => {
    if (query.error) console.error('Daftar gagal dimuat', query.error);
  }, [query.error]);
  const result = (query.error ? FALLBACK : (query.data ?? FALLBACK)) as ListQuery<Row, Summary>['result'];
  return {
    result,
    loading: query.isFetching,
    firstLoading: query.isPending,
    errorMessage: query.error ? query.error.message || idList.failed : null,
    retry: () => void query.refetch(),
  };
}

/** Starts the page the screen will ask for at this URL (its query string is the table state);
 * the screen then finds it in flight or answered. A failure is left for the screen to show. */
export function prefetchListQuery<Row>(
  list: { queryKey: readonly unknown[]; spec: ListSpec; fetch: ListFetcher<Row>; initialFilter?: ListFilter },
  params: URLSearchParams,
): void {
  const state = readListState(params, list.spec);
  // A bare address lands on the list's initial view (ListScreen), so that is what is fetched.
  const landing = params.toString() === '' && list.initialFilter ? { ...state, filter: list.initialFilter } : state;
  void queryClient.prefetchQuery(listQuery(list.queryKey, landing, list.fetch));
}
