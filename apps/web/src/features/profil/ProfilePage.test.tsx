// /profil's forms with the one form pattern (issue #32), stubbed at the HTTP boundary. Changing the
// password: a submit that cannot be sent marks the fields and focuses a summary linking to them,
// nothing is sent; the server's refusal of the new password (its policy) lands on that field. The
// second factor's one-field forms: a refusal of the field is shown on it, which takes the focus.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/** The profile as given; each POST answered by the next of `answers`, its path and body kept. */
function stubServer(totpEnabled: boolean, answers: Response[]) {
  const posted: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (path === '/api/auth/check-token') return jsonResponse(200, { mapData: { data: principal() } });
      if (init?.method === 'POST') {
        posted.push({ path, body: JSON.parse(String(init.body)) });
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
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('');

const links = (summary: HTMLElement) =>
  within(summary)
    .getAllByRole('link')
    .map((a) => a.textContent);

/** Opens /profil (signed in first: signIn stubs fetch for its own check) and finds a section. */
async function openSection(name: string) {
  renderApp('/profil');
  return screen.findByRole('region', { name });
}

describe('/profil: Ganti Kata Sandi says what is wrong (issue #32)', () => {
  it('an empty submit marks the fields, focuses a summary linking to them, and sends nothing', async () => {
    await signIn(principal());
    const posted = stubServer(false, []);
    const section = await openSection('Ganti Kata Sandi');
    const submit = within(section).getByRole('button', { name: 'Ganti Kata Sandi' });
    fireEvent.click(submit);

    const summary = await within(section).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByText('Periksa isian berikut:')).toBeTruthy();
    expect(links(summary)).toEqual([
      'Kata Sandi Lama wajib diisi.',
      'Kata Sandi Baru wajib diisi.',
      'Ulangi Kata Sandi Baru wajib diisi.',
    ]);
    const oldPassword = within(section).getByLabelText(/^Kata Sandi Lama/);
    const newPassword = within(section).getByLabelText(/^Kata Sandi Baru/);
    const confirm = within(section).getByLabelText(/^Ulangi Kata Sandi Baru/);
    for (const input of [oldPassword, newPassword, confirm]) expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(newPassword)).toBe('Kata Sandi Baru wajib diisi.');
    await userEvent.click(within(summary).getByRole('link', { name: 'Ulangi Kata Sandi Baru wajib diisi.' }));
    expect(document.activeElement).toBe(confirm);

    // The new password repeated differently: said on the repeat, still nothing sent.
    await userEvent.type(oldPassword, 'Lama#Sekali2024');
    await userEvent.type(newPassword, 'Baru#Sekali2025');
    await userEvent.type(confirm, 'Baru#Sekali2026');
    expect(confirm.getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('alert')));
    expect(links(within(section).getByRole('alert'))).toEqual([
      'Ulangi Kata Sandi Baru: Kedua kata sandi baru tidak sama',
    ]);
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
  });

  it('puts the server’s refusal of the new password on that field, then says the change succeeded', async () => {
    const policy = 'Kata sandi tidak boleh memuat nama pengguna atau alamat email Anda.';
    await signIn(principal());
    const posted = stubServer(false, [
      // The password policy's refusal names its field only (apps/server/src/auth/password-policy.ts).
      jsonResponse(400, { error: 'PASSWORD_POLICY', message: policy, details: { field: 'newPassword' } }),
      jsonResponse(200, { message: 'Kata sandi berhasil diganti.' }),
    ]);
    const section = await openSection('Ganti Kata Sandi');
    const oldPassword = within(section).getByLabelText(/^Kata Sandi Lama/);
    const newPassword = within(section).getByLabelText(/^Kata Sandi Baru/);
    const confirm = within(section).getByLabelText(/^Ulangi Kata Sandi Baru/);
    await userEvent.type(oldPassword, 'Lama#Sekali2024');
    await userEvent.type(newPassword, 'verifikator.cpns#1');
    await userEvent.type(confirm, 'verifikator.cpns#1');
    fireEvent.click(within(section).getByRole('button', { name: 'Ganti Kata Sandi' }));

    await waitFor(() => expect(newPassword.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(newPassword)).toBe(policy);
    const summary = within(section).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(links(summary)).toEqual([`Kata Sandi Baru: ${policy}`]);
    expect(posted[0]).toEqual({
      path: '/api/auth/reset-password',
      body: { username: 'verifikator.cpns', oldPassword: 'Lama#Sekali2024', newPassword: 'verifikator.cpns#1' },
    });

    await userEvent.clear(newPassword);
    await userEvent.type(newPassword, 'Baru#Sekali2025');
    expect(newPassword.getAttribute('aria-invalid')).not.toBe('true');
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'Baru#Sekali2025');
    fireEvent.click(within(section).getByRole('button', { name: 'Ganti Kata Sandi' }));
    expect((await within(section).findByRole('status')).textContent).toBe('Kata sandi berhasil diganti.');
    expect(within(section).queryByRole('alert')).toBeNull();
    expect((oldPassword as HTMLInputElement).value).toBe('');
  });
});

describe('/profil: the second factor’s one-field forms (issue #32)', () => {
  it('a wrong password to turn it off is shown on the field, which takes the focus', async () => {
    const message = 'Kata sandi salah.';
    await signIn(principal());
    const posted = stubServer(true, [
      jsonResponse(400, { error: 'INVALID_CREDENTIALS', message, details: [{ field: 'body.password', message }] }),
    ]);
    const section = await openSection('Verifikasi Dua Langkah (OTP)');
    const password = within(section).getByLabelText('Kata sandi untuk menonaktifkan');
    await userEvent.type(password, 'salah');
    await userEvent.click(within(section).getByRole('button', { name: 'Nonaktifkan Verifikasi Dua Langkah' }));

    await waitFor(() => expect(errorOf(password)).toBe(message));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
    // Said once, on its field.
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(posted).toEqual([{ path: '/api/profil/totp/disable', body: { password: 'salah' } }]);
    await userEvent.type(password, 'x');
    expect(password.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('a wrong code to turn it on is shown on the code field; a failure naming no field above the form', async () => {
    const wrong = 'Kode OTP salah atau sudah kedaluwarsa. Coba kode berikutnya.';
    await signIn(principal());
    stubServer(false, [
      jsonResponse(200, {
        secret: 'RAHASIA',
        otpauthUrl: 'otpauth://totp/uji',
        qrDataUrl: 'data:image/svg+xml;base64,',
      }),
      // The server names the field only (apps/server/src/modules/akun/profil-routes.ts).
      jsonResponse(400, { error: 'OTP_INVALID', message: wrong, details: { field: 'code' } }),
      jsonResponse(409, { error: 'OTP_BELUM_DISIAPKAN', message: 'Mulai lagi dari awal (uji).' }),
    ]);
    const section = await openSection('Verifikasi Dua Langkah (OTP)');
    await userEvent.click(within(section).getByRole('button', { name: 'Aktifkan Verifikasi Dua Langkah' }));
    const code = await within(section).findByLabelText('Kode dari aplikasi');
    await userEvent.type(code, '123456');
    const verify = within(section).getByRole('button', { name: 'Verifikasi dan Aktifkan' });
    await userEvent.click(verify);

    await waitFor(() => expect(errorOf(code)).toBe(wrong));
    expect(document.activeElement).toBe(code);
    expect(within(section).queryByRole('alert')).toBeNull();

    await userEvent.clear(code);
    expect(code.getAttribute('aria-invalid')).not.toBe('true');
    await userEvent.type(code, '654321');
    await userEvent.click(verify);
    expect((await within(section).findByRole('alert')).textContent).toBe('Mulai lagi dari awal (uji).');
    expect(code.getAttribute('aria-invalid')).not.toBe('true');
  });
});
