// A route's loader starts what its page asks for first while the page's code loads (issue #22),
// stubbed at the HTTP boundary: a list's first page leaves with the URL's table state, and the
// dashboard's figures, before anything is rendered; the page then shows that answer without
// asking again.

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/queryClient';
import { clearAuth } from '../auth/authStore';
import { idDashboard } from '../i18n/dashboard';
import { jsonResponse, rekapAdmin } from '../test/factories';
import { signIn } from '../test/signIn';
import { Providers } from './Providers';
import { bindSignOut } from './router';
import { createRoutes } from './routes';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const ROW = {
  id: 7,
  nik: '3201010101900007',
  noPeserta: 'CPNS-0007',
  nama: 'Wulan Sari',
  gelarDepan: null,
  gelarBelakang: null,
  jenisKelamin: 'P',
  jabatanNama: 'Analis Kebijakan',
  lokasiNama: 'Kota Bandung',
  jenisFormasi: 'UMUM',
  pendidikanNama: 'S1 Administrasi Negara',
  statusVerifikasi: 'BELUM',
  tglDaftar: '2026-09-01T08:00:00+07:00',
  verifikatorNama: null,
};

/** Answers the recap's calls; returns the table states the list was asked for. */
function stubServer() {
  const asked: { page: number; sorting: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/api/dashboard')) {
        asked.push({ page: 0, sorting: 'dashboard' });
        return jsonResponse(200, { tanggal: '2026-11-26', sections: [] });
      }
      if (String(url).endsWith('/admin/filter')) {
        const state = JSON.parse(String(init?.body));
        asked.push({ page: state.paginator.page, sorting: state.sorting });
        return jsonResponse(200, { data: [ROW], recordsTotal: 31, summaries: [] });
      }
      if (String(url).endsWith('/final-verifikasi')) {
        return jsonResponse(200, { terkunci: false, belumDiverifikasi: 1, belumDisupervisi: 0 });
      }
      if (String(url).includes('/dokumen-resmi')) {
        return jsonResponse(200, {
          terkunci: false,
          alasan: 'Belum dikunci.',
          kop: { alamat: '', adaLogo: false },
          dokumen: [],
        });
      }
      return jsonResponse(200, {});
    }),
  );
  return asked;
}

describe("a list route's loader", { timeout: 30_000 }, () => {
  it('asks for the page in the URL before the screen renders, and the screen uses that answer', async () => {
    await signIn(rekapAdmin());
    const asked = stubServer();
    const router = createMemoryRouter(createRoutes(), {
      initialEntries: ['/cpns/rekap-pelamar?page=2&sort=nama.desc'],
    });
    bindSignOut(router);

    // Nothing is rendered yet: only the loader can have asked.
    await vi.waitFor(() => expect(asked).toEqual([{ page: 2, sorting: { column: 'nama', direction: 'desc' } }]), {
      timeout: 20_000,
    });

    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByText('Wulan Sari', {}, { timeout: 20_000 })).toBeTruthy();
    expect(asked).toHaveLength(1);
  });

  it("asks for the dashboard's figures before the page renders", async () => {
    await signIn(rekapAdmin());
    const asked = stubServer();
    const router = createMemoryRouter(createRoutes(), { initialEntries: ['/dashboard'] });
    bindSignOut(router);

    await vi.waitFor(() => expect(asked).toEqual([{ page: 0, sorting: 'dashboard' }]), { timeout: 20_000 });

    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByText('Selamat datang, Siti Rahmawati', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: idDashboard.angka }).closest('section')?.getAttribute('aria-busy')).toBe(
      'false',
    );
    expect(asked).toHaveLength(1);
  });
});
