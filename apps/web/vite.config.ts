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
        // /assets/* straight from the precache, without waking the worker (public/sw-routes.js).
        importScripts: ['sw-routes.js'],
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
      // Issue #22: the sign-in page is one chunk after the entry (`masuk`, with the Mantine inputs
      // and buttons it imports), not 26 chunks of 1-6 KB fetched six at a time over HTTP/1.1 on a
      // first visit. What the entry imports stays in the entry (`index` first), so the initial JS
      // is what it was. Signed-in screens import the Mantine parts of `masuk` from it; everything
      // else is split as the bundler likes (coarser groups slowed cold loads: docs/decisions.md).
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            { name: 'masuk', test: /\/src\/auth\/(LoginPage|AuthLinks|AuthCard|AuthForm)\.tsx$/, priority: 1 },
          ],
        },
      },
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
