// The layout builder (issue #7): every change is previewed live by the layout, only "Simpan"
// stores it, "Kembalikan ke bawaan" forgets it, and leaving with unsaved changes asks first.

import { STORAGE_KEYS } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuth } from '../../auth/authStore';
import { initLayoutConfig } from '../../layout/layoutConfig';
import { menuEntry, principal } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { signIn } from '../../test/signIn';
import { clearToasts } from '../../ui/toast';

const layout = () => document.querySelector('.portal-layout') as HTMLElement;
const dashboardLink = () =>
  within(screen.getByRole('navigation', { name: 'Menu utama' })).getByRole('link', { name: 'Dashboard' });
const stored = () => localStorage.getItem(STORAGE_KEYS.layoutConfig);

beforeEach(async () => {
  initLayoutConfig();
  await signIn(principal({ menus: [menuEntry('/cpns/verifikasi', 'Verifikasi', 'Verifikasi CPNS')] }));
});

afterEach(() => {
  clearAuth();
  clearToasts();
  vi.unstubAllGlobals();
});

describe('layout builder', () => {
  it('previews a change live without storing it, then "Simpan" stores it', async () => {
    const user = userEvent.setup();
    renderApp('/builder');
    const minimize = await screen.findByRole('switch', { name: /Perkecil aside/ });
    expect(layout().hasAttribute('data-aside-minimized')).toBe(false);

    await user.click(minimize);
    expect(layout().hasAttribute('data-aside-minimized')).toBe(true);
    expect(stored()).toBeNull();
    expect(screen.getByText('Ada perubahan yang belum disimpan.')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Footer tetap di bawah layar' }));
    await user.click(screen.getByRole('radio', { name: 'Menu tarik-turun' }));
    await user.click(screen.getByRole('radio', { name: 'Ungu' }));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    expect(JSON.parse(stored() ?? 'null')).toMatchObject({
      aside: { minimize: true },
      footer: { fixed: true },
      extras: { userPanel: 'dropdown' },
      primaryColor: 'grape',
    });
    expect(await screen.findByText('Pengaturan tampilan disimpan.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Simpan' }).hasAttribute('disabled')).toBe(true);
  });

  it('"Kembalikan ke bawaan" removes the stored configuration', async () => {
    const user = userEvent.setup();
    renderApp('/builder');
    await user.click(await screen.findByRole('switch', { name: 'Tampilkan subheader' }));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(stored()).not.toBeNull();
    expect(layout().querySelector('.portal-subheader')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Kembalikan ke bawaan' }));
    expect(stored()).toBeNull();
    expect(layout().querySelector('.portal-subheader')).not.toBeNull();
    expect((screen.getByRole('switch', { name: 'Tampilkan subheader' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a fixed subheader needs a fixed desktop header (spec §4)', async () => {
    const user = userEvent.setup();
    renderApp('/builder');
    await user.click(await screen.findByRole('switch', { name: /^Subheader tetap/ }));
    expect(layout().hasAttribute('data-subheader-fixed')).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Header tetap di desktop' }));
    const subheaderFixed = screen.getByRole('switch', { name: /^Subheader tetap/ }) as HTMLInputElement;
    expect(subheaderFixed.checked).toBe(false);
    expect(subheaderFixed.disabled).toBe(true);
    expect(layout().hasAttribute('data-subheader-fixed')).toBe(false);
  });

  it('asks before leaving with unsaved changes; leaving drops the draft', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/builder');
    await user.click(await screen.findByRole('switch', { name: /Perkecil aside/ }));

    await user.click(dashboardLink());
    expect(await screen.findByText('Tinggalkan halaman ini?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Tetap di sini' }));
    expect(router.state.location.pathname).toBe('/builder');

    fireEvent.click(dashboardLink());
    await user.click(await screen.findByRole('button', { name: 'Tinggalkan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(layout().hasAttribute('data-aside-minimized')).toBe(false);
    expect(stored()).toBeNull();
  });
});
