// The splash of spec §2: once the first navigation has ended, wait 100 ms, fade the static
// splash of index.html over 800 ms and remove it (at once after a quick reload, issue #32); scroll
// to the top; mark the body "page-loaded" after 500 ms (SPLASH, PAGE_LOADED_CLASS).

import { PAGE_LOADED_CLASS, SPLASH } from '@portal/contract';

export const SPLASH_ID = 'splash';

/**
 * Issue #32: a reload (or back/forward) whose first page is drawn within this time since the
 * navigation began drops the splash at once: fading the logo over a page already there only hides
 * it for most of a second. A first visit, or a slow start, fades as spec §2 says.
 */
export const QUICK_RELOAD_MS = 1000;

/** This document was reloaded (or restored by back/forward) and is ready within QUICK_RELOAD_MS. */
export function isQuickReload(perf: Pick<Performance, 'now' | 'getEntriesByType'> = performance): boolean {
  const entry = perf.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const again = entry?.type === 'reload' || entry?.type === 'back_forward';
  return again && perf.now() < QUICK_RELOAD_MS;
}

interface NavigationSource {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe(listener: (state: { initialized: boolean; navigation: { state: string } }) => void): () => void;
}

/** Resolves once the router has finished its first navigation. */
export function firstNavigationEnded(router: NavigationSource): Promise<void> {
  const done = (s: NavigationSource['state']) => s.initialized && s.navigation.state === 'idle';
  if (done(router.state)) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((s) => {
      if (!done(s)) return;
      unsubscribe();
      resolve();
    });
  });
}

export function dismissSplash(doc: Document = document, quick: boolean = isQuickReload()): void {
  const splash = doc.getElementById(SPLASH_ID);
  if (splash && quick) {
    splash.remove();
  } else if (splash) {
    window.setTimeout(() => {
      splash.style.transitionDuration = `${SPLASH.fadeMs}ms`;
      splash.classList.add('splash-fading');
      splash.setAttribute('aria-hidden', 'true');
      window.setTimeout(() => splash.remove(), SPLASH.fadeMs);
    }, SPLASH.fadeDelayMs);
  }
  window.scrollTo(0, 0);
  window.setTimeout(() => doc.body.classList.add(PAGE_LOADED_CLASS), SPLASH.pageLoadedDelayMs);
}
