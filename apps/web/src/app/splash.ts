// The splash of spec §2: once the first navigation has ended, wait 100 ms, fade the static
// splash of index.html over 800 ms and remove it; scroll to the top; mark the body
// "page-loaded" after 500 ms (SPLASH, PAGE_LOADED_CLASS).

import { PAGE_LOADED_CLASS, SPLASH } from '@portal/contract';

export const SPLASH_ID = 'splash';

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

export function dismissSplash(doc: Document = document): void {
  const splash = doc.getElementById(SPLASH_ID);
  if (splash) {
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
