// Issue #22: the smoke through nginx (deploy/nginx.conf) in front of two instances, run by
// scripts/smoke-nginx.mjs, which starts the instances and nginx and names them in SMOKE_*. Not
// part of the main e2e run (its own folder, its own config); Debian's Chromium as there.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';

export default defineConfig({
  testDir: './smoke-nginx',
  outputDir: './test-results/smoke-nginx',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: process.env.SMOKE_BASE_URL ?? 'http://127.0.0.1:3720',
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
});
