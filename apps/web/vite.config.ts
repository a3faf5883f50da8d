// Build and dev-server configuration of the SPA. The version (spec §9) is stamped into the code
// and into index.html at build time, so the splash needs no inline script (the CSP forbids it).
// The service worker (spec §4 "new version") exists only in production builds. Issue #22: every
// text file is also written compressed (brotli and gzip) for the server to send as it is, and the
// contract's validation schemas stay out of the first load (see `treeshake` below).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { buildVersion } from '@portal/contract';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = 'http://localhost:3000';
const version = buildVersion(process.env);

function appVersionHtml(): Plugin {
  return {
    name: 'portal-app-version',
    transformIndexHtml: (html) => html.replaceAll('%APP_VERSION%', version),
  };
}

/**
 * The service worker and its workbox runtime are written by vite-plugin-pwa after the bundle, so
 * the compression plugin never sees them: they get their brotli and gzip copies here, last.
 */
function precompressServiceWorker(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let outDir = '';
  return {
    name: 'portal-precompress-service-worker',
    apply: 'build',
    configResolved: (resolved) => {
      outDir = path.resolve(resolved.root, resolved.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir)).filter((file) => /^(sw|workbox-[\w-]+)\.js$/.test(file));
        for (const file of files) {
          const bytes = await readFile(path.join(outDir, file));
          const br = await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
          await writeFile(path.join(outDir, `${file}.br`), br);
          await writeFile(path.join(outDir, `${file}.gz`), await gzipped(bytes, { level: 9 }));
        }
      },
    },
  };
}

/**
 * `manualPureFunctions: ['z']` (below) goes by name, not by binding: every call rooted at an
 * identifier `z` counts as free of side effects, and is dropped where its result is unused. It
 * is meant for zod in the contract; this stops the build if any other module calls a `z`.
 */
function onlyZodIsPureZ(): Plugin {
  const call = /(?<![\w$.#])z\s*(?:\??\.\s*[\w$]+\s*)*\(/;
  return {
    name: 'portal-only-zod-is-pure-z',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      if (id.includes('/packages/contract/src/') || id.includes('/node_modules/zod/')) return null;
      if (call.test(code)) {
        this.error(`${id} memanggil fungsi bernama "z": ganti namanya, atau batasi manualPureFunctions.`);
      }
      return null;
    },
  };
}

/**
 * Issue #22: left to itself the bundler gives every module shared by a different set of screens a
 * chunk of its own. The sign-in page then needed 26 chunks of 1–6 KB after the entry (on the wire
 * each was mostly its response headers), fetched six at a time over HTTP/1.1, and a list page
 * about 100, each one a preload link, a request through the service worker and a module record on
 * the slow CPUs of district offices. These groups make a handful of chunks instead, by what
 * screens need together; the higher priority takes a module first:
 * - `index`: whatever the entry imports stays in the entry, so no later group can pull it out
 *   (the initial-JS budget of e2e/tests/bundle.spec.ts is unchanged);
 * - `masuk`: the sign-in page and the toasts with everything they import (Mantine's inputs and
 *   buttons among it): the first visit needs one chunk after the entry;
 * - `mantine`, `tanggal`, `query`: the rest of the UI kit, the date pickers with dayjs, and
 *   TanStack Query, each loaded once for all signed-in screens;
 * - `bersama`: the shared layer below the features (ui, table, layout, i18n, api).
 * The features, the contract's schemas, pdf.js and the OIDC client are split as before.
 */
const CHUNK_GROUPS = [
  { name: 'index', tags: ['$initial' as const], priority: 4 },
  { name: 'masuk', test: /\/src\/(auth\/(LoginPage|AuthLinks)|ui\/ToastHost)\.tsx$/, priority: 3 },
  {
    name: 'mantine',
    test: /\/node_modules\/(@mantine\/(core|hooks)|@floating-ui|@tabler|react-remove-scroll|react-number-format|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|clsx|tslib)\//,
    priority: 2,
  },
  { name: 'tanggal', test: /\/node_modules\/(@mantine\/dates|dayjs)\//, priority: 2 },
  { name: 'query', test: /\/node_modules\/@tanstack\//, priority: 2 },
  { name: 'bersama', test: /\/apps\/web\/src\/(ui|table|layout|i18n|api)\//, priority: 1 },
];

const config = {
  root: new URL('.', import.meta.url).pathname,
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [
    react(),
    appVersionHtml(),
    VitePWA({
      // The app asks before it activates a new version (the "Versi terbaru tersedia" toast).
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Portal Verifikasi ASN',
        short_name: 'Verifikasi ASN',
        description: 'Verifikasi seleksi calon ASN',
        lang: 'id',
        start_url: '/',
        display: 'standalone',
        theme_color: '#0b5fa5',
        background_color: '#f8f9fa',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        // The app shell and static assets only: API and identity calls are never cached.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/realms\//],
        cleanupOutdatedCaches: true,
        // The first worker takes over the open page at once, so a later version's activation
        // (after the toast is tapped) hands control over and triggers the reload.
        clientsClaim: true,
      },
      devOptions: { enabled: false },
    }),
    // At the strongest settings (gzip 9, brotli 11): done once here, not per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|css|js|mjs|svg|json|webmanifest)$/ }),
    precompressServiceWorker(),
    onlyZodIsPureZ(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only define things, and building a zod schema does nothing but
        // build it. Told so, the bundler keeps a schema only where a screen validates with it:
        // the first load gets the contract's constants and rules without zod (issue #22). The
        // contract stays one package that the server and the SPA import alike.
        moduleSideEffects: [{ test: /\/packages\/contract\/src\//, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      // Issue #22: chunks by what a screen needs, not one per shared module (see CHUNK_GROUPS).
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/realms': { target: API_TARGET, changeOrigin: false },
    },
  },
} satisfies UserConfig;

export default defineConfig(({ command, mode }) => {
  // Mock mode is for the dev server only; a build that contained it could never talk to a server.
  if (command === 'build' && mode === 'mock') throw new Error('Mode tiruan (mock) tidak boleh dibangun.');
  return config;
});
