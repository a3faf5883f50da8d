import { PAGE_LOADED_CLASS } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissSplash, firstNavigationEnded } from './splash';

describe('splash (spec §2)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="splash">version 20240820-0001</div>';
    document.body.classList.remove(PAGE_LOADED_CLASS);
  });
  afterEach(() => vi.useRealTimers());

  it('fades after 100 ms, is removed after 800 ms more, and marks the body after 500 ms', () => {
    dismissSplash(document);
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
