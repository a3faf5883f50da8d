// Issue #17 in the browser: the database goes away while a verifier has a decision half made.
// The save is refused with the portal's message, the draft survives a reload, and once the
// database is back the same decision is saved — by the same server process, never restarted.
// A server of its own on a throw-away PostgreSQL cluster (never the machine's shared one).

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { type Cluster, createCluster, freePort } from '../../scripts/pg-cluster.mjs';
import { E2E_JWT_SECRET } from '../playwright.config';
import { signIn } from './helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// One retry, as the rest of the suite has in CI: the run starts its own cluster and server again.
test.describe.configure({ mode: 'serial', retries: 1 });

let cluster: Cluster;
let server: ChildProcess;
let base: string;
let filesDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await createCluster();
  const url = await cluster.createDatabase('portal');
  filesDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-faults-'));
  const seeded = spawnSync('npm', ['run', 'seed', '--', '--applicants', '2000', '--nonasn', '0'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: filesDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed: ${seeded.stderr}`);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(
    `INSERT INTO jadwal_tahap (track, tahap, mulai, selesai)
     VALUES ('cpns', 'VERIFIKASI', now() - interval '1 day', now() + interval '30 days')
     ON CONFLICT (track, tahap) DO UPDATE SET mulai = excluded.mulai, selesai = excluded.selesai`,
  );
  await db.end();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: url,
      DATA_DIR: filesDir,
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'error',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = () =>
    fetch(`${base}/api/health/ready`)
      .then((r) => r.ok)
      .catch(() => false);
  for (let i = 0; i < 600; i++) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server on the throw-away cluster did not become ready');
});

test.afterAll(() => {
  server?.kill('SIGKILL');
  cluster?.destroy();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

test('a draft survives the database going away, and is saved once it is back', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  await signIn(page, 'verifikator.cpns');
  await page.goto('/cpns/verifikasi');
  await page.getByRole('button', { name: 'Buka berikutnya' }).click();
  await expect(page).toHaveURL(/\/cpns\/verifikasi\/detail\?id=\d+/);
  await expect(page.getByRole('tab').first()).toBeVisible();
  const tabs = await page.getByRole('tab').count();
  expect(tabs).toBeGreaterThan(0);
  for (let index = 0; index < tabs; index += 1) await page.keyboard.press('s');
  await page.keyboard.press('m');
  await page.getByLabel('Catatan (opsional)').fill('Berkas lengkap, diperiksa saat basis data mati.');
  // The decision is complete and the applicant is this verifier's before the database goes: the
  // save below is then refused only for the database, never for a check or a claim still on its way.
  await expect(page.getByRole('tab', { name: /✓/ })).toHaveCount(tabs);
  await expect(page.getByTestId('klaim-saya')).toBeVisible();

  cluster.stop('fast');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Basis data sedang tidak dapat dijangkau, coba lagi sebentar lagi')).toBeVisible();
  await page.screenshot({ path: 'test-results/faults-database-down.png', fullPage: true });

  cluster.start();
  await page.reload();
  await expect(page.getByText('Isian yang belum tersimpan dipulihkan dari draf.')).toBeVisible();
  await expect(page.getByLabel('Catatan (opsional)')).toHaveValue('Berkas lengkap, diperiksa saat basis data mati.');
  await expect(page.getByRole('tab', { name: /✓/ })).toHaveCount(tabs);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Keputusan tersimpan.')).toBeVisible();
  // The same process served before, during and after.
  expect(server.exitCode).toBeNull();
});
