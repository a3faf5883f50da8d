// ListScreen from a description, in a memory router: rows as links, selection only with a bulk
// action (confirmed before it runs), one loading/error/empty state, chips that keep the active
// filter, the search box following Back, dates in DD/MM/YYYY, and the view kept after a row.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import type { ListSpec } from '../../table/listState';
import { ListScreen } from './ListScreen';
import type { BulkActionDescription, ListDescription } from './types';

interface Row {
  id: number;
  nama: string;
  status: 'A' | 'B';
  tanggal: string;
}

const ROWS: Row[] = [
  { id: 1, nama: 'Siti Aminah', status: 'A', tanggal: '2024-09-05' },
  { id: 2, nama: 'Budi Santoso', status: 'B', tanggal: '2024-10-01' },
  { id: 3, nama: 'Putri Lestari', status: 'A', tanggal: '2024-11-12' },
];
const SPEC: ListSpec = { filterKeys: ['status', 'dari', 'sampai'], sortColumns: ['id', 'nama'] };

type Fetch = ListDescription<Row>['fetch'];
const answer: Fetch = async (state) => {
  const data = ROWS.filter(
    (row) =>
      (!state.filter.status || row.status === state.filter.status) &&
      (!state.searchTerm || row.nama.toLowerCase().includes(state.searchTerm.toLowerCase())),
  );
  return {
    data,
    recordsTotal: data.length,
    summaries: [
      { status: 'A', jumlah: 2 },
      { status: 'B', jumlah: 1 },
    ],
  };
};

function describeList(fetch: Fetch, bulk?: BulkActionDescription[]): ListDescription<Row> {
  return {
    queryKey: ['uji'],
    spec: SPEC,
    fetch,
    caption: 'Daftar Uji',
    columns: [
      { key: 'nama', header: 'Nama', sortKey: 'nama', primary: true, render: (row) => row.nama },
      { key: 'tanggal', header: 'Tanggal', render: (row) => row.tanggal },
    ],
    filters: [
      {
        kind: 'status',
        key: 'status',
        label: 'Status uji',
        summaryKey: 'status',
        options: [
          { value: 'A', label: 'Aktif' },
          { value: 'B', label: 'Berhenti' },
        ],
      },
      { kind: 'dateRange', from: 'dari', to: 'sampai', labelFrom: 'Dari tanggal', labelTo: 'Sampai tanggal' },
    ],
    rowLink: (row) => `/daftar/detail?id=${row.id}`,
    rowLabel: (row) => row.nama,
    bulk,
  };
}

function setup(description: ListDescription<Row>, path = '/daftar') {
  const router = createMemoryRouter(
    [
      { path: '/daftar', element: <ListScreen description={description} /> },
      { path: '/daftar/detail', element: <p>Halaman detail</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>,
  );
  return router;
}

const table = () => screen.getByRole('table', { name: 'Daftar Uji' });

afterEach(() => vi.restoreAllMocks());
// Dialogs and whole-screen renders under happy-dom on a shared two-core machine.
vi.setConfig({ testTimeout: 20_000 });

describe('ListScreen', () => {
  it('draws each row with a real link to its page; the whole row opens it; no selection without a bulk action', async () => {
    const router = setup(describeList(answer));
    const link = await within(table()).findByRole('link', { name: 'Siti Aminah' });
    expect(link.getAttribute('href')).toBe('/daftar/detail?id=1');
    expect(within(table()).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByText('1–3 dari 3 data')).toBeTruthy();
    const cell = within(table()).getByText('2024-10-01');
    fireEvent.click(cell);
    await waitFor(() => expect(router.state.location.search).toBe('?id=2'));
    expect(router.state.location.pathname).toBe('/daftar/detail');
  });

  it('says "loading", not "0 data" or "Semua (0)", until the first answer, then the counts', async () => {
    let release: () => void = () => {};
    const slow: Fetch = (state, signal) =>
      new Promise((resolve) => {
        release = () => void answer(state, signal).then(resolve);
      });
    setup(describeList(slow));
    expect(await screen.findByText('Memuat data…')).toBeTruthy();
    expect(screen.queryByText('0 data')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Semua' })).toBeTruthy();
    expect(screen.queryByText(/Semua \(0\)/)).toBeNull();
    act(() => release());
    expect(await screen.findByRole('radio', { name: 'Semua (3)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Aktif (2)' })).toBeTruthy();
  });

  it('on a failed load shows the error alone and keeps the active filter chip', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing: Fetch = async () => {
      throw new Error('Terjadi kesalahan pada server.');
    };
    setup(describeList(failing), '/daftar?f.status=B');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('kesalahan'));
    expect(screen.queryByText('Tidak ada data')).toBeNull();
    const chip = screen.getByRole('radio', { name: 'Berhenti' }) as HTMLInputElement;
    expect(chip.checked).toBe(true);
  });

  it('shows row checkboxes only with a bulk action, and confirms before running it', async () => {
    const run = vi.fn(async (ids: (number | string)[]) => ids.map((id) => ({ id, ok: true })));
    setup(
      describeList(answer, [
        {
          key: 'hapus',
          label: (n) => `Arsipkan ${n} terpilih`,
          title: 'Arsipkan data',
          message: (n) => `Arsipkan ${n} data?`,
          confirmLabel: 'Arsipkan',
          run,
          resultMessage: (ok) => `${ok} diarsipkan.`,
        },
      ]),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pilih Siti Aminah' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pilih Putri Lestari' }));
    expect(screen.getByText('2 baris dipilih')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Arsipkan 2 terpilih' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arsipkan data' });
    expect(within(dialog).getByText('Arsipkan 2 data?')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Arsipkan' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith([1, 3], {}));
  });

  it('keeps the search box in step with the URL after Back', async () => {
    const router = setup(describeList(answer), '/daftar?q=putri');
    const search = (await screen.findByLabelText('Cari')) as HTMLInputElement;
    expect(search.value).toBe('putri');
    await act(() => router.navigate('/daftar'));
    await waitFor(() => expect(search.value).toBe(''));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search.value).toBe('putri'));
  });

  it('shows date filters as DD/MM/YYYY, not the browser format, with no native date input', async () => {
    setup(describeList(answer), '/daftar?f.dari=2024-09-05');
    const dari = (await screen.findByLabelText('Dari tanggal')) as HTMLInputElement;
    expect(dari.value).toBe('05/09/2024');
    expect(document.querySelector('input[type="date"]')).toBeNull();
  });

  it('opened again after one of its rows, shows the view it was left in', async () => {
    const router = setup(describeList(answer), '/daftar?f.status=A');
    fireEvent.click(await within(table()).findByRole('link', { name: 'Putri Lestari' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/daftar/detail'));
    await act(() => router.navigate('/daftar'));
    await waitFor(() => expect(router.state.location.search).toBe('?f.status=A'));
    expect(await within(table()).findByRole('link', { name: 'Siti Aminah' })).toBeTruthy();
    expect(within(table()).queryByText('Budi Santoso')).toBeNull();
  });

  it('labels the pagination in Indonesian', async () => {
    setup(describeList(answer));
    await within(table()).findByRole('link', { name: 'Siti Aminah' });
    expect(screen.getByRole('button', { name: 'Halaman berikutnya' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Halaman sebelumnya' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /previous|next/ })).toBeNull();
  });
});
