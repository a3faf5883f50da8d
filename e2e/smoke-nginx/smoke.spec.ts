// Issue #22: the portal as it runs for a country – two instances behind deploy/nginx.conf, no
// sticky sessions (scripts/smoke-nginx.mjs). Through nginx: the caching and compression it adds,
// sign-in, a verification decision with its documents opened, an export, SSO sign-in; and
// directly on each instance: a document instance A stored (its demo seed, into PostgreSQL) is
// read, byte for byte, from instance B, which never stored anything; and a large export asked of A
// is written by B's worker and downloaded from A (issue #33).

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, STORAGE_KEYS } from '@portal/contract';
import { signIn } from '../tests/helpers.js';

const INSTANCE_A = process.env.SMOKE_INSTANCE_A ?? 'http://127.0.0.1:3711';
const INSTANCE_B = process.env.SMOKE_INSTANCE_B ?? 'http://127.0.0.1:3712';

/** The XSRF pair a POST needs (double submit): the cookie a GET sets, repeated in the header. */
async function xsrfHeaders(request: APIRequestContext, base: string): Promise<Record<string, string>> {
  const health = await request.get(`${base}/api/health/live`);
  const xsrf = health.headers()['set-cookie']?.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
  expect(xsrf).not.toBe('');
  return { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
}

/** The signed-in page's access token (the SPA keeps its session in localStorage). */
const tokenOf = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').accessToken as string, STORAGE_KEYS.session);

test('nginx: hashed assets cached for a year and compressed, index.html and the service worker never cached', async ({
  request,
}) => {
  const index = await request.get('/', { headers: { 'accept-encoding': 'gzip, br' } });
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toContain('no-cache');
  const html = await index.text();
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script as string, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(['gzip', 'br']).toContain(asset.headers()['content-encoding']);
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toContain('no-cache');
  // /metrics is never served through the proxy.
  expect((await request.get('/metrics')).status()).toBe(404);
});

test('sign-in, a verification decision with its documents opened, and an export – through nginx', async ({ page }) => {
  await signIn(page, 'verifikator.rajaampat');
  await page.goto('/cpns/verifikasi');
  const documents: number[] = [];
  page.on('response', (response) => {
    if (/\/api\/cpns\/verifikator\/\d+\/dokumen\/\d+/.test(response.url())) documents.push(response.status());
  });
  await page.getByRole('button', { name: 'Buka berikutnya' }).click();
  await expect(page).toHaveURL(/\/cpns\/verifikasi\/detail\?id=\d+/);
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const count = await tabs.count();
  // The first document shows; the others open as each is checked ("s" marks it sesuai and moves on).
  await expect(page.getByTestId('document-viewer').locator('canvas, img').first()).toBeVisible();
  for (let index = 0; index < count; index += 1) await page.keyboard.press('s');
  await page.keyboard.press('m');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Keputusan tersimpan.')).toBeVisible();
  expect(documents.length).toBeGreaterThan(0);
  expect(documents.every((status) => status === 200)).toBe(true);

  // The verifier's own list, exported through nginx (streamed, not buffered).
  const token = await tokenOf(page);
  const exported = await page.request.post('/api/cpns/verifikator/export?mode=my-verifier', {
    // The browser's own XSRF cookie (sent by page.request), repeated in the header as the SPA does.
    headers: {
      authorization: `Bearer ${token}`,
      'x-xsrf-token': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
    },
    data: { format: 'xlsx', filter: {}, sorting: { column: 'id', direction: 'asc' }, searchTerm: '' },
  });
  expect(exported.status(), await exported.text()).toBe(200);
  expect(exported.headers()['content-disposition']).toContain('attachment');
  expect((await exported.body()).subarray(0, 2).toString()).toBe('PK'); // an .xlsx is a ZIP
});

test('a document stored through instance A is read, whole, from instance B', async ({ page, request }) => {
  await signIn(page, 'verifikator.rajaampat');
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.post(`${INSTANCE_B}/api/cpns/verifikator/filter`, {
    headers: { ...headers, ...(await xsrfHeaders(request, INSTANCE_B)) },
    data: { filter: {}, paginator: { page: 1, pageSize: 5 }, sorting: { column: 'id', direction: 'asc' } },
  });
  expect(list.status(), await list.text()).toBe(200);
  const rows = (await list.json()).data as { id: number }[];
  expect(rows.length).toBeGreaterThan(0);
  const id = rows[0]?.id;
  const detail = await request.get(`${INSTANCE_B}/api/cpns/verifikator/${id}`, { headers });
  expect(detail.status()).toBe(200);
  const dokumen = (await detail.json()).dokumen as { id: number }[];
  expect(dokumen.length).toBeGreaterThan(0);
  const path = `/api/cpns/verifikator/${id}/dokumen/${dokumen[0]?.id}`;
  const fromB = await request.get(`${INSTANCE_B}${path}`, { headers });
  const fromA = await request.get(`${INSTANCE_A}${path}`, { headers });
  expect(fromB.status()).toBe(200);
  expect(fromA.status()).toBe(200);
  const bytes = await fromB.body();
  expect(bytes.length).toBeGreaterThan(100);
  expect(bytes.equals(await fromA.body())).toBe(true);
});

test('a large export asked of instance A is written by instance B and downloaded from A (issue #33)', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin.cpns');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const asked = await request.post(`${INSTANCE_A}/api/cpns/admin/export`, {
    headers: { ...headers, ...(await xsrfHeaders(request, INSTANCE_A)) },
    data: { format: 'csv', filter: {}, sorting: { column: 'id', direction: 'asc' }, searchTerm: '' },
  });
  expect(asked.status(), await asked.text()).toBe(202);
  let job = await asked.json();
  await expect
    .poll(
      async () => {
        job = await (await request.get(`${INSTANCE_A}/api/ekspor/${job.id}`, { headers })).json();
        return job.status;
      },
      { timeout: 60_000 },
    )
    .toBe('SELESAI');
  const file = await request.get(`${INSTANCE_A}/api/ekspor/${job.id}/berkas`, { headers });
  expect(file.status()).toBe(200);
  const lines = (await file.text()).split('\r\n').filter(Boolean);
  expect(job.total).toBeGreaterThan(100);
  expect(lines).toHaveLength(job.total + 1);
});

test('SSO sign-in through nginx, and a sign-out on one instance ends the session on the other', async ({
  page,
  request,
}) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Masuk dengan SSO' }).click();
  await expect(page).toHaveURL(/\/realms\/public\/login-actions\//);
  await page.getByLabel('Nama Pengguna').fill('admin.rajaampat');
  await page.getByLabel('Kata Sandi').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: /^Menu pengguna: / })).toBeVisible();

  // The portal's own session, signed in on A and used on B until it is signed out on A.
  const onA = await xsrfHeaders(request, INSTANCE_A);
  const login = await request.post(`${INSTANCE_A}/api/auth/login`, {
    headers: onA,
    data: { username: 'supervisor.rajaampat', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  expect((await request.get(`${INSTANCE_B}/api/auth/check-token`, { headers })).status()).toBe(200);
  const logout = await request.post(`${INSTANCE_A}/api/auth/logout`, { headers: { ...headers, ...onA } });
  expect(logout.status()).toBe(204);
  await expect
    .poll(async () => (await request.get(`${INSTANCE_B}/api/auth/check-token`, { headers })).status(), {
      timeout: 1_000,
      intervals: [50],
    })
    .toBe(401);
});
