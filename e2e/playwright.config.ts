// e2e against the built app started as a user starts it (scripts/start.mjs), with a fresh
// embedded database, in Debian's Chromium (never a downloaded browser).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_JWT_SECRET = 'rahasia-e2e-yang-cukup-panjang-untuk-hs256-0123456789';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalTeardown: './teardown.ts',
  // A test's time limit is not a speed target (those are the benches'). The gate runs this suite
  // on a 2-core machine with two workers, where a flow takes about twice as long as it does run
  // alone with two workers (the verification cycle 55 s alone, over 120 s in the gate of
  // 2026-11-26): the long multi-account flows set their own limit (150–240 s). An action or a
  // navigation that cannot happen fails on its own, naming its locator, long before that.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    actionTimeout: 30_000,
    navigationTimeout: 45_000,
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // No transitions (the app respects reduced motion): a click on a dialog's button while the
    // dialog still slides in could land where the button was a frame before (seen once in CI).
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  // The official documents (issue #20) exist only after Raja Ampat's irreversible final lock, which
  // verification.spec.ts makes at the end of its cycle: dokumen-resmi.spec.ts runs once that spec
  // has passed (a dependency runs in full even when only the dependent file is named).
  projects: [
    { name: 'kunci', testMatch: /verification\.spec\.ts$/ },
    {
      name: 'e2e',
      testIgnore: [/verification\.spec\.ts$/, /dokumen-resmi\.spec\.ts$/, /verifikasi-kedua\.spec\.ts$/],
    },
    { name: 'dokumen-resmi', testMatch: /dokumen-resmi\.spec\.ts$/, dependencies: ['kunci'] },
    // Issue #34: the sample rate is per track, so the blind second verification's flow runs once
    // every flow that decides has finished (run it alone with --no-deps).
    { name: 'kedua', testMatch: /verifikasi-kedua\.spec\.ts$/, dependencies: ['kunci', 'e2e'] },
  ],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      // Every demo account signs in many times from 127.0.0.1 in one run.
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      // Issue #35: the demo's own documents for Raja Ampat and eight others (two per track), read
      // while the suite runs; the full demo's 2,000 would keep a core busy for an hour.
      DEMO_DOKUMEN: '8',
      // Issue #34: no blind second verification unless a flow asks for it (verifikasi-kedua.spec.ts
      // sets the rate itself, running after every flow that decides).
      DEMO_SAMPEL_PERSEN: '0',
      // Issue #33: a recap's whole list is an export job (lists.spec.ts); a searched view still streams.
      EKSPOR_LANGSUNG_MAKS: '200',
      // Issue #6: forgot-password is read from the development mailbox (no SMTP here).
      DEV_MAILBOX: 'true',
      // Single sign-on (issue #6): the embedded provider's issuer is built from the public URL; the
      // keycloak-js test page (served by the test itself, sso.spec.ts) is one more redirect URI.
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      OIDC_REDIRECT_URIS: ['/auth/callback', '/auth/login', '/kc-test/index.html']
        .map((p) => `http://127.0.0.1:${E2E_PORT}${p}`)
        .join(','),
    },
  },
});
