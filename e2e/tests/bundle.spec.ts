// Issue #7: mock mode can never be on in a production build – its code is absent from the bundle
// the e2e server serves (npm run test:e2e builds it first). The markers are checked against the
// mock's source too, so a renamed marker makes this test fail instead of pass vacuously.
// Issue #22: what the first load costs, read from the build output (never a timing).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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

/** The scripts index.html loads or preloads: what runs before any screen can be drawn. */
function initialScripts(): string[] {
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const tags = [...index.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]);
  const scripts = tags
    .filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="\/assets\/([\w.-]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => Boolean(file));
  expect(scripts.length).toBeGreaterThan(0);
  return scripts;
}

const asset = (file: string) => readFileSync(path.join(dist, 'assets', file));

test('the initial JS stays within 130 KB gzipped', () => {
  const BUDGET_BYTES = 130 * 1024;
  const sizes = initialScripts().map((file) => [file, gzipSync(asset(file), { level: 9 }).length] as const);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  const listing = sizes.map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KB`).join(', ');
  expect(total, `initial JS ${(total / 1024).toFixed(1)} KB gzipped: ${listing}`).toBeLessThanOrEqual(BUDGET_BYTES);
});

// The contract's zod schemas load with the screens that validate with them (vite.config.ts).
test('no validation schema is in the initial JS', () => {
  // zod's own class names and one of the contract's validation messages (schemas/primitives.ts).
  const markers = ['$ZodObject', 'harus tanggal yang ada, berformat YYYY-MM-DD'];
  const contract = readFileSync(path.join(root, 'packages/contract/src/schemas/primitives.ts'), 'utf8');
  expect(contract).toContain(markers[1]);
  const all = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  for (const marker of markers) {
    expect(
      all.some((file) => asset(file).includes(marker)),
      `"${marker}" is in some chunk`,
    ).toBe(true);
  }
  for (const file of initialScripts()) {
    for (const marker of markers) expect(asset(file).includes(marker), `${file} contains "${marker}"`).toBe(false);
  }
});

test('every script, style and page is also built brotli- and gzip-compressed, byte for byte the same', () => {
  const texts = [
    ...readdirSync(path.join(dist, 'assets'))
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => `assets/${file}`),
    'index.html',
    'sw.js',
  ];
  expect(texts.length).toBeGreaterThan(10);
  for (const file of texts) {
    const original = readFileSync(path.join(dist, file));
    for (const [suffix, decode] of [
      ['.br', brotliDecompressSync],
      ['.gz', gunzipSync],
    ] as const) {
      const copy = path.join(dist, file + suffix);
      // The build skips a copy only where compressing would not make the file smaller.
      if (!existsSync(copy)) {
        expect(gzipSync(original, { level: 9 }).length, `${file}${suffix} missing`).toBeGreaterThanOrEqual(
          original.length,
        );
        continue;
      }
      expect(decode(readFileSync(copy)).equals(original), `${file}${suffix}`).toBe(true);
    }
  }
});

/** The scripts a chunk imports statically (its own `import … from "./x.js"` lines). */
function staticImports(file: string): string[] {
  const text = asset(file).toString('utf8');
  return [...text.matchAll(/(?:from|import)\s*["']\.\/([\w.~-]+\.js)["']/g)].map((m) => m[1] ?? '');
}

// vite.config.ts `masuk`: on a first visit the sign-in page is one request after the entry (it was
// 26 small chunks, six at a time over HTTP/1.1), and the entry asks for nothing else to preload it.
test('the sign-in page needs one chunk after the initial JS', () => {
  const initial = new Set(initialScripts());
  const assets = readdirSync(path.join(dist, 'assets'));
  const signIn = assets.filter((file) => /^masuk-[\w-]+\.js$/.test(file));
  expect(signIn).toHaveLength(1);
  const needs = staticImports(signIn[0] ?? '').filter((file) => !initial.has(file));
  expect(needs, 'the sign-in chunk imports only what the entry already loaded').toEqual([]);
  const entry = [...initial].map((file) => asset(file).toString('utf8')).join('\n');
  expect(entry, 'the entry imports the sign-in chunk without preloading others').toMatch(
    new RegExp(`import\\(\`\\./${signIn[0]?.replaceAll('.', '\\.')}\`\\)[^,]*,\\[\\]\\)`),
  );
});
