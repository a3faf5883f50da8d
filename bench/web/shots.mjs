// Screenshots of issue #32's screens at 1440×900 and 390×844 (desktop and phone), for a person to
// look at: the verifier's queue with its views, the work screen, the supervisor's return dialog,
// Jawab Sanggah, Tambah Pengguna after an empty submit, Jadwal on a phone, the dashboard. The built
// server on a fresh embedded database with the demo data. Writes PNGs to SHOTS_DIR (default
// /tmp/shots-32); asserts nothing. Run: `npm run build && node bench/web/shots.mjs`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../scripts/chromium.mjs';
import { freePort } from '../../scripts/pg-cluster.mjs';
import { DEMO_PASSWORD, root, startServer, stop } from '../lib.mjs';

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots-32';
const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

async function signIn(page, username) {
  await page.goto('/auth/login');
  await page.getByLabel('Nama Pengguna').fill(username);
  await page.getByLabel('Kata Sandi').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL(/\/dashboard/);
}

const settle = (page) => page.waitForLoadState('networkidle').catch(() => undefined);

async function shots(browser, base, viewport) {
  const shot = async (page, name) => {
    await settle(page);
    await page.screenshot({ path: path.join(OUT, `${viewport.name}-${name}.png`), fullPage: false });
  };
  const context = async (username) => {
    const ctx = await browser.newContext({
      baseURL: base,
      viewport,
      locale: 'id-ID',
      timezoneId: 'Asia/Jakarta',
    });
    const page = await ctx.newPage();
    await signIn(page, username);
    return page;
  };

  const verifier = await context('verifikator.pppk');
  await shot(verifier, 'dashboard-verifikator');
  await verifier.goto('/pppk/verifikasi');
  await shot(verifier, 'verifikasi-antrean');
  await verifier.getByRole('button', { name: 'Buka berikutnya' }).click();
  await verifier.getByTestId('nama-pelamar').waitFor();
  await shot(verifier, 'verifikasi-detail');
  await verifier.keyboard.press('t');
  await shot(verifier, 'verifikasi-detail-tms');

  const supervisor = await context('supervisor.pppk');
  await supervisor.goto('/pppk/supervisi');
  await settle(supervisor);
  await supervisor.locator('main a[href*="/supervisi/detail?id="]').first().click();
  await supervisor.getByTestId('nama-pelamar').waitFor();
  await shot(supervisor, 'supervisi-detail');
  await supervisor.getByLabel(/Catatan untuk verifikator/).fill('Mohon periksa ulang ijazah.');
  await supervisor.getByRole('button', { name: 'Kembalikan', exact: true }).click();
  await supervisor.getByRole('dialog').waitFor();
  await shot(supervisor, 'supervisi-kembalikan');
  await supervisor.goto('/pppk/sanggah');
  await shot(supervisor, 'jawab-sanggah');

  const admin = await context('superadmin');
  await admin.goto('/admin/pengguna');
  await admin.getByRole('button', { name: /Tambah pengguna/i }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Simpan/ }).click();
  await shot(admin, 'pengguna-kosong');
  await admin.goto('/admin/jadwal');
  await shot(admin, 'jadwal');
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'shots-32-'));
mkdirSync(OUT, { recursive: true });
const { child } = await startServer(port, {
  DATA_DIR: dataDir,
  JWT_SECRET: 'shots-32-secret-shots-32-secret-0123456789',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  WEB_DIST: path.join(root, 'apps/web/dist'),
});
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  for (const viewport of VIEWPORTS) {
    try {
      await shots(browser, `http://127.0.0.1:${port}`, viewport);
    } catch (error) {
      console.error(`${viewport.name}: ${error.message}`);
    }
  }
  console.log(`Screenshots in ${OUT}`);
} finally {
  await browser.close();
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
