// Issue #7: mock mode can never be on in a production build – its code is absent from the bundle
// the e2e server serves (npm run test:e2e builds it first). The markers are checked against the
// mock's source too, so a renamed marker makes this test fail instead of pass vacuously.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO_TOTP_SECRET } from '@portal/contract';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'apps/web/dist');
const mockSource = readFileSync(path.join(root, 'apps/web/src/api/mock/api.ts'), 'utf8');

/** Strings only the mock mode code (and the demo data it alone needs) contains. */
const MOCK_ONLY = ['portal-mock-api', 'COLLECTION_NOT_FOUND', 'UNKNOWN_COMMAND', 'resetDb', DEMO_TOTP_SECRET];

test('the production bundle contains no mock-mode code', () => {
  for (const marker of MOCK_ONLY.slice(0, 4)) expect(mockSource).toContain(marker);
  const files = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  files.push('../index.html', '../sw.js');
  expect(files.length).toBeGreaterThan(3);
  for (const file of files) {
    const text = readFileSync(path.join(dist, 'assets', file), 'utf8');
    for (const marker of MOCK_ONLY) expect(text, `${file} contains "${marker}"`).not.toContain(marker);
  }
});

// Issue #6: the OIDC client (oidc-client-ts) loads only when "Masuk dengan SSO" is used.
test('the OIDC client is not in the initial bundle', () => {
  const marker = 'signinRedirectCallback';
  const assets = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  const read = (file: string) => readFileSync(path.join(dist, 'assets', file), 'utf8');
  expect(assets.some((file) => read(file).includes(marker))).toBe(true);
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [...index.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((m) => m[1] ?? '');
  expect(initial.length).toBeGreaterThan(0);
  for (const file of initial) expect(read(file), `${file} is loaded at start`).not.toContain(marker);
});
