// Loads one page of a list for a table state (spec §4 "Listing"): a loading flag, a first-loading
// flag (true until the first answer), and an error message. A failed call is logged and answered
// with the spec §8 fallback – empty data, recordsTotal 0, empty summaries – while the screen shows
// the message with a retry. The previous page stays on screen while the next one loads.

import type { ListResponse, TableState } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { idList } from '../i18n/list';

/** spec §8: what a failed list call yields (one object, so it is stable between renders). */
const FALLBACK = { data: [], recordsTotal: 0, summaries: [] };

export interface ListQuery<Row, Summary> {
  result: { data: Row[]; recordsTotal: number; summaries: Summary[] };
  loading: boolean;
  firstLoading: boolean;
  errorMessage: string | null;
  retry: () => void;
}

export function useListQuery<Row, Summary>(
  key: readonly unknown[],
  state: TableState<Record<string, string | string[]>>,
  fetcher: (state: TableState<Record<string, string | string[]>>, signal: AbortSignal) => Promise<ListResponse<Row>>,
): ListQuery<Row, Summary> {
  const query = useQuery({
    queryKey: [...key, state.filter, state.paginator.page, state.paginator.pageSize, state.sorting, state.searchTerm],
    queryFn: ({ signal }) => fetcher(state, signal),
    placeholderData: keepPreviousData,
  });
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
