// New version (spec §4): the service worker is registered only in production builds, once the
// first screen is usable – first navigation ended, page loaded, and the browser idle – or after
// 30 s, whichever comes first: its precache of the whole app must not share a slow link with
// the first screen (issue #22). When a new build is waiting, an info toast offers it; tapping it
// activates the new version and reloads.

/// <reference types="vite-plugin-pwa/vanillajs" />
import { UPDATE_REGISTRATION_DELAY_MS } from '@portal/contract';
import { idUpdate } from '../i18n/update';
import { showInfo } from '../ui/toast';

/** How often an open tab asks the server for a newer build. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** The longest wait for an idle moment once the first screen is there. */
const IDLE_TIMEOUT_MS = 5000;

/** Resolves once the first screen is drawn, the page's own load has ended and the browser is idle. */
async function firstScreenUsable(stable: Promise<void>): Promise<void> {
  await stable;
  if (document.readyState !== 'complete') {
    await new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  }
  await new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/**
 * Tells the waiting worker to take over and reloads once it has. The plugin reloads by itself
 * only when the page was already controlled when it loaded; a first visit that meets a new
 * build in the same session needs the reload done here (a second call is harmless).
 */
function activate(updateSW: (reload?: boolean) => Promise<void>): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  void updateSW(true);
}

export function registerUpdates(stable: Promise<void>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let registered = false;
  const register = async () => {
    if (registered) return;
    registered = true;
    const { registerSW } = await import('virtual:pwa-register');
    // workbox-window can report the same waiting worker more than once (its "waiting" event and
    // an external update found while installing): offer each new version once.
    let offered = false;
    const updateSW = registerSW({
      onNeedRefresh() {
        if (offered) return;
        offered = true;
        showInfo({ title: idUpdate.title, message: idUpdate.message, onTap: () => activate(updateSW) });
      },
      onRegisteredSW(_url, registration) {
        if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_INTERVAL_MS);
      },
    });
  };
  void firstScreenUsable(stable).then(register);
  setTimeout(() => void register(), UPDATE_REGISTRATION_DELAY_MS);
}
