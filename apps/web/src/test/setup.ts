// Test environment for the SPA: happy-dom lacks what Mantine reads (matchMedia, ResizeObserver).

import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A screen's first render includes loading its lazy route chunk: on a busy CI machine that takes
// longer than the library's default second for findBy/waitFor (seen failing once in CI).
configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Mantine's autosizing Textarea listens for web fonts having loaded.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: vi.fn(), removeEventListener: vi.fn(), ready: Promise.resolve() },
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});
