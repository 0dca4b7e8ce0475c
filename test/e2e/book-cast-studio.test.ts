/**
 * The book's cast and numbers in Debian's Chromium against a real engine process (real SQLite,
 * real ffmpeg, the embedded eSpeak NG engine, the real renderer build): a small book with
 * dialogue is pasted over the API; before anything is narrated the header says so, and skipping
 * a chapter changes its runtime and cost at once; speakers are detected in the studio, every
 * cast member's voice is shown by name, one character's voice is changed with its picker (read
 * back from the API) and its preview plays; after one short chapter is narrated the header
 * counts exactly that chapter and the run's line no longer says credits are held. The chapter
 * player plays a narrated chapter's takes in order, the spoken word highlighted across
 * paragraphs, and answers Space, J/K/L and the arrows (docs/studio-shortcuts.md).
 *
 * Screenshots go to test-output/book-cast-*.png for a human look.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  OUTPUT,
  SHOT,
  closeWatchedPage,
  ensureStudioBuild,
  launchChromium,
  openWatchedPage,
  type WatchedPage,
} from './harness.ts';

const BOOK = [
  'CHAPTER 1',
  '“Open the gate,” said Mary.',
  '“Not before dawn,” said Thomas.',
  'CHAPTER 2',
  'The rain fell all night on the roofs of the old town, and nobody went out.',
  '“Is anyone there?” asked Mary.',
  'By morning the streets were quiet again and the river had risen to the bridge.',
  'CHAPTER 3',
  'Years later the town remembered that night as the night of the long rain.',
  'The old men told the story in the square, each a little differently.',
  'The children listened and did not believe a word of it.',
].join('\n\n');

let engine: EngineProcess;
let browser: Browser;
let watched: WatchedPage;
let page: Page;
const temp = makeTempDir('tapehouse-e2e-book-cast-');

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

beforeEach(async () => {
  watched = await openWatchedPage(browser, {
    viewport: { width: 1400, height: 1000 },
    signInTo: engine,
  });
  ({ page } = watched);
});

afterEach(() => closeWatchedPage(watched));

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(OUTPUT, `book-cast-${name}.png`), ...SHOT });
}

/** The engine's API with the studio token (the credential the studio pages use). */
async function api<T>(route: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${engine.api}${route}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${engine.token}`,
      ...(typeof init.body === 'string' && { 'Content-Type': 'application/json' }),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const text = async (testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

interface CastMemberBody {
  character_name: string | null;
  is_narrator: boolean;
  voice_id: number | null;
}

describe('the book studio: cast voices and live numbers', () => {
  it('names, changes and previews cast voices, and keeps the header true', async () => {
    const project = await api<{ id: string }>('/audiobook/projects', {
      method: 'POST',
      body: JSON.stringify({ title: 'The Long Rain', author: 'R. Teller', language: 'en-US' }),
    });
    await api(`/audiobook/projects/${project.id}/manuscript/paste`, {
      method: 'POST',
      body: JSON.stringify({ text: BOOK }),
    });
    await api(`/audiobook/projects/${project.id}/rights-attestation`, { method: 'POST' });
    const { chapters } = await api<{ chapters: { id: string; word_count: number }[] }>(
      `/audiobook/projects/${project.id}?include_chapters=true`,
    );
    expect(chapters).toHaveLength(3);

    // Before narration: nothing is narrated, and the header says so.
    await page.goto(`${engine.url}/#/audiobooks/${project.id}`);
    await page.locator('[data-testid="narration-panel"][data-status="idle"]').waitFor();
    await page.getByTestId('cost-usd').waitFor();
    expect(await text('header-chapters-value')).toBe('3');
    expect(await text('header-chapters')).toContain('none narrated yet');
    expect(await text('header-chapters')).not.toContain('all narrated');
    expect(await text('header-words')).toContain('none narrated yet');
    const allWords = chapters.reduce((sum, chapter) => sum + chapter.word_count, 0);
    expect(await text('header-words-value')).toBe(String(allWords));
    const minutes = () =>
      page
        .locator('[data-testid="header-runtime-value"] [data-minutes]')
        .getAttribute('data-minutes');
    const runtimeBefore = await minutes();
    expect(Number(runtimeBefore)).toBeGreaterThan(0);
    const costBefore = await text('cost-detail');
    await shot('before');

    // Skipping chapter 3 changes the runtime and the cost at once.
    await page.getByTestId('chapter-skip').nth(2).click();
    await expect.poll(() => text('header-chapters-value')).toBe('2');
    expect(await text('header-chapters')).toContain('1 chapter skipped');
    expect(await text('header-words-value')).toBe(String(allWords - chapters[2]!.word_count));
    await expect.poll(minutes).not.toBe(runtimeBefore);
    await expect.poll(() => text('cost-detail')).not.toBe(costBefore);

    // Detect speakers on the Cast tab; every member's voice is a name, never "Voice #…".
    await page.getByTestId('tab-cast').click();
    await page.getByTestId('detect-speakers').click();
    const thomas = page.locator('[data-testid="cast-member"][data-speaker="Thomas"]');
    await thomas.waitFor();
    await page.locator('[data-testid="cast-member"][data-speaker="Mary"]').waitFor();
    const picker = thomas.getByTestId('cast-voice-select');
    await expect.poll(() => picker.isEnabled()).toBe(true);
    const names = await page.getByTestId('cast-voice-name').allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(3);
    for (const name of names) {
      expect(name.trim()).not.toBe('');
      expect(name).not.toMatch(/Voice #/);
    }

    // Change Thomas's voice with the picker: saved (read back from the API) and named.
    const current = await picker.getAttribute('data-value');
    await picker.click();
    const options = page
      .getByTestId('cast-voice-select-list')
      .locator('[role="option"]:not([aria-disabled="true"])');
    await expect.poll(() => options.count()).toBeGreaterThan(2);
    const choices = await options.evaluateAll((all) =>
      all.map((option) => ({
        value: (option as unknown as { dataset: { value: string } }).dataset.value,
        label: option.textContent ?? '',
      })),
    );
    const next = choices.find((choice) => /^\d+$/.test(choice.value) && choice.value !== current)!;
    await options.and(page.locator(`[data-value="${next.value}"]`)).click();
    await expect
      .poll(async () => {
        const cast = await api<{ members: CastMemberBody[] }>(
          `/audiobook/projects/${project.id}/cast`,
        );
        return cast.members.find((member) => member.character_name === 'Thomas')?.voice_id;
      })
      .toBe(Number(next.value));
    // The name shown is the chosen option's (its text starts with the voice's name).
    await expect.poll(() => picker.getAttribute('data-value')).toBe(next.value);
    const shown = (await thomas.getByTestId('cast-voice-name').textContent()) ?? '';
    expect(shown).not.toBe('');
    expect(next.label.startsWith(shown)).toBe(true);

    // Hear it: the preview's signed URL is loaded into the cast's audio element.
    await thomas.getByTestId('cast-voice-select-preview').click();
    const audio = page.getByTestId('cast-voice-audio');
    await expect
      .poll(() => audio.evaluate((el) => (el as unknown as { readyState: number }).readyState), {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(1);
    expect(await audio.evaluate((el) => (el as unknown as { src: string }).src)).toContain(
      '/api/v1/downloads/',
    );
    expect(['playing', 'paused']).toContain(
      await thomas.getByTestId('cast-voice-select-preview').getAttribute('data-state'),
    );
    await audio.evaluate((el) => (el as unknown as { pause: () => void }).pause());
    await shot('cast');

    // Narrate chapter 1 alone: the header counts exactly it, and nothing stays "held".
    await page.goto(`${engine.url}/#/audiobooks/${project.id}/chapters/${chapters[0]!.id}`);
    await page.locator('[data-testid="narration-panel"][data-status="idle"]').waitFor();
    await page.getByTestId('narrate-chapter').click();
    await page
      .getByTestId('narrate-chapter-result')
      .filter({ hasText: 'credits settled' })
      .waitFor({ timeout: 120_000 });
    expect(await text('narrate-chapter-result')).not.toContain('held');
    await expect.poll(() => text('header-chapters')).toContain('1 narrated');
    expect(await text('header-chapters')).toContain('1 chapter skipped');
    expect(await text('header-words')).toContain(`${chapters[0]!.word_count} narrated`);
    await expect.poll(() => text('cost-detail')).toContain('still to narrate');
    await shot('after');
  });
});

const PLAYED = [
  'CHAPTER 1',
  'The bell rang twice across the empty square.',
  'A cat crossed the road and sat by the fountain.',
  'Then the baker opened his door and the day began.',
].join('\n\n');

/** The player's position: paragraph index and seconds into it. */
async function position(): Promise<{ index: number; time: number; playing: boolean }> {
  const player = page.getByTestId('chapter-player');
  const index = Number(await player.getAttribute('data-index'));
  const playing = (await player.getAttribute('data-playing')) === 'true';
  const time = await page
    .getByTestId('chapter-player-audio')
    .evaluate((el) => (el as unknown as { currentTime: number }).currentTime);
  return { index, time, playing };
}

describe('the chapter player', () => {
  it('plays a chapter through with the highlight following, driven by the keyboard', async () => {
    const project = await api<{ id: string }>('/audiobook/projects', {
      method: 'POST',
      body: JSON.stringify({ title: 'Morning', author: 'B. Baker', language: 'en-US' }),
    });
    await api(`/audiobook/projects/${project.id}/manuscript/paste`, {
      method: 'POST',
      body: JSON.stringify({ text: PLAYED }),
    });
    await api(`/audiobook/projects/${project.id}/rights-attestation`, { method: 'POST' });
    await page.goto(`${engine.url}/#/audiobooks/${project.id}`);
    await page.locator('[data-testid="narration-panel"][data-status="idle"]').waitFor();
    await page.getByTestId('narrate-chapter').click();
    await page
      .getByTestId('narrate-chapter-result')
      .filter({ hasText: 'credits settled' })
      .waitFor({ timeout: 120_000 });

    await page.getByTestId('chapter-play').click();
    await page.getByTestId('chapter-player').waitFor();
    expect(await page.getByTestId('chapter-player-paragraph').count()).toBe(3);
    // Record every spoken word and its paragraph as the highlight moves.
    await page.evaluate(`(() => {
      window.__spoken = [];
      const seen = () => {
        const player = document.querySelector('[data-testid="chapter-player"]');
        const word = document.querySelector('[data-testid="chapter-player-word"]');
        if (!player || !word) return;
        const entry = player.getAttribute('data-index') + ':' + word.textContent;
        if (window.__spoken[window.__spoken.length - 1] !== entry) window.__spoken.push(entry);
      };
      new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    })()`);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await position()).playing).toBe(true);
    // It goes on into the next paragraphs by itself, the highlight following.
    await expect
      .poll(async () => (await position()).index, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const spoken = await page.evaluate<string[]>('window.__spoken');
    const first = spoken.filter((entry) => entry.startsWith('0:'));
    const second = spoken.filter((entry) => entry.startsWith('1:'));
    expect(first.length).toBeGreaterThan(3);
    expect(second.length).toBeGreaterThan(0);
    expect(first.map((entry) => entry.slice(2))).toContain('bell');
    await shot('player');

    // K pauses, Space resumes.
    await page.keyboard.press('k');
    await expect.poll(async () => (await position()).playing).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await position()).playing).toBe(true);
    await page.keyboard.press('k');
    await expect.poll(async () => (await position()).playing).toBe(false);

    // Arrows move by paragraph, from its start.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await position()).index).toBe(0);
    expect((await position()).time).toBeLessThan(0.2);
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await position()).index).toBe(1);
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await position()).index).toBe(0);

    // L jumps forward (past a short paragraph's end into the next), J back again.
    const before = await position();
    await page.keyboard.press('l');
    await expect
      .poll(async () => {
        const after = await position();
        return after.index > before.index || after.time > before.time + 1;
      })
      .toBe(true);
    const ahead = await position();
    await page.keyboard.press('j');
    await expect
      .poll(async () => {
        const after = await position();
        return after.index < ahead.index || after.time < ahead.time - 1;
      })
      .toBe(true);
  });
});
