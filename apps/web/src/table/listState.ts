// The spec's table state (§3/§4) as it lives in the URL query, so a list view can be bookmarked,
// shared, reloaded and navigated back to: `page`, `size`, `sort` (`column.asc|desc`), `q`
// (search term) and one `f.<key>` per filter value (repeated for multi-value filters). Values that
// equal the defaults are left out; values a list does not know are dropped, never trusted.
// Row selection (grouping) is per screen visit and stays out of the URL.

import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  defaultTableState,
  PAGE_SIZES,
  type Sorting,
  type TableState,
} from '@portal/contract';

export type ListFilter = Record<string, string | string[]>;

/** What one list accepts: its filter keys and sortable columns (the server checks the same). */
export interface ListSpec {
  filterKeys: readonly string[];
  sortColumns: readonly string[];
  /** Default sorting (spec §3: `id` ascending). */
  defaultSorting?: Sorting;
}

const PARAM = { page: 'page', size: 'size', sort: 'sort', search: 'q', filterPrefix: 'f.' } as const;

export function defaultListState(spec: ListSpec): TableState<ListFilter> {
  const state = defaultTableState<ListFilter>({});
  return spec.defaultSorting ? { ...state, sorting: spec.defaultSorting } : state;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

export function readListState(params: URLSearchParams, spec: ListSpec): TableState<ListFilter> {
  const state = defaultListState(spec);
  const page = positiveInt(params.get(PARAM.page)) ?? DEFAULT_PAGE;
  const size = positiveInt(params.get(PARAM.size));
  const pageSize = size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;

  let sorting = state.sorting;
  const [column, direction] = (params.get(PARAM.sort) ?? '').split('.');
  if (column && spec.sortColumns.includes(column) && (direction === 'asc' || direction === 'desc')) {
    sorting = { column, direction };
  }

  const filter: ListFilter = {};
  for (const key of spec.filterKeys) {
    const values = params.getAll(`${PARAM.filterPrefix}${key}`).filter((value) => value !== '');
    if (values.length === 1) filter[key] = values[0] as string;
    else if (values.length > 1) filter[key] = values;
  }

  return {
    ...state,
    filter,
    paginator: { ...state.paginator, page, pageSize },
    sorting,
    searchTerm: (params.get(PARAM.search) ?? '').trim(),
  };
}

/** The query for a state, leaving out what equals the defaults; other params are kept. */
export function writeListState(
  state: Pick<TableState<ListFilter>, 'filter' | 'paginator' | 'sorting' | 'searchTerm'>,
  spec: ListSpec,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of [...params.keys()]) {
    if (key.startsWith(PARAM.filterPrefix) || Object.values(PARAM).includes(key as never)) params.delete(key);
  }
  const defaults = defaultListState(spec);
  const { page, pageSize } = state.paginator;
  if (page !== DEFAULT_PAGE) params.set(PARAM.page, String(page));
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set(PARAM.size, String(pageSize));
  const { column, direction } = state.sorting;
  if (column !== defaults.sorting.column || direction !== defaults.sorting.direction) {
    params.set(PARAM.sort, `${column}.${direction}`);
  }
  if (state.searchTerm.trim()) params.set(PARAM.search, state.searchTerm.trim());
  for (const key of spec.filterKeys) {
    const value = state.filter[key];
    for (const item of Array.isArray(value) ? value : value ? [value] : []) {
      params.append(`${PARAM.filterPrefix}${key}`, item);
    }
  }
  return params;
}

/** Clicking a column header: ascending first, then descending, then back to the default. */
export function nextSorting(current: Sorting, column: string, spec: ListSpec): Sorting {
  const fallback = defaultListState(spec).sorting;
  if (current.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return fallback;
}

/**
 * What an export asks for (`R`, the list's own export request): the format and the list as it is
 * shown, its filter, sorting and search.
 */
export function exportRequest<R extends { format: unknown; filter?: unknown; sorting?: unknown; searchTerm?: unknown }>(
  format: R['format'],
  state: Pick<TableState<ListFilter>, 'filter' | 'sorting' | 'searchTerm'>,
): R {
  return { format, filter: state.filter, sorting: state.sorting, searchTerm: state.searchTerm } as R;
}
