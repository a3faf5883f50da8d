import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuEntry, principal } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { signIn } from '../test/signIn';
import { clearAuth, getAuthState } from './authStore';

afterEach(() => {
  clearAuth();
  vi.unstubAllGlobals();
});

describe('main-area route guard (spec §2/§4)', () => {
  it('refuses a page missing from the menus with an error toast and lands on /dashboard', async () => {
    await signIn(principal({ menus: [menuEntry('/cpns/verifikasi', 'Verifikasi')] }));
    const { router } = renderApp('/cpns/supervisi');

    expect(await screen.findByText('Anda tidak berhak akses halaman /cpns/supervisi')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Selamat datang, Siti Rahmawati')).toBeTruthy();
  });

  it('lets a detail page inherit the permission of its list page', async () => {
    await signIn(principal({ menus: [menuEntry('/cpns/verifikasi', 'Verifikasi')] }));
    const { router } = renderApp('/cpns/verifikasi/detail');

    expect(await screen.findByText('Pilih pelamar dari daftar untuk melihat datanya.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cpns/verifikasi/detail');
    expect(screen.getByRole('heading', { level: 1, name: 'Verifikasi' })).toBeTruthy();
    expect(screen.getByText('Detail')).toBeTruthy();
  });

  it('refuses the detail page of a list the user may not open', async () => {
    await signIn(principal({ menus: [menuEntry('/cpns/verifikasi', 'Verifikasi')] }));
    const { router } = renderApp('/cpns/supervisi/detail');

    expect(await screen.findByText('Anda tidak berhak akses halaman /cpns/supervisi/detail')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends a visitor without a current user to /auth/login', async () => {
    const { router } = renderApp('/cpns/verifikasi');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByLabelText(/Nama Pengguna/)).toBeTruthy();
    expect(getAuthState().user).toBeNull();
  });

  it('redirects an unknown path to the 404 page', async () => {
    await signIn(principal());
    const { router } = renderApp('/tidak/ada');

    expect(await screen.findByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error/404');
  });
});
