/**
 * What component tests need from jsdom beyond what it has: the <dialog> element's modal methods
 * (jsdom has the element but not showModal/close) and ResizeObserver (wavesurfer.js observes its
 * container). Imported by ./render.tsx, so every component test gets it; Testing Library's
 * cleanup runs after each test (vitest runs without globals, so it is registered here), and its
 * waits get the suite's 10 s.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
// findBy*/waitFor wait for the fake engine's answers to render: their 1 s default gave up on a
// loaded CI machine while the answer was still on its way (a wait, not a speed target; the same
// 10 s as expect.poll in vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

const dialog = HTMLDialogElement.prototype as HTMLDialogElement & {
  showModal: () => void;
  close: (value?: string) => void;
};
if (typeof dialog.showModal !== 'function') {
  dialog.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// jsdom has no matchMedia; wavesurfer.js (the design system's AudioPlayer) asks it about the
// pointer on creation. No media query matches in a test.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (media: string): MediaQueryList => ({
    matches: false,
    media,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
