// "Next" follows the list the row was opened from (issue #32): its view and order, skipping rows
// already passed and rows the page cannot open, across pages, and rows that left the view.

import { defaultTableState, type ListResponse } from '@portal/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ListSource, ListState } from './types';
import { cariBerikutnya, ingatUrutan, lanjutUrutan, lupakanUrutan, mulaiUrutan } from './urutan';

interface Row {
  id: number;
  status: 'BELUM' | 'SUDAH';
  holder?: string;
}

/** A list of rows served in pages, filtered by status like the server; records every call. */
function list(rows: Row[]) {
  const calls: ListState[] = [];
  const source: ListSource = {
    queryKey: ['uji'],
    spec: { filterKeys: ['status'], sortColumns: ['id'] },
    fetch: async (state) => {
      calls.push(state);
      const view = rows.filter((row) => !state.filter.status || row.status === state.filter.status);
      const { page, pageSize } = state.paginator;
      return { data: view.slice((page - 1) * pageSize, page * pageSize), recordsTotal: view.length } as ListResponse<
        (typeof view)[number]
      >;
    },
  };
  return { source, calls };
}

const state = (filter: Record<string, string> = {}, page = 1, pageSize = 10): ListState => {
  const base = defaultTableState(filter);
  return { ...base, paginator: { ...base.paginator, page, pageSize } };
};

const range = (from: number, to: number, status: Row['status'] = 'BELUM'): Row[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ id: from + index, status }));

beforeEach(lupakanUrutan);

describe('cariBerikutnya', () => {
  it('gives the row after the opened one in the list the user opened it from', async () => {
    const { source } = list(range(1, 30));
    ingatUrutan(source, state({}, 2), [11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 14);
    const next = await cariBerikutnya<Row>({ source, defaultState: state(), sekarang: 14 });
    expect(next).toEqual({ row: { id: 15, status: 'BELUM' }, page: 2 });
  });

  it('finds the next one when decided rows left a filtered view, and skips rows it cannot open', async () => {
    const rows = range(1, 8);
    const { source } = list(rows);
    ingatUrutan(source, state({ status: 'BELUM' }, 1, 3), [1, 2, 3], 1);
    // Row 1 decided: it leaves the "BELUM" view; row 2 is held by a colleague.
    (rows[0] as Row).status = 'SUDAH';
    (rows[1] as Row).holder = 'Rekan';
    const next = await cariBerikutnya<Row>({
      source,
      defaultState: state(),
      sekarang: 1,
      bisaDibuka: (row) => !row.holder,
    });
    expect(next?.row.id).toBe(3);
  });

  it('goes on to the next page when every row of this one is passed, and the order moves with it', async () => {
    const { source, calls } = list(range(1, 7));
    ingatUrutan(source, state({}, 1, 3), [1, 2, 3], 3);
    const next = await cariBerikutnya<Row>({ source, defaultState: state(), sekarang: 3 });
    expect(next).toEqual({ row: { id: 4, status: 'BELUM' }, page: 2 });
    lanjutUrutan(source, state(), 3, next as NonNullable<typeof next>);
    calls.length = 0;
    const after = await cariBerikutnya<Row>({ source, defaultState: state(), sekarang: 4 });
    expect(after?.row.id).toBe(5);
    // Read from page 2 on: pages already passed are not read again.
    expect(calls.map((call) => call.paginator.page)).toEqual([2]);
  });

  it('says null at the end of the list', async () => {
    const { source } = list(range(1, 3));
    ingatUrutan(source, state(), [1, 2, 3], 3);
    expect(await cariBerikutnya<Row>({ source, defaultState: state(), sekarang: 3 })).toBeNull();
  });

  it('without a remembered list, follows the landing view it is given', async () => {
    const { source, calls } = list([...range(1, 3, 'SUDAH'), ...range(4, 6)]);
    const next = await cariBerikutnya<Row>({ source, defaultState: state({ status: 'BELUM' }), sekarang: 4 });
    expect(next?.row.id).toBe(5);
    expect(calls[0]?.filter).toEqual({ status: 'BELUM' });
  });

  it('from the list itself ("Buka berikutnya"), starts at the first row of the current view', async () => {
    const { source } = list(range(1, 5));
    mulaiUrutan(source, state({}, 1, 2));
    const next = await cariBerikutnya<Row>({ source, defaultState: state(), sekarang: -1 });
    expect(next?.row.id).toBe(1);
  });
});
