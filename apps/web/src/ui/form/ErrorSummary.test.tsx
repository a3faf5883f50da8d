// The one form pattern (issue #32): on a failed submit every field is marked with its message, a
// summary above the form takes the focus and links to each field, and a server 400 is mapped to
// the fields by the words of its `details` — never shown as a path like `body.username`.

import { Button, MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { ErrorSummary } from './ErrorSummary';
import { serverFieldErrors } from './fieldErrors';
import { useFormErrors } from './useFormErrors';

const FIELDS = [
  { key: 'username', label: 'Nama pengguna', id: 'f-username' },
  { key: 'email', label: 'Email', id: 'f-email' },
];

/** A small form described with the pattern; `send` plays the server. */
function Formulir({ send }: { send: () => Promise<void> }) {
  const problems = useFormErrors();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found: Record<string, string> = {};
    if (!data.get('username')) found.username = 'Nama pengguna wajib diisi.';
    const email = String(data.get('email') ?? '');
    if (!email) found.email = 'wajib diisi';
    else if (!email.includes('@')) found.email = 'Alamat email tidak valid';
    if (!problems.check(found)) return;
    try {
      await send();
    } catch (error) {
      problems.failed(error, error instanceof Error ? error.message : 'gagal');
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <ErrorSummary errors={problems.errors} fields={FIELDS} message={problems.message} attempt={problems.attempt} />
      <TextInput
        id="f-username"
        name="username"
        label="Nama pengguna"
        error={problems.errors.username}
        onChange={() => problems.clear('username')}
      />
      <TextInput
        id="f-email"
        name="email"
        label="Email"
        error={problems.errors.email}
        // Checked as it is left too, as the official document's NIP is.
        onBlur={(e) => {
          if (e.currentTarget.value && !e.currentTarget.value.includes('@')) {
            problems.mark('email', 'Alamat email tidak valid');
          }
        }}
      />
      <Button type="submit">Simpan</Button>
    </form>
  );
}

const renderForm = (send: () => Promise<void> = async () => undefined) =>
  render(
    <MantineProvider>
      <Formulir send={send} />
    </MantineProvider>,
  );

describe('the form pattern (ui/form)', () => {
  it('marks every empty field with its message and focuses a summary that links to them', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByText('Periksa isian berikut:')).toBeTruthy();
    // Each field named once, with its own message.
    const links = within(summary).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Nama pengguna wajib diisi.', 'Email: wajib diisi']);

    const username = screen.getByLabelText('Nama pengguna');
    const email = screen.getByLabelText('Email');
    for (const input of [username, email]) expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = username.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ').find((id) => id.endsWith('-error')) ?? '')?.textContent).toBe(
      'Nama pengguna wajib diisi.',
    );

    await userEvent.click(links[1] as HTMLElement);
    expect(document.activeElement).toBe(email);
  });

  it('takes the focus again on every failed submit, and a fixed field loses its mark', async () => {
    renderForm();
    const submit = screen.getByRole('button', { name: 'Simpan' });
    fireEvent.click(submit);
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await userEvent.type(screen.getByLabelText('Nama pengguna'), 'budi');
    expect(screen.getByLabelText('Nama pengguna').getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Email: wajib diisi']);
  });

  it('maps the server’s 400 to the fields, and says a failure naming no field as the server said it', async () => {
    const refusal = new ApiError(400, 'VALIDATION_ERROR', 'Data tidak valid: Email Alamat email tidak valid.', [
      { field: 'body.email', path: 'email', name: 'email', label: 'Email', message: 'Alamat email tidak valid' },
      { field: 'body.catatan', path: 'catatan', name: 'catatan', label: 'Catatan', message: 'terlalu panjang' },
    ]);
    let answer: Error = refusal;
    renderForm(async () => {
      throw answer;
    });
    await userEvent.type(screen.getByLabelText('Nama pengguna'), 'budi');
    await userEvent.type(screen.getByLabelText('Email'), 'budi@');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe('Email: Alamat email tidak valid');
    // A field the form does not show is named in words, not as a path.
    expect(within(summary).getByText('Catatan: terlalu panjang')).toBeTruthy();
    expect(summary.textContent).not.toMatch(/body\./);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    answer = new ApiError(409, 'CONFLICT', 'Data telah diubah pengguna lain. Muat ulang.');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Data telah diubah pengguna lain/));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
    // Nothing to check in the form: the failure is said alone, not under "Periksa isian berikut:".
    expect(screen.getByRole('alert').textContent).toBe('Data telah diubah pengguna lain. Muat ulang.');
  });

  it('marks a field checked as it is left on its own; the summary lists it once a submit fails', async () => {
    renderForm();
    const email = screen.getByLabelText('Email');
    await userEvent.type(email, 'budi');
    await userEvent.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).not.toBe(email);

    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Nama pengguna wajib diisi.', 'Email: Alamat email tidak valid']);
  });

  it('reads the details of an older server (field only) by the path inside the body', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'x', [{ field: 'body.penandatangan.0.nip', message: 'salah' }]);
    expect(serverFieldErrors(error)).toEqual({ 'penandatangan.0.nip': 'salah' });
    expect(serverFieldErrors(new ApiError(500, 'INTERNAL', 'x', [{ field: 'body.a', message: 'b' }]))).toEqual({});
  });

  it('reads a refusal that names one field only by the error’s own message (the password policy, an OTP code)', () => {
    const policy = new ApiError(400, 'PASSWORD_POLICY', 'Kata sandi minimal 12 karakter.', { field: 'newPassword' });
    expect(serverFieldErrors(policy)).toEqual({ newPassword: 'Kata sandi minimal 12 karakter.' });
    expect(serverFieldErrors(new ApiError(400, 'X', 'salah', { field: 'body.code' }))).toEqual({ code: 'salah' });
    // Details that name no field are no field's.
    expect(serverFieldErrors(new ApiError(400, 'X', 'salah', { reason: 'x' }))).toEqual({});
    expect(serverFieldErrors(new ApiError(409, 'X', 'salah', { field: 'code' }))).toEqual({});
  });
});
