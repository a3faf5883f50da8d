// Imported by the generated service worker (vite.config.ts, workbox importScripts). Issue #22:
// a screen of this app loads about a hundred hashed scripts, and each of them used to wake the
// worker's fetch handler to be read from its precache; on a slow machine that queue alone took
// seconds of a repeat visit. The static routing API (Chromium 123 and later) reads /assets/* from
// the worker's caches without running the worker at all, and from the network when a file is
// not there. Browsers without the API keep the precache route of the worker itself.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(
    event
      .addRoutes([{ condition: { urlPattern: new URLPattern({ pathname: '/assets/*' }) }, source: 'cache' }])
      .catch((error) => console.warn('Rute statis service worker tidak dipasang', error)),
  );
});
