// Issue #2: every demo account signs in through the UI and sees exactly the menu of spec §6.

import { expect, test } from '@playwright/test';
import { allowedPages, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET, demoMenuPrincipal } from '@portal/contract';
import { generate } from 'otplib';
import { MENU, menuHrefs, signIn } from './helpers.js';

for (const account of DEMO_ACCOUNTS.filter((a) => !a.totp)) {
  test(`${account.username} sees the menu of its roles`, async ({ page }) => {
    await signIn(page, account.username);
    const expected = allowedPages(demoMenuPrincipal(account)).map((e) => e.page);
    const hrefs = await menuHrefs(page);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect([...hrefs].sort()).toEqual(['/dashboard', ...expected].sort());
  });
}

test('verifikator.2fa is asked for its TOTP code and then signs in', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Nama Pengguna').fill('verifikator.2fa');
  await page.getByLabel('Kata Sandi').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  const otp = page.getByLabel('Kode OTP');
  await expect(otp).toBeVisible();
  await otp.fill('000000' === (await generate({ secret: DEMO_TOTP_SECRET })) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Kode OTP salah');
  await otp.fill(await generate({ secret: DEMO_TOTP_SECRET }));
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The URL changes before the layout has drawn (as in helpers.signIn): the menu first, then its links.
  await expect(page.locator(MENU)).toBeVisible();
  expect((await menuHrefs(page)).sort()).toEqual(['/cpns/rekap-verifikasi', '/cpns/verifikasi', '/dashboard']);
});

test('a wrong password shows an Indonesian error and keeps the form', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Nama Pengguna').fill('supervisor.pppk');
  await page.getByLabel('Kata Sandi').fill('bukan-sandinya');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Nama pengguna atau kata sandi salah.');
  await expect(page.getByLabel('Nama Pengguna')).toHaveValue('supervisor.pppk');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
