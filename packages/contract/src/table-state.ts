// Table state of spec §3 (filter, paginator, sorting, searchTerm, grouping, entityId) and the
// list response; the list machinery of both sides is built on these (issue: lists).

import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from './constants.js';

export interface Paginator {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: number[];
}

export interface Sorting {
  column: string;
  direction: 'asc' | 'desc';
}

export interface Grouping {
  selectedRowIds: (string | number)[];
  itemIds: (string | number)[];
}

export interface TableState<F = Record<string, unknown>> {
  filter: F;
  paginator: Paginator;
  sorting: Sorting;
  searchTerm: string;
  grouping: Grouping;
  entityId?: string | number;
}

export interface ListResponse<T> {
  data: T[];
  recordsTotal: number;
  summaries: unknown[];
}

/** spec §3/§4 defaults: what "reset defaults" returns to. */
export function defaultTableState<F = Record<string, unknown>>(filter = {} as F): TableState<F> {
  return {
    filter,
    paginator: { page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE, total: 0, pageSizes: [] },
    sorting: { column: 'id', direction: 'asc' },
    searchTerm: '',
    grouping: { selectedRowIds: [], itemIds: [] },
  };
}
