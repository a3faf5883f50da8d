// Tambah Pengguna with the form pattern (issue #32), stubbed at the HTTP boundary: an empty submit
// marks every field and focuses the summary, Batal closes, roles are grouped under readable names
// (the list's badges too), and the server's refusal lands on its field in words.

import type { PenggunaRow } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { clearAuth } from '../../auth/authStore';
import { jsonResponse, menuEntry, principal } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';

afterEach(() => {
  clearAuth();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ROW: PenggunaRow = {
  id: 7,
  username: 'budi.verif',
  fullname: 'Budi Santoso',
  email: 'budi@uji.go.id',
  instansi: { id: 3, kode: '4001', nama: 'Kementerian Uji' },
  roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_PPPK'],
  active: true,
  totpEnabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  version: 1,
  bisaDiubah: true,
};

/** The server: the options, the list, and `create` answering the form's POST. */
function stubServer(create: (body: unknown) => Response = () => jsonResponse(500, {})) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path.endsWith('/admin/pengguna/options')) {
      return jsonResponse(200, {
        roles: ['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_CPNS', 'ROLE_VERIFIKATOR_PPPK', 'ROLE_SUPERVISOR_PPPK'],
        instansi: [
          { id: 3, kode: '4001', nama: 'Kementerian Uji' },
          { id: 4, kode: '4002', nama: 'Badan Uji' },
        ],
      });
    }
    if (path.endsWith('/admin/pengguna/filter'))
      return jsonResponse(200, { data: [ROW], recordsTotal: 1, summaries: [] });
    if (path.endsWith('/admin/pengguna') && init?.method === 'POST') return create(JSON.parse(String(init.body)));
    return jsonResponse(200, {});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const superadmin = () =>
  principal({
    authorities: [{ authority: 'ROLE_SUPERADMIN' }],
    menus: [menuEntry('/admin/pengguna', 'Manajemen Pengguna', 'Administrasi')],
  });

/** Signs the super-admin in, stubs the server after (signIn stubs check-token) and opens the form. */
async function openForm(create?: (body: unknown) => Response) {
  await signIn(superadmin());
  const fetch = stubServer(create);
  renderApp('/admin/pengguna');
  const add = (await screen.findByRole('button', { name: 'Tambah Pengguna' })) as HTMLButtonElement;
  // Enabled once the options (roles, instansi) are in.
  await waitFor(() => expect(add.disabled).toBe(false));
  fireEvent.click(add);
  return { dialog: await screen.findByRole('dialog', { name: 'Tambah Pengguna' }), fetch };
}

describe('Tambah Pengguna says what is wrong (issue #32)', () => {
  it('marks every field on an empty submit and focuses a summary linking to them', async () => {
    const { dialog } = await openForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat Akun' }));
    const summary = await within(dialog).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Nama Pengguna wajib diisi.',
      'Nama Lengkap wajib diisi.',
      'Email wajib diisi.',
      'Instansi wajib dipilih.',
    ]);
    expect(summary.textContent).not.toMatch(/body\./);
    for (const label of ['Nama Pengguna', 'Nama Lengkap', 'Email']) {
      expect(
        within(dialog)
          .getByRole('textbox', { name: new RegExp(label) })
          .getAttribute('aria-invalid'),
      ).toBe('true');
    }
    expect(
      within(dialog)
        .getByRole('combobox', { name: /Instansi/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    await userEvent.click(within(summary).getByRole('link', { name: 'Email wajib diisi.' }));
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /Email/ }));
  });

  it('checks what is typed with the contract’s rules before sending', async () => {
    const { dialog, fetch } = await openForm();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nama Pengguna/ }), 'Budi Besar');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nama Lengkap/ }), 'Bu');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'budi@');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat Akun' }));
    const summary = await within(dialog).findByRole('alert');
    expect(summary.textContent).toMatch(/Nama pengguna 3–100 karakter/);
    expect(summary.textContent).toMatch(/Nama lengkap minimal 3 karakter/);
    expect(summary.textContent).toMatch(/Alamat email tidak valid/);
    const created = fetch.mock.calls.filter(
      ([url, init]) => String(url).endsWith('/admin/pengguna') && (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(created).toEqual([]);
  });

  it('has Batal, which closes the dialog without sending', async () => {
    const { dialog } = await openForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tambah Pengguna' })).toBeNull());
  });

  it('groups the roles by track under readable names, as the list names them', async () => {
    const { dialog } = await openForm();
    const cpns = within(dialog).getByRole('group', { name: 'Peran CPNS' });
    expect(
      within(cpns)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['ROLE_VERIFIKATOR_CPNS', 'ROLE_SUPERVISOR_CPNS']);
    expect(within(cpns).getByRole('checkbox', { name: 'Verifikator CPNS' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Peran PPPK Teknis' })).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/ROLE_|VERIFIKATOR CPNS/);
    const table = screen.getByRole('table');
    expect(within(table).getByText('Supervisor PPPK Teknis')).toBeTruthy();
  });

  it('puts the server’s refusal on its field, in words', async () => {
    const { dialog } = await openForm(() =>
      jsonResponse(400, {
        error: 'VALIDATION_ERROR',
        message: 'Data tidak valid: Email sudah dipakai akun lain.',
        details: [
          { field: 'body.email', path: 'email', name: 'email', label: 'Email', message: 'sudah dipakai akun lain' },
        ],
      }),
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nama Pengguna/ }), 'budi.baru');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nama Lengkap/ }), 'Budi Baru');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'budi@uji.go.id');
    const instansi = within(dialog).getByRole('combobox', { name: /Instansi/ });
    await userEvent.click(instansi);
    const listbox = await waitFor(() => {
      const element = document.getElementById(instansi.getAttribute('aria-controls') ?? '');
      if (!element) throw new Error('daftar instansi belum terbuka');
      return element;
    });
    await userEvent.click(within(listbox).getByRole('option', { name: 'Badan Uji', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat Akun' }));
    const summary = await within(dialog).findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe('Email: sudah dipakai akun lain');
    expect(within(dialog).getByRole('textbox', { name: /Email/ }).getAttribute('aria-invalid')).toBe('true');
  });
});
