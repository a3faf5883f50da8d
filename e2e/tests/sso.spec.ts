// Issue #6: single sign-on in the browser. "Masuk dengan SSO" against the embedded provider gives
// the same menu as the local form; signing out ends both sessions, and a sign-out at the provider
// ends the portal's at the next session check; an unmodified keycloak-js signs in, calls the API,
// refreshes, reads userinfo and the account profile and signs out against the embedded provider
// (its Keycloak path layout, issue #21).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, STORAGE_KEYS } from '@portal/contract';
import { menuHrefs, signIn } from './helpers.js';

const REALM = '/realms/public';

/** "Masuk dengan SSO" → the provider's Indonesian form → back to the portal's dashboard. */
async function ssoSignIn(page: Page, username: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Masuk dengan SSO' }).click();
  await expect(page).toHaveURL(new RegExp(`${REALM}/login-actions/`));
  await expect(page.getByRole('heading', { name: 'Masuk dengan akun portal' })).toBeVisible();
  await page.getByLabel('Nama Pengguna').fill(username);
  await page.getByLabel('Kata Sandi').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: /^Menu pengguna: / })).toBeVisible();
}

test('"Masuk dengan SSO" shows the same menu as the username/password form', async ({ page, browser }) => {
  await signIn(page, 'operator.multi');
  const local = await menuHrefs(page);
  expect(local.length).toBeGreaterThan(3);

  const context = await browser.newContext();
  const sso = await context.newPage();
  const authorize = sso.waitForRequest((request) => request.url().includes(`${REALM}/protocol/openid-connect/auth?`));
  await ssoSignIn(sso, 'operator.multi');
  // spec §9: code + PKCE S256, state and nonce of 36 characters (the verifier, 96, stays in the browser).
  const params = new URL((await authorize).url()).searchParams;
  expect(params.get('response_type')).toBe('code');
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('state')).toHaveLength(36);
  expect(params.get('nonce')).toHaveLength(36);
  expect(await menuHrefs(sso)).toEqual(local);
  // The session is the identity service's token, and data calls carry it.
  const token: string = await sso.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}').accessToken,
    STORAGE_KEYS.session,
  );
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  expect(claims.iss).toMatch(new RegExp(`${REALM}$`));
  const calls: (string | null)[] = [];
  sso.on('request', (request) => {
    if (request.url().includes('/api/cpns/')) calls.push(request.headers().authorization ?? null);
  });
  await sso.goto('/cpns/verifikasi');
  await expect.poll(() => calls.length).toBeGreaterThan(0);
  expect(calls.every((header) => header?.startsWith('Bearer ey'))).toBe(true);
  await context.close();
});

test('signing out of the portal ends the provider session too', async ({ page }) => {
  await ssoSignIn(page, 'admin.guru');
  await page.getByRole('button', { name: /^Menu pengguna: / }).click();
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
  // The provider asks for the password again: its session is over.
  await page.getByRole('button', { name: 'Masuk dengan SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Masuk dengan akun portal' })).toBeVisible();
});

test('signing out at the provider ends the portal session at the next session check', async ({ page, context }) => {
  await ssoSignIn(page, 'monitor.nakes');
  const provider = await context.newPage();
  await provider.goto(`${REALM}/protocol/openid-connect/logout`);
  await provider.getByRole('button', { name: 'Ya, keluar' }).click();
  await expect(provider.getByRole('heading', { name: 'Anda sudah keluar' })).toBeVisible();
  // Session check every 5 s (spec §9).
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 15_000 });
  await expect(page.getByText('Anda telah keluar dari layanan SSO. Silakan masuk kembali.')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
});

test('an unmodified keycloak-js (login-required) signs in, calls the API, refreshes, reads userinfo and the account profile, and signs out', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const require = createRequire(import.meta.url);
  const adapter = readFileSync(require.resolve('keycloak-js'), 'utf8');
  // Issue #21: the client as the seed's Angular app configures it through keycloak-angular —
  // url = the portal's origin, realm public, client verifikasi, PKCE S256, login required.
  const testPage = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>keycloak-js</title></head>
<body><output id="status">memuat</output>
<script type="module">
import Keycloak from '/kc-test/keycloak.js';
const keycloak = new Keycloak({ url: location.origin, realm: 'public', clientId: 'verifikasi' });
window.keycloak = keycloak;
const redirectUri = location.origin + '/kc-test/index.html';
window.redirectUri = redirectUri;
const authenticated = await keycloak.init({ onLoad: 'login-required', pkceMethod: 'S256', redirectUri, checkLoginIframeInterval: 2 });
document.getElementById('status').textContent = authenticated ? 'masuk:' + keycloak.tokenParsed.preferred_username : 'tamu';
</script></body></html>`;
  // The test serves the page (and the adapter from node_modules) itself, on the portal's origin.
  await page.route('**/kc-test/**', (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.endsWith('/keycloak.js')) {
      return route.fulfill({ contentType: 'text/javascript', body: adapter });
    }
    return route.fulfill({ contentType: 'text/html', body: testPage });
  });

  // Playwright serves a routed URL only when it is requested first, not when a server redirect
  // leads to it; so every redirect of the provider is replayed as a fresh navigation.
  const scopes: (string | null)[] = [];
  await page.route(`**${REALM}/**`, async (route) => {
    if (!route.request().isNavigationRequest()) return route.continue();
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/protocol/openid-connect/auth')) scopes.push(url.searchParams.get('scope'));
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers().location;
    if (response.status() >= 300 && response.status() < 400 && location) {
      const target = new URL(location, route.request().url()).toString().replaceAll('"', '%22');
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!DOCTYPE html><meta http-equiv="refresh" content="0;url=${target}">`,
      });
    }
    return route.fulfill({ response });
  });

  // init({ onLoad: 'login-required' }) goes straight to the provider's form.
  await page.goto(`${baseURL}/kc-test/index.html`);
  await expect(page.getByRole('heading', { name: 'Masuk dengan akun portal' })).toBeVisible();
  await page.getByLabel('Nama Pengguna').fill('verifikator.cpns');
  await page.getByLabel('Kata Sandi').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.locator('#status')).toHaveText('masuk:verifikator.cpns');
  // keycloak-js asks for `openid` alone; the default client scopes come with it, as in Keycloak.
  expect(scopes[0]).toBe('openid');

  type Kc = {
    authenticated: boolean;
    token: string;
    sessionId: string;
    subject: string;
    tokenParsed: Record<string, unknown>;
    idTokenParsed: Record<string, unknown>;
    updateToken(s: number): Promise<boolean>;
    loadUserInfo(): Promise<Record<string, unknown>>;
    loadUserProfile(): Promise<Record<string, unknown>>;
  };
  const before = await page.evaluate(() => {
    const kc = (window as unknown as { keycloak: Kc }).keycloak;
    return {
      authenticated: kc.authenticated,
      token: kc.token,
      sessionId: kc.sessionId,
      subject: kc.subject,
      scope: kc.tokenParsed.scope,
      roles: (kc.tokenParsed.realm_access as { roles?: string[] } | undefined)?.roles,
      idName: kc.idTokenParsed.name,
    };
  });
  expect(before.authenticated).toBe(true);
  expect(before.sessionId).toBeTruthy();
  expect(String(before.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
  expect(before.roles).toContain('ROLE_VERIFIKATOR_CPNS');
  expect(before.idName).toEqual(expect.any(String));

  // The app's API call with keycloak-js's token.
  const apiCall = (token: string) =>
    page.evaluate(async (t) => {
      const res = await fetch('/api/auth/check-token', { headers: { authorization: `Bearer ${t}` } });
      const body = await res.json();
      return { status: res.status, username: body?.mapData?.data?.username };
    }, token);
  expect(await apiCall(before.token)).toEqual({ status: 200, username: 'verifikator.cpns' });

  // The login-status iframe (checked every 2 s here) keeps saying "unchanged".
  await page.waitForTimeout(4500);
  const refreshed = await page.evaluate(async () => {
    const kc = (window as unknown as { keycloak: Kc }).keycloak;
    const done = await kc.updateToken(-1);
    return { done, authenticated: kc.authenticated, token: kc.token };
  });
  expect(refreshed).toMatchObject({ done: true, authenticated: true });
  expect(refreshed.token).not.toBe(before.token);
  // The refreshed token opens the portal's API too.
  expect(await apiCall(refreshed.token)).toEqual({ status: 200, username: 'verifikator.cpns' });

  const userInfo = await page.evaluate(() => (window as unknown as { keycloak: Kc }).keycloak.loadUserInfo());
  expect(userInfo).toMatchObject({
    sub: before.subject,
    preferred_username: 'verifikator.cpns',
    name: expect.any(String),
    given_name: expect.any(String),
    email: expect.stringContaining('@'),
    email_verified: true,
  });
  const profile = await page.evaluate(() => (window as unknown as { keycloak: Kc }).keycloak.loadUserProfile());
  expect(profile).toMatchObject({
    id: before.subject,
    username: 'verifikator.cpns',
    email: userInfo.email,
    firstName: userInfo.given_name,
    emailVerified: true,
    attributes: {},
  });

  await page.evaluate(() => {
    const w = window as unknown as { keycloak: { logout(o: object): Promise<void> }; redirectUri: string };
    void w.keycloak.logout({ redirectUri: w.redirectUri });
  });
  // Back on the page, the second init (login required) finds no provider session: the password
  // is asked for again.
  await expect(page).toHaveURL(new RegExp(`${REALM}/login-actions/`));
  await expect(page.getByRole('heading', { name: 'Masuk dengan akun portal' })).toBeVisible();
  await expect(page.getByLabel('Kata Sandi')).toHaveValue('');
});

/** Rewrites the OIDC client's stored user (its tokens) in localStorage. */
async function editOidcUser(page: Page, edit: string): Promise<void> {
  await page.evaluate(
    ({ prefix, edit }) => {
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith(`${prefix}user:`)) continue;
        const user = JSON.parse(localStorage.getItem(key) ?? '{}');
        if (edit === 'expire') user.expires_at = Math.floor(Date.now() / 1000) - 1;
        if (edit === 'break-refresh') {
          user.expires_at = Math.floor(Date.now() / 1000) - 1;
          user.refresh_token = 'tidak-berlaku';
        }
        localStorage.setItem(key, JSON.stringify(user));
      }
    },
    { prefix: STORAGE_KEYS.oidcPrefix, edit },
  );
}

const storedToken = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').accessToken ?? null, STORAGE_KEYS.session);

test('an SSO session survives a reload, refreshing an expiring access token before the first call', async ({
  page,
}) => {
  await ssoSignIn(page, 'checker.pppk');
  const before = await storedToken(page);
  await editOidcUser(page, 'expire');
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: /^Menu pengguna: / })).toBeVisible();
  const after = await storedToken(page);
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
});

test('a refused refresh (400) clears the tokens and goes back to sign-in', async ({ page }) => {
  await ssoSignIn(page, 'admin.pppk');
  await editOidcUser(page, 'break-refresh');
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await storedToken(page)).toBeNull();
  const oidcUsers = await page.evaluate(
    (prefix) => Object.keys(localStorage).filter((key) => key.startsWith(`${prefix}user:`)),
    STORAGE_KEYS.oidcPrefix,
  );
  expect(oidcUsers).toEqual([]);
});
