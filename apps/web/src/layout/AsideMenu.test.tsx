import { STORAGE_KEYS } from '@portal/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuth } from '../auth/authStore';
import { jsonResponse, menuEntry, principal } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { signIn } from '../test/signIn';
import { defaultLayoutConfig, initLayoutConfig } from './layoutConfig';

afterEach(() => {
  vi.useRealTimers();
  initLayoutConfig();
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
    // The queue's list call leaves from the route's loader, before the screen renders.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { data: [], recordsTotal: 0, summaries: [] })),
    );
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

  it('minimised, a section opens on hover and closes 500 ms after the pointer leaves (spec §9)', async () => {
    const minimized = { ...defaultLayoutConfig(), aside: { display: true, fixed: true, minimize: true } };
    localStorage.setItem(STORAGE_KEYS.layoutConfig, JSON.stringify(minimized));
    initLayoutConfig();
    await signIn(principal({ menus: [menuEntry('/cpns/verifikasi', 'Verifikasi', 'Verifikasi CPNS')] }));
    renderApp('/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Menu utama' });
    const toggle = within(nav).getByRole('button', { name: 'Verifikasi CPNS' });
    const group = toggle.parentElement as HTMLElement;
    const flyout = () => nav.querySelector('.portal-aside-flyout') as HTMLElement;
    expect(flyout().hidden).toBe(true);

    vi.useFakeTimers();
    fireEvent.mouseEnter(group);
    expect(flyout().hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Verifikasi' }).getAttribute('href')).toBe('/cpns/verifikasi');

    fireEvent.mouseLeave(group);
    act(() => vi.advanceTimersByTime(499));
    expect(flyout().hidden).toBe(false);
    fireEvent.mouseEnter(group);
    fireEvent.mouseLeave(group);
    act(() => vi.advanceTimersByTime(499));
    expect(flyout().hidden).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(flyout().hidden).toBe(true);

    fireEvent.click(toggle);
    expect(flyout().hidden).toBe(false);
    fireEvent.keyDown(toggle, { key: 'Escape' });
    expect(flyout().hidden).toBe(true);
  });
});
