// Issue #2: the route guard of spec §2/§4, unknown routes, and the splash's page-loaded marker.
import { expect, test } from '@playwright/test';
import { MENU, signIn } from './helpers.js';

test('an unauthorised page shows the spec §8 toast and lands on /dashboard', async ({ page }) => {
  await signIn(page, 'verifikator.cpns');
  await page.goto('/cpns/supervisi');
  await expect(page.getByText('Anda tidak berhak akses halaman /cpns/supervisi')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a detail page inherits the permission of its list page', async ({ page }) => {
  await signIn(page, 'verifikator.cpns');
  await page.goto('/cpns/verifikasi/detail?id=1');
  await expect(page).toHaveURL(/\/cpns\/verifikasi\/detail\?id=1$/);
  await page.goto('/cpns/supervisi/detail?id=1');
  await expect(page.getByText('Anda tidak berhak akses halaman /cpns/supervisi/detail')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a menu link opens its page with title and breadcrumb', async ({ page }) => {
  await signIn(page, 'supervisor.nakes');
  await page.locator(MENU).getByRole('link', { name: 'Jawab Sanggah Nilai' }).click();
  // The page itself; the list may add its opening filter (open objections first, issue #32) to the query.
  await expect(page).toHaveURL(/\/nakes\/sanggah-nilai(\?.*)?$/);
  await expect(page.getByRole('heading', { name: 'Jawab Sanggah Nilai' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: /breadcrumb/i }).or(page.locator('.mantine-Breadcrumbs-root')),
  ).toContainText('PPPK Tenaga Kesehatan');
});

test('a track root shows the user’s entries of that track as cards', async ({ page }) => {
  await signIn(page, 'operator.multi');
  await page.goto('/pppk');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'PPPK Teknis', level: 1 })).toBeVisible();
  const cards = await main
    .locator('a[href^="/"]:not([href="/dashboard"])')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  // Only operator.multi's PPPK Teknis pages: no CPNS or Nakes entry, and not the Guru role it lacks the flag for.
  expect(cards.sort()).toEqual(
    [
      '/pppk/rekap-nonasn',
      '/pppk/rekap-supervisi',
      '/pppk/sanggah',
      '/pppk/sanggah-afirmasi',
      '/pppk/supervisi',
      // Issue #34: the supervisor's quality of verification.
      '/pppk/mutu-verifikasi',
    ].sort(),
  );
});

test('an unknown URL lands on /error/404 with a way back', async ({ page }) => {
  await page.goto('/halaman/yang-tidak-ada');
  await expect(page).toHaveURL(/\/error\/404$/);
  await expect(page.getByText('Halaman tidak ditemukan')).toBeVisible();
  await expect(
    page.getByRole('link', { name: /Kembali/ }).or(page.getByRole('button', { name: /Kembali/ })),
  ).toBeVisible();
});

test('without a session the main area sends the user to /auth/login', async ({ page }) => {
  await page.goto('/cpns/verifikasi');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the splash shows the version, then body gets page-loaded', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.locator('body')).toHaveClass(/page-loaded/);
  await expect(page.locator('#splash')).toBeHidden();
  const html = await (await page.request.get('/auth/login')).text();
  expect(html).toContain('version 20240820-0001');
});
