// /dashboard with the figures of GET /api/dashboard (stubbed at the HTTP boundary): cards linking
// to the work, charts with their numbers as text, the error with retry and the empty state.

import type { DashboardResponse } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { clearAuth } from '../../auth/authStore';
import { jsonResponse, principal } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const VERIFIKATOR: DashboardResponse = {
  tanggal: '2026-11-23',
  sections: [
    {
      track: 'cpns',
      cakupan: 'instansi',
      peran: ['verifikator'],
      cards: [
        {
          key: 'menungguVerifikasi',
          peran: 'verifikator',
          value: 1500,
          total: 2000,
          format: 'jumlah',
          href: '/cpns/verifikasi',
        },
        { key: 'diputusHariIni', peran: 'verifikator', value: 12, total: null, format: 'jumlah', href: null },
        { key: 'kartuBaru', peran: 'verifikator', value: 3, total: null, format: 'jumlah', href: null },
      ],
      charts: [
        {
          key: 'diputusHarian',
          peran: 'verifikator',
          kind: 'harian',
          points: ['17', '18', '19', '20', '21', '22', '23'].map((d, i) => ({ label: `2026-11-${d}`, value: i })),
        },
        {
          key: 'statusVerifikasi',
          peran: 'verifikator',
          kind: 'kategori',
          points: [
            { label: 'BELUM', value: 1500 },
            { label: 'MS', value: 400 },
            { label: 'TMS', value: 100 },
          ],
        },
      ],
    },
  ],
};

/** check-token answers the principal; the dashboard call answers `dashboard` (a function: per call). */
function stubServer(dashboard: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).endsWith('/api/dashboard') ? dashboard() : jsonResponse(200, {}))),
  );
}

describe('/dashboard figures', () => {
  it('shows each track’s cards, linked to the work, and its charts with their numbers', async () => {
    await signIn(principal());
    stubServer(() => jsonResponse(200, VERIFIKATOR));
    renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'CPNS' }, { timeout: 5000 });
    const queue = within(section).getByRole('link', { name: 'Menunggu verifikasi: 1.500 dari 2.000 (75%)' });
    expect(queue.getAttribute('href')).toBe('/cpns/verifikasi');
    expect(within(section).getByText('dari 2.000 (75%)')).toBeTruthy();
    expect(within(section).getByText('Saya putuskan hari ini')).toBeTruthy();
    // A figure another module adds before its text exists shows under its key.
    expect(within(section).getByText('kartuBaru')).toBeTruthy();
    expect(within(section).getByText('Keputusan saya, 7 hari terakhir: 21 keputusan')).toBeTruthy();
    expect(within(section).getByText('hari ini')).toBeTruthy();
    expect(
      within(section).getByText(
        (_, element) => element?.tagName === 'P' && element.textContent === 'Memenuhi Syarat: 400 (20%)',
      ),
    ).toBeTruthy();
    // The greeting and the menu cards stay.
    expect(screen.getByText('Selamat datang, Siti Rahmawati')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Menu Anda' })).toBeTruthy();
  });

  it('shows the server’s message with a retry that loads the figures', async () => {
    await signIn(principal());
    let calls = 0;
    stubServer(() => {
      calls += 1;
      // The first load and its two retries (a 5xx is retried) fail.
      return calls <= 3
        ? jsonResponse(503, { error: 'DB_UNAVAILABLE', message: 'Basis data tidak dapat dihubungi.' })
        : jsonResponse(200, VERIFIKATOR);
    });
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText('Basis data tidak dapat dihubungi.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('region', { name: 'CPNS' }, { timeout: 5000 })).toBeTruthy();
  });

  it('says so when the user’s roles have no figures', async () => {
    await signIn(principal({ authorities: [], menus: [] }));
    stubServer(() => jsonResponse(200, { tanggal: '2026-11-23', sections: [] }));
    renderApp('/dashboard');
    expect(await screen.findByText(/Belum ada ringkasan untuk peran Anda/, {}, { timeout: 5000 })).toBeTruthy();
  });
});
