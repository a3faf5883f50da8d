// The list-state hook against a real (memory) router: the URL is the state, search is debounced,
// and back navigation returns to the previous view.

import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListSpec } from './listState';
import { SEARCH_DEBOUNCE_MS, useListState } from './useListState';

const spec: ListSpec = { filterKeys: ['status'], sortColumns: ['id', 'nama'] };

function Probe() {
  const list = useListState(spec);
  return (
    <div>
      <input aria-label="Cari" value={list.searchInput} onChange={(event) => list.setSearch(event.target.value)} />
      <button type="button" onClick={() => list.setPage(list.state.paginator.page + 1)}>
        berikut
      </button>
      <button type="button" onClick={() => list.setPageSize(50)}>
        ukuran
      </button>
      <button type="button" onClick={() => list.setFilter({ status: 'MS' })}>
        status
      </button>
      <button type="button" onClick={() => list.sortBy('nama')}>
        nama
      </button>
      <button type="button" onClick={list.reset}>
        reset
      </button>
      <output>{JSON.stringify({ ...list.state, grouping: undefined })}</output>
    </div>
  );
}

function setup(path = '/pelamar') {
  const router = createMemoryRouter([{ path: '/pelamar', Component: Probe }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  const search = () => router.state.location.search;
  const state = () => JSON.parse(screen.getByRole('status').textContent ?? '{}');
  return { router, search, state };
}

afterEach(() => vi.useRealTimers());

describe('useListState', () => {
  it('reads a bookmarked view from the URL', () => {
    const { state } = setup('/pelamar?page=4&size=15&sort=nama.desc&q=dewi&f.status=TMS');
    expect(state()).toMatchObject({
      paginator: { page: 4, pageSize: 15 },
      sorting: { column: 'nama', direction: 'desc' },
      searchTerm: 'dewi',
      filter: { status: 'TMS' },
    });
  });

  it('paging, sorting and filtering write the URL; filter and size go back to page 1', () => {
    const { search } = setup();
    fireEvent.click(screen.getByText('berikut'));
    fireEvent.click(screen.getByText('berikut'));
    expect(search()).toBe('?page=3');
    fireEvent.click(screen.getByText('nama'));
    expect(search()).toBe('?page=3&sort=nama.asc');
    fireEvent.click(screen.getByText('status'));
    expect(search()).toBe('?sort=nama.asc&f.status=MS');
    fireEvent.click(screen.getByText('berikut'));
    fireEvent.click(screen.getByText('ukuran'));
    expect(search()).toBe('?size=50&sort=nama.asc&f.status=MS');
  });

  it('applies the search term only after the debounce, and from page 1', () => {
    vi.useFakeTimers();
    const { search } = setup('/pelamar?page=5');
    fireEvent.change(screen.getByLabelText('Cari'), { target: { value: 'sit' } });
    fireEvent.change(screen.getByLabelText('Cari'), { target: { value: 'siti' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(search()).toBe('?page=5');
    act(() => vi.advanceTimersByTime(1));
    expect(search()).toBe('?q=siti');
  });

  it('reset returns to the defaults; back returns to the previous view', async () => {
    const { router, search, state } = setup('/pelamar?page=2&f.status=MS');
    fireEvent.click(screen.getByText('reset'));
    expect(search()).toBe('');
    expect(state().paginator.page).toBe(1);
    await act(() => router.navigate(-1));
    expect(search()).toBe('?page=2&f.status=MS');
    expect(state().filter).toEqual({ status: 'MS' });
  });
});
