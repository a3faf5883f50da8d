// Issue #30: /profil's "create access key" form, stubbed at the HTTP boundary — the password is
// asked again, and the OTP code when the second factor is on; the server's refusal of a field is
// shown under that field.

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { clearAuth } from '../../auth/authStore';
import { jsonResponse, principal } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';
import { profile } from './fixture';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const KEY = {
  id: 7,
  name: 'Skrip rekap',
  prefix: 'pva_abcdef',
  createdAt: '2026-11-20T03:00:00.000Z',
  expiresAt: '2027-02-18T03:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

/** The profile as given; each POST of a key answered by the next of `answers`, its body kept. */
function stubServer(totpEnabled: boolean, answers: Response[]) {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (path === '/api/auth/check-token') return jsonResponse(200, { mapData: { data: principal() } });
      if (path === '/api/profil/access-keys' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return answers.shift() ?? jsonResponse(500, {});
      }
      if (path === '/api/profil') return jsonResponse(200, profile(totpEnabled));
      return jsonResponse(200, {});
    }),
  );
  return posted;
}

/** The error text an input is described by (Mantine's field error). */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('');

async function openKeys() {
  renderApp('/profil');
  return screen.findByRole('region', { name: 'Kunci Akses Pribadi' });
}

describe('/profil: creating an access key (issue #30)', () => {
  it('asks for the password and the OTP code, and shows the server’s refusal under the field', async () => {
    await signIn(principal());
    const message = 'Kode OTP ini sudah dipakai. Tunggu kode berikutnya dari aplikasi autentikator Anda.';
    const posted = stubServer(true, [
      jsonResponse(400, { error: 'OTP_INVALID', message, details: [{ field: 'body.token', message }] }),
      jsonResponse(201, { key: 'pva_kunci-rahasia-sekali', accessKey: KEY }),
    ]);
    const user = userEvent.setup();
    await openKeys();
    const create = screen.getByRole('button', { name: 'Buat Kunci' });
    await user.type(screen.getByLabelText('Nama kunci'), 'Skrip rekap');
    // Not before the password and a 6-digit code are there.
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Kata sandi Anda'), 'Rahasia#2024');
    expect(create.hasAttribute('disabled')).toBe(true);
    const otp = screen.getByLabelText('Kode OTP');
    await user.type(otp, '12a3456');
    expect((otp as HTMLInputElement).value).toBe('123456');
    await user.click(create);

    await waitFor(() => expect(errorOf(otp)).toBe(message));
    // Said once, under its field.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posted[0]).toEqual({ name: 'Skrip rekap', days: 90, password: 'Rahasia#2024', token: '123456' });

    await user.clear(otp);
    await user.type(otp, '654321');
    await user.click(create);
    expect(await screen.findByTestId('access-key')).toHaveProperty('textContent', 'pva_kunci-rahasia-sekali');
    expect(posted[1]).toEqual({ name: 'Skrip rekap', days: 90, password: 'Rahasia#2024', token: '654321' });
    // The password is not kept in the form.
    expect((screen.getByLabelText('Kata sandi Anda') as HTMLInputElement).value).toBe('');
  });

  it('asks for the password only when the second factor is off, and names a wrong one', async () => {
    await signIn(principal());
    const posted = stubServer(false, [
      jsonResponse(400, {
        error: 'INVALID_CREDENTIALS',
        message: 'Kata sandi salah.',
        details: [{ field: 'body.password', message: 'Kata sandi salah.' }],
      }),
    ]);
    const user = userEvent.setup();
    const region = await openKeys();
    expect(screen.queryByLabelText('Kode OTP')).toBeNull();
    expect(region.textContent).toContain('masukkan kembali kata sandi Anda.');
    await user.type(screen.getByLabelText('Nama kunci'), 'Skrip rekap');
    const password = screen.getByLabelText('Kata sandi Anda');
    await user.type(password, 'salah');
    await user.click(screen.getByRole('button', { name: 'Buat Kunci' }));
    await waitFor(() => expect(errorOf(password)).toBe('Kata sandi salah.'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posted).toEqual([{ name: 'Skrip rekap', days: 90, password: 'salah' }]);
  });
});
