// Build and dev-server configuration of the SPA. The one custom plugin stamps the app version
// (spec §9) into index.html at build time, so the splash needs no inline script (the CSP forbids it).
import { APP_VERSION } from '@portal/contract';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://localhost:3000';

function appVersionHtml(): Plugin {
  return {
    name: 'portal-app-version',
    transformIndexHtml: (html) => html.replaceAll('%APP_VERSION%', APP_VERSION),
  };
}

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react(), appVersionHtml()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/realms': { target: API_TARGET, changeOrigin: false },
    },
  },
});
