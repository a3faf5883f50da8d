// Issue #7: a new build deployed while the app is open is offered by the spec §4 toast and
// tapping it reloads into the new version; the service worker caches the app shell, never /api.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = E2E_PORT + 1;
const base = `http://127.0.0.1:${PORT}`;
const VERSION_B = '20240820-0002';

let tmp: string;
let live: string;
let distB: string;
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

async function startServer(): Promise<void> {
  server = spawn('node', [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: path.join(tmp, 'data'),
      WEB_DIST: live,
      LOG_LEVEL: 'warn',
      // Issue #35: no demo documents read here (this server tests something else; OCR would take a core).
      DEMO_DOKUMEN: '0',
      BACA_PEKERJA: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()).kill('SIGTERM'));
}

function deploy(dist: string): void {
  rmSync(live, { recursive: true, force: true });
  cpSync(dist, live, { recursive: true });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  tmp = mkdtempSync(path.join(tmpdir(), 'portal-update-'));
  live = path.join(tmp, 'live');
  distB = path.join(tmp, 'build-b');
  // Build A is the regular build (npm run test:e2e builds it); build B differs only in version.
  execFileSync('npx', ['vite', 'build', '--configLoader', 'runner', '--outDir', distB, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, APP_VERSION: VERSION_B },
    stdio: 'ignore',
  });
  deploy(path.join(root, 'apps/web/dist'));
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  rmSync(tmp, { recursive: true, force: true });
});

test('a newly deployed build is offered by the toast and tapping it reloads into it', async ({ page }) => {
  await page.goto(`${base}/auth/login`);
  await expect(page.getByText('versi 20240820-0001')).toBeVisible();
  // Registered once the app is stable (spec §4); wait until it is active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  deploy(distB);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect(page.getByText('Versi terbaru tersedia')).toBeVisible();
  await page.getByText('Klik disini untuk update').click();
  await expect(page.getByText(`versi ${VERSION_B}`)).toBeVisible();
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  expect(html).not.toContain('versi 20240820-0001');
});

test('the app shell loads with the server down; API responses are never cached', async ({ page }) => {
  await page.goto(`${base}/auth/login`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(page.getByLabel('Nama Pengguna')).toBeVisible();
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.some((url) => url.endsWith('/index.html') || url.includes('/index.html?'))).toBe(true);
  expect(cached.some((url) => url.includes('/assets/'))).toBe(true);
  expect(cached.filter((url) => url.includes('/api/'))).toEqual([]);

  await stopServer();
  await page.reload();
  await expect(page.getByLabel('Nama Pengguna')).toBeVisible();
  await expect(page.getByText(`versi ${VERSION_B}`)).toBeVisible();
  // Issue #22: the scripts, styles and fonts came from the worker's cache by its static route
  // (public/sw-routes.js), without waking the worker for each of them.
  const assets = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
      .map((entry) => {
        const timing = entry as PerformanceResourceTiming & { workerMatchedSourceType?: string };
        return `${new URL(entry.name).pathname} ${timing.workerMatchedSourceType ?? 'none'}`;
      }),
  );
  expect(assets.length).toBeGreaterThan(5);
  expect(assets.filter((line) => !line.endsWith(' cache'))).toEqual([]);
});
