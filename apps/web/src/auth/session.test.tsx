import { STORAGE_KEYS } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../api/http';
import { jsonResponse, principal } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { signIn } from '../test/signIn';
import { clearAuth, getAuthState, initAuth } from './authStore';

afterEach(() => {
  clearAuth();
  vi.unstubAllGlobals();
});

describe('session lifecycle (spec §4)', () => {
  it('a 401 on a data call ends the session: storage cleared, info toast, back to /auth/login', async () => {
    await signIn(principal());
    const { router } = renderApp('/dashboard');
    await screen.findByText('Selamat datang, Siti Rahmawati');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { error: 'UNAUTHENTICATED', message: 'Token tidak berlaku.' })),
    );
    await expect(request('/cpns/verifikator/filter')).rejects.toBeInstanceOf(ApiError);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByText('Sesi Anda telah berakhir. Silakan masuk kembali.')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('startup logs out when check-token answers 401', async () => {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ accessToken: 'basi' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { error: 'UNAUTHENTICATED', message: 'Token tidak berlaku.' })),
    );
    await initAuth();
    expect(getAuthState().user).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('startup without a stored token stays signed out and calls nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await initAuth();
    expect(getAuthState().user).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logout revokes server-side, clears storage and goes to /auth/login', async () => {
    await signIn(principal());
    const { router } = renderApp('/dashboard');
    const fetchMock = vi.fn(async () => jsonResponse(204, null));
    vi.stubGlobal('fetch', fetchMock);
    // biome-ignore lint/suspicious/noDocumentCookie: stands in for the cookie the server's GET would set (spec §7).
    document.cookie = 'XSRF-TOKEN=xsrf-uji';
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /Menu pengguna/ }));
    await user.click(await screen.findByRole('button', { name: 'Keluar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(getAuthState().user).toBeNull();
  });
});
