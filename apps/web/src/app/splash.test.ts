import { PAGE_LOADED_CLASS } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissSplash, firstNavigationEnded, isQuickReload, QUICK_RELOAD_MS } from './splash';

describe('splash (spec §2)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="splash">version 20240820-0001</div>';
    document.body.classList.remove(PAGE_LOADED_CLASS);
  });
  afterEach(() => vi.useRealTimers());

  it('fades after 100 ms, is removed after 800 ms more, and marks the body after 500 ms', () => {
    dismissSplash(document, false);
    const splash = document.getElementById('splash');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);

    vi.advanceTimersByTime(99);
    expect(splash?.classList.contains('splash-fading')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(splash?.classList.contains('splash-fading')).toBe(true);
    expect(splash?.style.transitionDuration).toBe('800ms');

    vi.advanceTimersByTime(399);
    expect(document.body.classList.contains(PAGE_LOADED_CLASS)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(document.body.classList.contains(PAGE_LOADED_CLASS)).toBe(true);

    expect(document.getElementById('splash')).not.toBeNull();
    vi.advanceTimersByTime(400);
    expect(document.getElementById('splash')).toBeNull();
  });

  it('after a quick reload is removed at once, not faded over the page drawn (issue #32)', () => {
    dismissSplash(document, true);
    expect(document.getElementById('splash')).toBeNull();
    vi.advanceTimersByTime(500);
    expect(document.body.classList.contains(PAGE_LOADED_CLASS)).toBe(true);
  });

  it('counts as a quick reload only a reload or back/forward ready within the limit', () => {
    const perf = (type: string | null, now: number) => ({
      now: () => now,
      getEntriesByType: () => (type ? [{ type } as unknown as PerformanceEntry] : []),
    });
    expect(isQuickReload(perf('reload', QUICK_RELOAD_MS - 1))).toBe(true);
    expect(isQuickReload(perf('back_forward', 200))).toBe(true);
    expect(isQuickReload(perf('reload', QUICK_RELOAD_MS + 1))).toBe(false);
    expect(isQuickReload(perf('navigate', 200))).toBe(false);
    expect(isQuickReload(perf(null, 200))).toBe(false);
  });

  it('waits for the router to be initialised and idle', async () => {
    type State = { initialized: boolean; navigation: { state: string } };
    let listener: (s: State) => void = () => {};
    const router = {
      state: { initialized: false, navigation: { state: 'loading' } },
      subscribe: (fn: (s: State) => void) => {
        listener = fn;
        return () => {};
      },
    };
    let ended = false;
    const done = firstNavigationEnded(router).then(() => {
      ended = true;
    });
    listener({ initialized: true, navigation: { state: 'loading' } });
    await Promise.resolve();
    expect(ended).toBe(false);
    listener({ initialized: true, navigation: { state: 'idle' } });
    await done;
    expect(ended).toBe(true);
  });
});
