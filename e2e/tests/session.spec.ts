// Issue #2: the session of spec §4: survives a reload, ends on logout or on an expired token.

import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '@portal/contract';
import { SignJWT } from 'jose';
import { E2E_JWT_SECRET } from '../playwright.config.js';
import { MENU, signIn } from './helpers.js';

test('reload keeps the session', async ({ page }) => {
  await signIn(page, 'admin.guru');
  await page.goto('/pppk-guru/rekap-pelamar');
  await page.reload();
  await expect(page).toHaveURL(/\/pppk-guru\/rekap-pelamar$/);
  await expect(page.locator(MENU)).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Endang Purwanti');
});

test('logout removes the session and lands on /auth/login', async ({ page }) => {
  await signIn(page, 'monitor.nakes');
  const token = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}').accessToken,
    STORAGE_KEYS.session,
  );
  await page.getByRole('button', { name: 'Menu pengguna: Yohanes Manurung' }).click();
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user)).toBeNull();
  // The token is revoked on the server, not just forgotten by the browser.
  const check = await page.request.get('/api/auth/check-token', { headers: { authorization: `Bearer ${token}` } });
  expect(check.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('an expired token logs the user out at start', async ({ page }) => {
  await signIn(page, 'checker.pppk');
  await expireStoredToken(page);
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
});

/** The stored session's access token replaced by an expired copy of itself. */
async function expireStoredToken(page: import('@playwright/test').Page): Promise<void> {
  await page.evaluate(
    async ({ key, secret }) => {
      const session = JSON.parse(localStorage.getItem(key) ?? '{}');
      session.accessToken = secret;
      localStorage.setItem(key, JSON.stringify(session));
    },
    { key: STORAGE_KEYS.session, secret: await expiredCopy(page, STORAGE_KEYS.session) },
  );
}

/** The stored access token re-signed with an expiry in the past (same session, same user). */
async function expiredCopy(page: import('@playwright/test').Page, key: string): Promise<string> {
  const token: string = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '{}').accessToken, key);
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(claims.iss)
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

// Issue #33: on a repeat visit the page's code (the layout, the list and what its loader asks with)
// loads while the stored session is being checked, not after the check has answered.
test.describe('a reload with a stored session', () => {
  // Every script over the network, so each one is seen asked for (routing turns the cache off).
  test.use({ serviceWorkers: 'block' });

  test("loads the page's code while the session check is out", async ({ page }) => {
    await signIn(page, 'admin.guru');
    await page.goto('/pppk-guru/rekap-pelamar');
    await expect(page.getByRole('banner')).toContainText('Endang Purwanti');

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let checkAnswered = false;
    await page.route('**/auth/check-token', async (route) => {
      await held;
      await route.continue();
      checkAnswered = true;
    });
    const code = ['MainLayout', 'PelamarListPage', 'ListScreen'].map((chunk) =>
      page.waitForRequest(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), { timeout: 15_000 }),
    );
    const lists: string[] = [];
    page.on('request', (request) => {
      if (/\/admin\/filter$/.test(request.url())) lists.push(request.postData() ?? '');
    });
    await page.reload({ waitUntil: 'commit' });
    await Promise.all(code);
    expect(checkAnswered).toBe(false);
    expect(lists).toHaveLength(0);

    release();
    await expect(page.getByRole('banner')).toContainText('Endang Purwanti');
    await expect(page).toHaveURL(/\/pppk-guru\/rekap-pelamar$/);
    await expect(page.getByRole('table').locator('tbody tr:not(.portal-list-state)').first()).toBeVisible();
    // The loader's call and the screen's are one: the first page was asked for once.
    expect(lists).toHaveLength(1);
  });

  test('an expired token on a list page still ends at the sign-in page, without the list', async ({ page }) => {
    await signIn(page, 'admin.guru');
    await page.goto('/pppk-guru/rekap-pelamar');
    await expect(page.getByRole('banner')).toContainText('Endang Purwanti');
    await expireStoredToken(page);
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByLabel('Nama Pengguna')).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
  });
});
