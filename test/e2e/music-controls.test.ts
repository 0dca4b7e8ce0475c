/**
 * The music and clean-up pages in Debian's Chromium against a real engine process: every choice
 * is one of the studio's own controls (no native <select> or radio button left), and those
 * controls work from the keyboard alone — the arrow keys move a segmented choice, Enter or Space
 * opens a menu, the arrows move in it, Enter picks and Escape leaves it unchanged, Space flips
 * an on/off chip.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { closeWatchedPage, ensureStudioBuild, launchChromium, openWatchedPage } from './harness.ts';
import { pickFromMenu } from './menu.ts';

let engine: EngineProcess;
let browser: Browser;
const temp = makeTempDir('tapehouse-music-controls-e2e-');

beforeAll(async () => {
  await ensureStudioBuild();
  engine = await startEngineProcess({ home: path.join(temp.dir, 'home') });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  temp.cleanup();
});

const NATIVE_CHOICES = 'select, input[type="radio"], input[type="checkbox"]';

/** The data-testid of the focused element, or null. */
function focused(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    // Typed by hand: this file is checked without the DOM library.
    const doc = (globalThis as unknown as { document: { activeElement: unknown } }).document;
    const active = doc.activeElement as { getAttribute(name: string): string | null } | null;
    return active?.getAttribute('data-testid') ?? null;
  });
}

describe('music page controls', () => {
  it('uses no native select, radio or checkbox on the stems, MIDI and clean-up pages', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1000 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      for (const [route, ready] of [
        ['stems', 'stems-mode'],
        ['midi', 'midi-preset'],
        ['denoise', 'denoise-start'],
      ] as const) {
        await page.goto(`${engine.url}/#/music/${route}`);
        await page.getByTestId(ready).waitFor();
        expect(await page.locator(NATIVE_CHOICES).count(), route).toBe(0);
        expect(
          await page.locator('[role="radiogroup"], [aria-haspopup="listbox"]').count(),
          route,
        ).toBeGreaterThan(0);
      }
      // The stems page's catalog form brings two more menus: still nothing native.
      await page.goto(`${engine.url}/#/music/stems`);
      const mode = page.getByTestId('stems-mode');
      await mode.waitFor();
      await mode.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('stems-mode-list').waitFor();
      // The modes come from the engine after the page shows: End must land on the full list's
      // last option, not on the one option there is before they arrive.
      await expect
        .poll(() => page.getByTestId('stems-mode-list').getByRole('option').count())
        .toBeGreaterThan(1);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await expect.poll(() => mode.getAttribute('data-value')).toBe('catalog');
      await page.getByTestId('stems-exclude').waitFor();
      expect(await page.locator(NATIVE_CHOICES).count()).toBe(0);
    } finally {
      await closeWatchedPage(watched);
    }
  }, 120_000);

  it('moves a segmented choice with the arrow keys and opens and picks from a menu by keyboard', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1000 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/music/midi`);
      const mix = page.getByTestId('midi-split-on');
      const solo = page.getByTestId('midi-split-off');
      await mix.waitFor();
      expect(await mix.getAttribute('aria-checked')).toBe('true');
      // One tab stop for the group: the chosen option.
      expect(await mix.getAttribute('tabindex')).toBe('0');
      expect(await solo.getAttribute('tabindex')).toBe('-1');

      await mix.focus();
      await page.keyboard.press('ArrowDown');
      expect(await solo.getAttribute('aria-checked')).toBe('true');
      expect(await mix.getAttribute('aria-checked')).toBe('false');
      expect(await focused(page)).toBe('midi-split-off');
      await page.keyboard.press('ArrowRight'); // wraps round to the first
      expect(await mix.getAttribute('aria-checked')).toBe('true');
      await page.keyboard.press('ArrowLeft');
      expect(await solo.getAttribute('aria-checked')).toBe('true');
      // A solo recording asks for its instrument, not stems: back to a mix for the stem chips.
      expect(await page.getByTestId('midi-stems').count()).toBe(0);
      await page.keyboard.press('ArrowRight');
      expect(await mix.getAttribute('aria-checked')).toBe('true');

      // An on/off chip: Space flips it.
      const bass = page.getByTestId('midi-stem-bass');
      const before = await bass.getAttribute('aria-checked');
      await bass.focus();
      await page.keyboard.press('Space');
      expect(await bass.getAttribute('aria-checked')).toBe(before === 'true' ? 'false' : 'true');

      // The preset menu: Enter opens it on the current choice, ArrowUp moves, Enter picks.
      const preset = page.getByTestId('midi-preset');
      const list = page.getByTestId('midi-preset-list');
      expect(await preset.getAttribute('data-value')).toBe('piano');
      expect(await page.getByTestId('midi-onset').inputValue()).toBe('0.6');
      await preset.focus();
      await page.keyboard.press('Enter');
      await list.waitFor();
      expect(await preset.getAttribute('aria-expanded')).toBe('true');
      expect(await focused(page)).toBe('midi-preset-list');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await list.waitFor({ state: 'detached' });
      expect(await preset.getAttribute('data-value')).toBe('published');
      expect(await page.getByTestId('midi-onset').inputValue()).toBe('0.5');
      expect(await focused(page)).toBe('midi-preset');

      // Space opens it too; Escape closes it with the choice unchanged.
      await page.keyboard.press('Space');
      await list.waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });
      expect(await preset.getAttribute('data-value')).toBe('published');
      expect(await focused(page)).toBe('midi-preset');

      // Space then Space picks the option the arrows reached.
      await page.keyboard.press('Space');
      await list.waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await list.waitFor({ state: 'detached' });
      expect(await preset.getAttribute('data-value')).toBe('piano');
    } finally {
      await closeWatchedPage(watched);
    }
  }, 120_000);

  it('skips options that cannot be chosen when moving through a menu', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1000 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/music/stems`);
      await page.getByTestId('stems-mode').waitFor();
      await pickFromMenu(page, 'stems-mode', 'catalog');
      // The catalog lists instruments no installed engine separates (violin, …): disabled.
      const isolate = page.getByTestId('stems-catalog');
      await isolate.focus();
      await page.keyboard.press('ArrowDown');
      const list = page.getByTestId('stems-catalog-list');
      const options = list.locator('[role="option"]');
      await options.first().waitFor();
      const disabled = await options.evaluateAll((items) =>
        items
          .map((item, index) => ({
            index,
            off: (item as unknown as { getAttribute(n: string): string | null }).getAttribute(
              'aria-disabled',
            ),
          }))
          .filter((item) => item.off === 'true')
          .map((item) => item.index),
      );
      expect(disabled.length).toBeGreaterThan(0);
      // Walk the whole list: the active option is never a disabled one. A long list has a search
      // box, which then carries aria-activedescendant (the list itself does otherwise).
      const holder = page.locator('[aria-activedescendant]');
      const count = await options.count();
      for (let step = 0; step < count; step++) {
        await page.keyboard.press('ArrowDown');
        const active = await holder.getAttribute('aria-activedescendant');
        expect(active).toBeTruthy();
        const option = page.locator(`[id="${active}"]`);
        expect(await option.getAttribute('role')).toBe('option');
        expect(await option.getAttribute('aria-disabled')).not.toBe('true');
      }
      // End lands on the last choosable option, and Enter picks it.
      await page.keyboard.press('End');
      const last = await holder.getAttribute('aria-activedescendant');
      const lastValue = await page.locator(`[id="${last}"]`).getAttribute('data-value');
      await page.keyboard.press('Enter');
      await expect.poll(() => isolate.getAttribute('data-value')).toBe(lastValue);
    } finally {
      await closeWatchedPage(watched);
    }
  }, 120_000);
});
