// The floor's build (README.md, "The Mantine floor"): the portal's own tools at the portal's own
// versions (Vite, @vitejs/plugin-react, React, Mantine, all from the repo's node_modules) and the
// same compression plugin at the same settings, so its files cross the wire as the portal's do.
// Nothing else: no service worker, no code splitting settings, no fonts. run.mjs builds it with
// `build({ configFile, build: { outDir } })` into a temporary directory; by hand:
// `npx vite build --config bench/web/lantai/vite.config.mjs --outDir /tmp/lantai`.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  // The bench serves the floor at the root of its own origin (lantai/serve.mjs).
  base: '/',
  logLevel: 'warn',
  plugins: [
    react(),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|css|js|mjs|svg|json|webmanifest)$/ }),
  ],
  build: { emptyOutDir: true },
});
