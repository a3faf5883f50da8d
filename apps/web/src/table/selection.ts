// Row selection of spec §4 (the table state's grouping): the rows of the loaded page are the
// items; select or deselect one, all or none, and count. A new load resets it to the new rows.

import type { Grouping } from '@portal/contract';

type RowId = string | number;

export type SelectionAction =
  | { type: 'load'; itemIds: RowId[] }
  | { type: 'toggle'; id: RowId }
  | { type: 'select'; id: RowId }
  | { type: 'deselect'; id: RowId }
  | { type: 'all' }
  | { type: 'none' };

const sameIds = (a: RowId[], b: RowId[]) => a.length === b.length && a.every((value, index) => value === b[index]);

export const emptySelection: Grouping = { selectedRowIds: [], itemIds: [] };

export function selectionReducer(state: Grouping, action: SelectionAction): Grouping {
  switch (action.type) {
    case 'load':
      if (state.selectedRowIds.length === 0 && sameIds(state.itemIds, action.itemIds)) return state;
      return { selectedRowIds: [], itemIds: action.itemIds };
    case 'select':
      if (!state.itemIds.includes(action.id) || state.selectedRowIds.includes(action.id)) return state;
      return { ...state, selectedRowIds: [...state.selectedRowIds, action.id] };
    case 'deselect':
      return { ...state, selectedRowIds: state.selectedRowIds.filter((id) => id !== action.id) };
    case 'toggle':
      return selectionReducer(state, {
        type: state.selectedRowIds.includes(action.id) ? 'deselect' : 'select',
        id: action.id,
      });
    case 'all':
      return { ...state, selectedRowIds: [...state.itemIds] };
    case 'none':
      return { ...state, selectedRowIds: [] };
  }
}

/** "all" when every row is selected, "some", or "none" – what the header checkbox shows. */
export function selectionSummary(state: Grouping): { count: number; all: boolean; some: boolean } {
  const count = state.selectedRowIds.length;
  const all = count > 0 && count === state.itemIds.length;
  return { count, all, some: count > 0 && !all };
}
