import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '@portal/contract';

export const MENU = 'nav[aria-label="Menu utama"]';

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Nama Pengguna').fill(username);
  await page.getByLabel('Kata Sandi').fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The URL changes before the layout has drawn: wait for the header's user button (the menu
  // itself may be in the closed drawer on a phone).
  await expect(page.getByRole('button', { name: /^Menu pengguna: / })).toBeVisible();
}

export async function menuHrefs(page: Page): Promise<string[]> {
  return page.locator(`${MENU} a`).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}
