// The one list-state hook every list screen uses: the spec's table state read from and written
// to the URL query (listState.ts), with the search term debounced, and row selection per visit
// (selection.ts). Changing filter, search or page size goes back to page 1; "reset" returns to
// the defaults (spec §4: filter, sorting, grouping, search term and paginator cleared).

import { useDebouncedCallback } from '@mantine/hooks';
import type { Sorting, TableState } from '@portal/contract';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListFilter, type ListSpec, nextSorting, readListState, writeListState } from './listState';
import { emptySelection, selectionReducer, selectionSummary } from './selection';

export const SEARCH_DEBOUNCE_MS = 300;

type View = Pick<TableState<ListFilter>, 'filter' | 'paginator' | 'sorting' | 'searchTerm'>;

export function useListState(spec: ListSpec) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, spec), [params, spec]);
  const [selection, dispatch] = useReducer(selectionReducer, emptySelection);
  const [searchInput, setSearchInput] = useState(state.searchTerm);
  // The box follows the URL when the URL changes by itself (Back, a link): never "Putri" in the
  // box while the URL and the table show everything. Not while a typed term waits for its debounce.
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setSearchInput((box) => (box.trim() === state.searchTerm ? box : state.searchTerm));
  }, [state.searchTerm]);
  // Stable, so screens can reset the selection in an effect when rows load.
  const selectionActions = useMemo(
    () => ({
      load: (itemIds: (string | number)[]) => dispatch({ type: 'load', itemIds }),
      toggle: (rowId: string | number) => dispatch({ type: 'toggle', id: rowId }),
      select: (rowId: string | number) => dispatch({ type: 'select', id: rowId }),
      deselect: (rowId: string | number) => dispatch({ type: 'deselect', id: rowId }),
      selectAll: () => dispatch({ type: 'all' }),
      selectNone: () => dispatch({ type: 'none' }),
    }),
    [],
  );

  const update = useCallback(
    (change: (current: View) => View) => {
      setParams((current) => writeListState(change(readListState(current, spec)), spec, current));
    },
    [setParams, spec],
  );

  const toFirstPage = (view: View): View => ({ ...view, paginator: { ...view.paginator, page: 1 } });

  const commitSearch = useDebouncedCallback((term: string) => {
    typing.current = false;
    update((view) => toFirstPage({ ...view, searchTerm: term }));
  }, SEARCH_DEBOUNCE_MS);

  return {
    state,
    /** The search box's own value: typed at once, applied to the URL after the debounce. */
    searchInput,
    setSearch: (term: string) => {
      typing.current = true;
      setSearchInput(term);
      commitSearch(term);
    },
    setFilter: (patch: ListFilter) =>
      update((view) => {
        const filter = { ...view.filter, ...patch };
        for (const [key, value] of Object.entries(filter)) {
          if (value === '' || (Array.isArray(value) && value.length === 0)) delete filter[key];
        }
        return toFirstPage({ ...view, filter });
      }),
    setPage: (page: number) => update((view) => ({ ...view, paginator: { ...view.paginator, page } })),
    setPageSize: (pageSize: number) =>
      update((view) => toFirstPage({ ...view, paginator: { ...view.paginator, pageSize } })),
    setSorting: (sorting: Sorting) => update((view) => ({ ...view, sorting })),
    /** A click on a sortable column header. */
    sortBy: (column: string) => update((view) => ({ ...view, sorting: nextSorting(view.sorting, column, spec) })),
    reset: () => {
      commitSearch.cancel?.();
      typing.current = false;
      setSearchInput('');
      dispatch({ type: 'none' });
      setParams((current) => writeListState(readListState(new URLSearchParams(), spec), spec, current));
    },
    selection: { ...selection, ...selectionSummary(selection), ...selectionActions },
  };
}
