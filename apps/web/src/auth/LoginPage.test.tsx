import { STORAGE_KEYS, XSRF_HEADER } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, principal } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { clearAuth } from './authStore';

const SESSION = { accessToken: 'akses', refreshToken: 'segar', expiresIn: 900, tokenType: 'Bearer' };

function requestOf(call: unknown[]): { url: string; init: RequestInit } {
  return { url: String(call[0]), init: (call[1] ?? {}) as RequestInit };
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: stands in for the cookie the server's GET would set (spec §7).
  document.cookie = 'XSRF-TOKEN=xsrf-uji';
});

afterEach(() => {
  clearAuth();
  vi.unstubAllGlobals();
});

describe('login page (spec §3/§7)', () => {
  it('asks for the OTP after OTP_REQUIRED, keeps the credentials, then signs in', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(401, { error: 'OTP_REQUIRED', message: 'Masukkan kode OTP dari aplikasi autentikator.' }),
      )
      .mockResolvedValueOnce(jsonResponse(200, SESSION))
      .mockResolvedValueOnce(jsonResponse(200, { mapData: { data: principal() } }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderApp('/auth/login');

    await user.type(await screen.findByLabelText(/Nama Pengguna/), 'verifikator.cpns');
    await user.type(screen.getByLabelText(/Kata Sandi/), 'rahasia');
    expect(screen.queryByLabelText(/Kode OTP/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    const otp = await screen.findByLabelText(/Kode OTP/);
    expect(screen.getByRole('alert').textContent).toContain('Masukkan kode OTP dari aplikasi autentikator.');
    await waitFor(() => expect(document.activeElement).toBe(otp));
    expect((screen.getByLabelText(/Nama Pengguna/) as HTMLInputElement).value).toBe('verifikator.cpns');
    expect((screen.getByLabelText(/Kata Sandi/) as HTMLInputElement).value).toBe('rahasia');
    expect(otp.getAttribute('autocomplete')).toBe('one-time-code');

    const first = requestOf(fetchMock.mock.calls[0] ?? []);
    expect(first.url).toBe('/api/auth/login');
    expect(JSON.parse(String(first.init.body))).toEqual({
      username: 'verifikator.cpns',
      password: 'rahasia',
      token: null,
    });
    expect(new Headers(first.init.headers).get(XSRF_HEADER)).toBe('xsrf-uji');

    await user.type(otp, '123456');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const second = requestOf(fetchMock.mock.calls[1] ?? []);
    expect(JSON.parse(String(second.init.body))).toMatchObject({ token: '123456' });
    const check = requestOf(fetchMock.mock.calls[2] ?? []);
    expect(check.url).toBe('/api/auth/check-token');
    expect(new Headers(check.init.headers).get('Authorization')).toBe('Bearer akses');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? '{}')).toEqual(SESSION);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').username).toBe('verifikator.cpns');
  });

  it('shows the server message as sent for wrong credentials', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, { error: 'INVALID_CREDENTIALS', message: 'Nama pengguna atau kata sandi salah.' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/auth/login');

    await user.type(await screen.findByLabelText(/Nama Pengguna/), 'siapa');
    await user.type(screen.getByLabelText(/Kata Sandi/), 'salah');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Nama pengguna atau kata sandi salah.');
    expect(screen.queryByLabelText(/Kode OTP/)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('validates required fields in Indonesian without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderApp('/auth/login');

    await user.click(await screen.findByRole('button', { name: 'Masuk' }));

    expect(await screen.findByText('Nama pengguna wajib diisi')).toBeTruthy();
    expect(screen.getByText('Kata sandi wajib diisi')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so in Indonesian when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    renderApp('/auth/login');

    await user.type(await screen.findByLabelText(/Nama Pengguna/), 'siapa');
    await user.type(screen.getByLabelText(/Kata Sandi/), 'apa');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Tidak dapat terhubung ke server. Periksa koneksi Anda.',
    );
  });
});
