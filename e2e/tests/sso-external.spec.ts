// Issue #21 in the browser: a portal configured with OIDC_ISSUER works against an identity service
// that is not itself — scripts/external-idp.mjs, a separate process with its own keys and users.
// "Masuk dengan SSO", an API call with its token, a refresh, sign-out; a user the provider knows
// but the portal does not is refused in Indonesian. A server of its own (fresh embedded database).

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { STORAGE_KEYS } from '@portal/contract';
import { freePort } from '../../scripts/pg-cluster.mjs';
import { E2E_JWT_SECRET } from '../playwright.config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IDP_PASSWORD = 'Sandi-Layanan-Luar-e2e-2024';
test.describe.configure({ mode: 'serial', retries: 0 });

let idp: ChildProcess;
let server: ChildProcess;
let issuer: string;
let base: string;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  idp = spawn(process.execPath, [path.join(root, 'scripts/external-idp.mjs')], {
    env: {
      ...process.env,
      IDP_PORT: '0',
      IDP_AUDIENCE: 'portal-verifikasi',
      IDP_CLIENT_ID: 'verifikasi',
      IDP_REDIRECT_URIS: `${base}/auth/callback,${base}/auth/login`,
      IDP_USERS: 'verifikator.cpns,orang.luar',
      IDP_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  issuer = await new Promise<string>((resolve, reject) => {
    createInterface({ input: idp.stdout as NodeJS.ReadableStream }).once('line', (line) =>
      resolve((JSON.parse(line) as { issuer: string }).issuer),
    );
    idp.once('exit', (code) => reject(new Error(`external-idp exited with ${code}`)));
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-sso-luar-'));
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'error',
      PUBLIC_URL: base,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'verifikasi',
      OIDC_AUDIENCE: 'portal-verifikasi',
      // Issue #35: no demo documents read here (this server tests something else; OCR would take a core).
      DEMO_DOKUMEN: '0',
      BACA_PEKERJA: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = () =>
    fetch(`${base}/api/health/ready`)
      .then((r) => r.ok)
      .catch(() => false);
  for (let i = 0; i < 1500; i++) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the portal with OIDC_ISSUER did not become ready');
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  idp?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: base })).newPage();
}

/** "Masuk dengan SSO" → the external service's own form → back to the portal. */
async function signInThere(page: Page, username: string) {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Masuk dengan SSO' }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await expect(page.getByRole('heading', { name: 'Layanan Identitas Instansi' })).toBeVisible();
  await page.getByLabel('Nama Pengguna').fill(username);
  await page.getByLabel('Kata Sandi').fill(IDP_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

const storedToken = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').accessToken ?? null, STORAGE_KEYS.session);

test('signs in at the external service, calls the API with its token, refreshes and signs out', async ({ browser }) => {
  test.setTimeout(150_000);
  const page = await newPage(browser);
  await signInThere(page, 'verifikator.cpns');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: /^Menu pengguna: / })).toBeVisible();

  const token: string = await storedToken(page);
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  expect(claims).toMatchObject({ iss: issuer, aud: 'portal-verifikasi', preferred_username: 'verifikator.cpns' });

  const calls: { auth: string | null; status: number }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/cpns/'))
      calls.push({ auth: response.request().headers().authorization ?? null, status: response.status() });
  });
  await page.goto('/cpns/verifikasi');
  await expect.poll(() => calls.length).toBeGreaterThan(0);
  expect(calls.every((call) => call.auth === `Bearer ${token}` && call.status === 200)).toBe(true);

  // An expiring access token is refreshed at the external service before the next call.
  await page.evaluate((prefix) => {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(`${prefix}user:`)) continue;
      const user = JSON.parse(localStorage.getItem(key) ?? '{}');
      user.expires_at = Math.floor(Date.now() / 1000) - 1;
      localStorage.setItem(key, JSON.stringify(user));
    }
  }, STORAGE_KEYS.oidcPrefix);
  const refresh = page.waitForRequest(
    (request) => request.url() === `${issuer}/protocol/openid-connect/token` && request.method() === 'POST',
  );
  await page.reload();
  expect((await refresh).postData()).toContain('grant_type=refresh_token');
  await expect(page.getByRole('button', { name: /^Menu pengguna: / })).toBeVisible();
  await expect.poll(() => storedToken(page)).not.toBe(token);

  // Sign-out ends the external service's session too: the next SSO sign-in asks for the password.
  await page.getByRole('button', { name: /^Menu pengguna: / }).click();
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(`${base}/auth/login`);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
  await page.getByRole('button', { name: 'Masuk dengan SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Layanan Identitas Instansi' })).toBeVisible();
});

test('a user the external service knows but the portal does not is refused in Indonesian', async ({ browser }) => {
  const page = await newPage(browser);
  const tokenResponse = page.waitForResponse(
    (response) => response.url() === `${issuer}/protocol/openid-connect/token` && response.status() === 200,
  );
  await signInThere(page, 'orang.luar');
  await expect(page.getByText('Akun SSO Anda tidak terdaftar atau tidak aktif di portal ini.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.session)).toBeNull();
  // The external service did sign the user in; the portal's API refuses its token.
  const { access_token: accessToken } = await (await tokenResponse).json();
  const check = await page.request.get('/api/auth/check-token', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(check.status()).toBe(401);
  expect((await check.json()).message).toBe('Akun Anda tidak terdaftar atau tidak aktif di portal ini.');
});
