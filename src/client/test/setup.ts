// jsdom lacks a few browser APIs that Mantine uses; give them harmless stand-ins so components render in tests.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from './toasts';

// Every test starts clean: no rendered tree, no stored session, no toasts from the test before. (Stubbed globals
// such as `fetch` are restored by `unstubGlobals` in vitest.config.ts.)
// findBy / waitFor give up after 1 s by default; a lazy route's first render on the 2-core CI machine, beside the
// server suite, can take longer. A longer wait only costs time when something is actually wrong.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  clearToasts();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
// React Router's scroll restoration calls scrollTo, which jsdom does not implement.
window.scrollTo = (() => {}) as typeof window.scrollTo;
// Mantine's autosizing Textarea listens for web fonts loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
