// Issue #7: the layout builder's settings persist across a reload, a corrupt stored config falls
// back to the defaults (spec §4), and a 390 px phone gets the drawer and a usable screen.

import { expect, type Page, test } from '@playwright/test';
import { STORAGE_KEYS } from '@portal/contract';
import { MENU, signIn } from './helpers';

const layout = (page: Page) => page.locator('.portal-layout');
const storedConfig = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.layoutConfig);

async function noHorizontalScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('builder settings are previewed live, saved, and kept across a reload', async ({ page }) => {
  await signIn(page, 'verifikator.cpns');
  await page.getByRole('button', { name: /^Menu pengguna: / }).click();
  await page.getByRole('link', { name: 'Pengaturan Tampilan' }).click();
  await expect(page).toHaveURL(/\/builder$/);
  await expect(page.getByRole('heading', { name: 'Pengaturan Tampilan', level: 1 })).toBeVisible();

  await page.getByRole('switch', { name: /Perkecil aside/ }).click();
  await expect(layout(page)).toHaveAttribute('data-aside-minimized', '');
  await page.getByRole('switch', { name: 'Footer tetap di bawah layar' }).click();
  await page.getByText('Menu tarik-turun').click();
  await page.getByRole('radio', { name: 'Ungu' }).check();
  expect(await storedConfig(page)).toBeNull();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Pengaturan tampilan disimpan.')).toBeVisible();

  await page.reload();
  await expect(layout(page)).toHaveAttribute('data-aside-minimized', '');
  await expect(layout(page)).toHaveAttribute('data-footer-fixed', '');
  await expect(page.getByRole('switch', { name: /Perkecil aside/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Ungu' })).toBeChecked();
  // The primary colour reached the theme: the "Simpan" button is grape, not BKN blue.
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );
  expect(primary).not.toBe('');
  expect(primary.toLowerCase()).not.toContain('0b5fa5');

  // Minimised aside: a section's links open on hover, beside the icon, inside the menu.
  const section = page.locator(MENU).getByRole('button', { name: 'Verifikasi CPNS' });
  await section.hover();
  const link = page.locator(MENU).getByRole('link', { name: 'Verifikasi', exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/cpns\/verifikasi$/);

  // The dropdown user panel replaced the offcanvas.
  await page.getByRole('button', { name: /^Menu pengguna: / }).click();
  await expect(page.getByRole('menuitem', { name: 'Pengaturan Tampilan' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Pengaturan Tampilan' }).click();

  await page.getByRole('button', { name: 'Kembalikan ke bawaan' }).click();
  expect(await storedConfig(page)).toBeNull();
  await page.reload();
  await expect(layout(page)).not.toHaveAttribute('data-aside-minimized', '');
});

test('a corrupt stored layout config falls back to the defaults and is removed', async ({ page }) => {
  await signIn(page, 'verifikator.cpns');
  await page.evaluate((key) => localStorage.setItem(key, '{"header": rusak'), STORAGE_KEYS.layoutConfig);
  await page.reload();
  await expect(page.locator(MENU).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(layout(page)).toHaveAttribute('data-header-fixed-desktop', '');
  await expect(layout(page)).toHaveAttribute('data-aside', '');
  await expect(layout(page)).toHaveAttribute('data-content', 'fluid');
  expect(await storedConfig(page)).toBeNull();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the aside is a drawer and the screens fit the width', async ({ page }) => {
    await signIn(page, 'verifikator.cpns');
    await expect(page.locator(MENU)).toHaveCount(0);
    await noHorizontalScroll(page);

    await page.getByRole('button', { name: 'Buka menu navigasi' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.locator(MENU).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await drawer.locator(MENU).getByRole('link', { name: 'Verifikasi', exact: true }).click();
    await expect(page).toHaveURL(/\/cpns\/verifikasi$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Verifikasi' })).toBeVisible();
    await noHorizontalScroll(page);

    await page.goto('/builder');
    await expect(page.getByRole('button', { name: 'Simpan' })).toBeVisible();
    await noHorizontalScroll(page);
  });
});
