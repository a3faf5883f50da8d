import { describe, expect, it } from 'vitest';
import { defaultListState, type ListSpec, nextSorting, readListState, writeListState } from './listState';
import { selectionReducer, selectionSummary } from './selection';

const spec: ListSpec = { filterKeys: ['status', 'pendidikan'], sortColumns: ['id', 'nama', 'tanggalDaftar'] };
const read = (query: string) => readListState(new URLSearchParams(query), spec);

describe('list state in the URL', () => {
  it('an empty query is the spec default: page 1, size 10, id ascending, no search, no filter', () => {
    expect(read('')).toEqual(defaultListState(spec));
    expect(read('').paginator).toEqual({ page: 1, pageSize: 10, total: 0, pageSizes: [] });
    expect(read('').sorting).toEqual({ column: 'id', direction: 'asc' });
  });

  it('round-trips a full view and leaves out what equals the defaults', () => {
    const query = 'page=3&size=50&sort=nama.desc&q=siti&f.status=MS&f.pendidikan=S-1&f.pendidikan=S-2';
    const state = read(query);
    expect(state.paginator).toMatchObject({ page: 3, pageSize: 50 });
    expect(state.sorting).toEqual({ column: 'nama', direction: 'desc' });
    expect(state.searchTerm).toBe('siti');
    expect(state.filter).toEqual({ status: 'MS', pendidikan: ['S-1', 'S-2'] });
    expect(writeListState(state, spec).toString()).toBe(new URLSearchParams(query).toString());
    expect(writeListState(defaultListState(spec), spec).toString()).toBe('');
  });

  it('drops what the list does not accept instead of trusting it', () => {
    const state = read('page=0&size=7&sort=password.asc&f.rahasia=1&q=%20%20');
    expect(state).toEqual(defaultListState(spec));
    expect(read('page=-2&size=abc&sort=nama.sideways').paginator).toMatchObject({ page: 1, pageSize: 10 });
    expect(read('sort=nama.sideways').sorting).toEqual({ column: 'id', direction: 'asc' });
  });

  it('keeps unrelated query parameters (e.g. a detail id)', () => {
    const params = writeListState(
      { ...defaultListState(spec), searchTerm: 'budi' },
      spec,
      new URLSearchParams('id=42&page=9'),
    );
    expect(params.toString()).toBe('id=42&q=budi');
  });

  it('a header click sorts ascending, then descending, then back to the default', () => {
    const start = defaultListState(spec).sorting;
    const asc = nextSorting(start, 'nama', spec);
    const desc = nextSorting(asc, 'nama', spec);
    expect([asc, desc, nextSorting(desc, 'nama', spec)]).toEqual([
      { column: 'nama', direction: 'asc' },
      { column: 'nama', direction: 'desc' },
      start,
    ]);
  });
});

describe('row selection (spec §4)', () => {
  const loaded = selectionReducer({ selectedRowIds: [9], itemIds: [9] }, { type: 'load', itemIds: [1, 2, 3] });

  it('a load resets the selection to the loaded rows', () => {
    expect(loaded).toEqual({ selectedRowIds: [], itemIds: [1, 2, 3] });
  });

  it('selects and deselects one, all or none, and counts', () => {
    let state = selectionReducer(loaded, { type: 'toggle', id: 2 });
    state = selectionReducer(state, { type: 'select', id: 2 });
    state = selectionReducer(state, { type: 'select', id: 99 });
    expect(selectionSummary(state)).toEqual({ count: 1, all: false, some: true });
    state = selectionReducer(state, { type: 'all' });
    expect(selectionSummary(state)).toEqual({ count: 3, all: true, some: false });
    state = selectionReducer(state, { type: 'deselect', id: 1 });
    expect(state.selectedRowIds).toEqual([2, 3]);
    state = selectionReducer(state, { type: 'none' });
    expect(selectionSummary(state)).toEqual({ count: 0, all: false, some: false });
  });
});
