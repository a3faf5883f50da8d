import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuth } from '../auth/authStore';
import { menuEntry, principal } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { signIn } from '../test/signIn';

afterEach(() => {
  clearAuth();
  vi.unstubAllGlobals();
});

describe('aside menu (spec §2)', () => {
  it('links exactly Dashboard and the principal’s menu pages, grouped under section headings', async () => {
    const menus = [
      menuEntry('/cpns/verifikasi', 'Verifikasi', 'Verifikasi CPNS'),
      menuEntry('/cpns/rekap-verifikasi', 'Rekap Verifikasi', 'Verifikasi CPNS'),
      menuEntry('/pppk/sanggah', 'PPPK Teknis', 'Jawab Sanggah'),
      menuEntry('/pppk/rekap-nonasn', 'Data Non ASN', 'Rekap Non ASN'),
    ];
    await signIn(principal({ menus }));
    renderApp('/cpns/verifikasi');

    const nav = await screen.findByRole('navigation', { name: 'Menu utama' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/dashboard', ...menus.map((m) => m.page)]);

    const headings = within(nav)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(headings).toEqual(['Verifikasi CPNS', 'Jawab Sanggah', 'Rekap Non ASN']);
    expect(within(nav).getByRole('link', { name: 'Verifikasi' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows only the Dashboard link for a principal without menus', async () => {
    await signIn(principal({ menus: [] }));
    renderApp('/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Menu utama' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboard']);
  });
});
