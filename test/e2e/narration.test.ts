/**
 * Voices and narration in Debian's Chromium against a real engine process (real SQLite, real
 * ffmpeg, the embedded eSpeak NG engine, the real renderer build):
 *
 * (a) the voice library lists the catalog in pages of 50 with "Load more", labels the embedded
 *     voices as built-in and synthetic, filters by language, engine and search, and plays a
 *     voice's preview (the engine makes it on first request; the <audio> element gets the
 *     signed URL and loads it);
 * (b) a pasted book is narrated from the project page: a narrator voice is chosen and heard, "Narrate
 *     book" is refused for want of a rights attestation and the attestation is given in place,
 *     the progress bar runs to 100 %, every paragraph shows "Completed", a paragraph's take
 *     plays on its waveform with the spoken word highlighted, the paragraph is narrated again
 *     (take 2, the free regeneration), the two takes are compared A/B at the same playhead,
 *     and take 1 is made active again (read back from the API);
 * (c) a 40-paragraph book is cancelled from the panel while it runs: the waiting lines are
 *     released, the finished ones keep their take and show "Completed".
 *
 * Screenshots go to test-output/narration-*.png for a human look.
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
import { mediaState } from './media-state.ts';
import { pickFromMenu } from './menu.ts';

const BOOK = [
  'CHAPTER 1',
  'The lighthouse keeper climbed the stairs slowly, counting each step as he went.',
  'At the top he wiped the glass and looked out over the restless sea.',
  'Somewhere beyond the horizon a ship was waiting for the morning light.',
  'He lit the lamp and sat down to write the evening log.',
  'CHAPTER 2',
  'The storm arrived before dawn and shook the windows of the little town.',
  'By noon the harbour was calm again, and the fishermen mended their nets.',
  'Children ran along the sea wall, shouting at the gulls.',
].join('\n\n');

let engine: EngineProcess;
let browser: Browser;
let watched: WatchedPage;
let page: Page;
const temp = makeTempDir('tapehouse-e2e-narration-');

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
    viewport: { width: 1280, height: 1000 },
    signInTo: engine,
  });
  ({ page } = watched);
});

afterEach(() => closeWatchedPage(watched));

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(OUTPUT, `narration-${name}.png`), ...SHOT });
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

async function rowAttributes(name: string): Promise<string[]> {
  return page
    .getByTestId('voice-row')
    .evaluateAll(
      (rows, attribute) => rows.map((row) => row.getAttribute(attribute) ?? ''),
      `data-${name}`,
    );
}

/** An <audio> element's state, read in the page. */
const media = (selector: string) => mediaState(page, selector);

describe('voice library', () => {
  it('pages, labels, filters and previews the voices', async () => {
    await page.goto(`${engine.url}/#/voices`);
    expect(await page.getByTestId('nav-voices').textContent()).not.toContain('Soon');
    await page.getByTestId('voice-row').first().waitFor();

    // The catalog: eSpeak NG's 140 voices, first 50, then "Load more".
    const all = await api<{ total: number }>('/voice/voice-profiles?limit=1');
    expect(all.total).toBeGreaterThan(100);
    expect(await page.getByTestId('voice-row').count()).toBe(50);
    expect(await page.getByTestId('voice-count').textContent()).toBe(
      `Showing 50 of ${all.total} voices`,
    );
    await page.getByTestId('voice-load-more').click();
    await expect.poll(() => page.getByTestId('voice-row').count()).toBe(100);
    // Every voice here is the embedded engine, and says so.
    expect(new Set(await rowAttributes('tier'))).toEqual(new Set(['embedded']));
    const tiers = await page.getByTestId('voice-tier').allTextContents();
    expect(new Set(tiers)).toEqual(new Set(['Built-in, synthetic']));

    // Language filter: German only.
    await page.getByTestId('voice-language-filter').click();
    const languages = await page
      .getByTestId('voice-language-filter-list')
      .locator('[role="option"]')
      .evaluateAll((options) =>
        options.map((o) => (o as unknown as { dataset: { value: string } }).dataset.value),
      );
    await page.keyboard.press('Escape');
    expect(languages.length).toBeGreaterThan(100);
    expect(languages).toContain('de');
    await pickFromMenu(page, 'voice-language-filter', 'de');
    await expect
      .poll(() => page.getByTestId('voice-count').textContent())
      .toBe('Showing 1 of 1 voices');
    expect(await rowAttributes('language')).toEqual(['de']);
    expect(await page.getByTestId('voice-name').first().textContent()).toBe('German');
    expect(await page.getByTestId('voice-load-more').count()).toBe(0);

    // Neural engines: none installed here, so an honest empty list.
    await pickFromMenu(page, 'voice-engine-filter', 'piper');
    await expect
      .poll(() => page.getByTestId('voice-count').textContent())
      .toBe('No voice matches these filters.');
    await pickFromMenu(page, 'voice-engine-filter', '');

    // Search within the language filter cleared: every English voice, and only those.
    await pickFromMenu(page, 'voice-language-filter', '');
    await page.getByTestId('voice-search').fill('english');
    const english = await api<{ total: number }>('/voice/voice-profiles?search=english');
    expect(english.total).toBeGreaterThan(3);
    expect(english.total).toBeLessThan(50);
    await expect
      .poll(() => page.getByTestId('voice-count').textContent())
      .toBe(`Showing ${english.total} of ${english.total} voices`);
    const names = await page.getByTestId('voice-name').allTextContents();
    expect(names.length).toBe(english.total);
    for (const name of names) expect(name).toMatch(/English/);
    await shot('library');

    // Preview: made by the engine on first request, then loaded into the player.
    await pickFromMenu(page, 'voice-language-filter', 'de');
    await page.getByTestId('voice-search').fill('');
    await expect
      .poll(() => page.getByTestId('voice-count').textContent())
      .toBe('Showing 1 of 1 voices');
    expect(await rowAttributes('language')).toEqual(['de']);
    const button = page.getByTestId('voice-preview').first();
    await button.click();
    await expect
      .poll(async () => (await media('[data-testid="voice-audio"]')).readyState, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(1);
    const audio = await media('[data-testid="voice-audio"]');
    expect(audio.error).toBeNull();
    expect(audio.src.startsWith(`${engine.url}/api/v1/downloads/`)).toBe(true);
    expect(audio.duration).toBeGreaterThan(1);
    expect(await page.getByTestId('voice-player-label').textContent()).toContain('German');
    expect(['playing', 'paused']).toContain(await button.getAttribute('data-state'));
    // The same signed file is what the engine serves without a credential.
    const download = await fetch(audio.src);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/audio\/mpeg/);
    await shot('preview');
  });
});

describe('narration in the manuscript view', () => {
  it('narrates a book with live progress, then retakes, compares and picks a paragraph take', async () => {
    // Setup over the API: a book pasted into a new project (the import UI has its own test).
    const project = await api<{ id: string }>('/audiobook/projects', {
      method: 'POST',
      body: JSON.stringify({ title: 'The Lighthouse', author: 'A. Keeper', language: 'en-US' }),
    });
    await api(`/audiobook/projects/${project.id}/manuscript/paste`, {
      method: 'POST',
      body: JSON.stringify({ text: BOOK }),
    });
    const usVoice = (
      await api<{ voices: { id: number; name: string }[] }>(
        '/audiobook/voices/available?language=en-US',
      )
    ).voices[0];
    expect(usVoice?.name).toBe('English (America)');

    await page.goto(`${engine.url}/#/audiobooks/${project.id}`);
    await page.getByTestId('narration-panel').waitFor();
    await page.locator('[data-testid="narration-panel"][data-status="idle"]').waitFor();
    expect(await page.getByTestId('attest-rights').count()).toBe(1);

    // Narrator voice: the voices suited to en-US, labelled with their tier; saved at once.
    await page.getByTestId('narrator-voice').click();
    const list = page.getByTestId('narrator-voice-list');
    expect(await list.locator('[role="option"]').first().textContent()).toMatch(/Automatic/);
    const us = list.locator(`[role="option"][data-value="${usVoice?.id}"]`);
    expect(await us.textContent()).toContain('English (America)');
    expect(await us.textContent()).toContain('Built-in, synthetic');
    await us.click();
    await expect
      .poll(
        async () =>
          (await api<{ selected_voice_id: number | null }>(`/audiobook/projects/${project.id}`))
            .selected_voice_id,
      )
      .toBe(usVoice?.id);
    await expect
      .poll(() => page.getByTestId('narrator-voice-picker').textContent())
      .toContain('it sounds synthetic');
    // "Hear" plays the chosen voice's preview.
    await page.getByTestId('narrator-voice-preview').click();
    await expect
      .poll(async () => (await media('[data-testid="narrator-voice-audio"]')).readyState, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(1);
    expect((await media('[data-testid="narrator-voice-audio"]')).src).toContain(
      '/api/v1/downloads/',
    );
    await page.getByTestId('narrator-voice-audio').evaluate((el) => {
      (el as unknown as { pause: () => void }).pause();
    });

    // Narrate the book: refused without the rights attestation, which is offered in place.
    watched.expectedErrors.push(/status of 400/);
    await page.evaluate(`(() => {
      window.__narration = [];
      const seen = () => {
        const panel = document.querySelector('[data-testid="narration-panel"]');
        const percent = document.querySelector('[data-testid="narration-percent"]');
        const entry = (panel && panel.getAttribute('data-status')) + ' ' + (percent ? percent.textContent : '');
        if (window.__narration[window.__narration.length - 1] !== entry) window.__narration.push(entry);
      };
      new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    })()`);
    await page.getByTestId('narrate-book').click();
    const prompt = page.getByTestId('rights-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('“The Lighthouse” by A. Keeper');
    await shot('rights');
    await page.getByTestId('rights-prompt-attest').click();
    await page.getByTestId('rights-attested').waitFor();
    const started = page.getByTestId('narrate-book-result');
    await started.waitFor();
    expect(await started.textContent()).toMatch(
      // While the job runs; once it has ended (it can, on a fast machine) nothing is held.
      /^(Narrating 7 paragraphs · [\d,]+ credits held · about .+ of work|Narrated 7 paragraphs; credits settled)$/,
    );
    expect(
      (await api<{ rights_attested_at: string | null }>(`/audiobook/projects/${project.id}`))
        .rights_attested_at,
    ).not.toBeNull();

    // Live progress to completion.
    await page
      .locator(
        '[data-testid="narration-panel"][data-status="idle"] [data-testid="narration-percent"]',
      )
      .filter({ hasText: '100%' })
      .waitFor({ timeout: 120_000 });
    const seen = await page.evaluate<string[]>('window.__narration');
    expect(seen.some((entry) => /^(queued|narrating) /.test(entry))).toBe(true);
    expect(await page.getByTestId('narration-status').textContent()).toBe('Narrated');
    expect(await page.getByTestId('narration-counts').textContent()).toMatch(
      /^7 of 7 paragraphs · .+ of audio$/,
    );
    expect(await page.getByTestId('narration-bar').getAttribute('aria-valuenow')).toBe('100');
    // Every paragraph of the open chapter shows its status.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="paragraph-status"]')
          .evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status'))),
      )
      .toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(await page.getByTestId('chapter-progress').textContent()).toBe('4 of 4 narrated');
    await shot('narrated');

    // Narrating the finished book again: nothing left, said so, with the way to re-take it all.
    await page.getByTestId('narrate-book').click();
    await page.getByTestId('narrate-book-result-error').waitFor();
    expect(await page.getByTestId('narrate-book-result-error').textContent()).toContain(
      'Narrate them again as new takes',
    );

    // The first paragraph's takes: one billed take, on a waveform with its words.
    const first = page.getByTestId('paragraph').first();
    const paragraphId = await first.getAttribute('data-paragraph-id');
    await first.getByTestId('paragraph-takes').click();
    const panel = first.getByTestId('takes-panel');
    await panel.getByTestId('take-row').first().waitFor();
    expect(await panel.getByTestId('take-row').count()).toBe(1);
    const take1 = panel.locator('[data-testid="take-row"][data-take-number="1"]');
    expect(await take1.getAttribute('data-active')).toBe('true');
    expect(await take1.getByTestId('take-billing').textContent()).toMatch(/^Billed · \d+ credits$/);
    expect(await take1.getByTestId('take-voice').textContent()).toBe('English (America)');
    expect(await take1.getByTestId('take-speed').textContent()).toBe('1.00×');
    await first.locator('[data-testid="take-waveform"][data-ready="true"]').waitFor();
    expect(await panel.getByTestId('take-text').textContent()).toBe(
      'The lighthouse keeper climbed the stairs slowly, counting each step as he went.',
    );

    // Playing it lights the words in turn.
    await panel.getByTestId('take-waveform-play').click();
    await panel.locator('[data-testid="take-waveform"][data-playing="true"]').waitFor();
    const spoken = new Set<string>();
    await expect
      .poll(
        async () => {
          const word = await panel
            .getByTestId('spoken-word')
            .textContent({ timeout: 200 })
            .catch(() => null);
          if (word) spoken.add(word);
          return spoken.size;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBeGreaterThanOrEqual(3);
    for (const word of spoken) expect(BOOK).toContain(word);
    await shot('waveform');
    await panel.getByTestId('take-waveform-play').click();

    // Narrate the paragraph again at another speed: take 2, the free regeneration.
    await pickFromMenu(page, 'narrate-speed', '1.25');
    // The panel follows the narration job on the event stream: the paragraph's takes are read
    // when the stream says the job started or ended, never polled.
    const paragraphReads: string[] = [];
    const countRead = (request: { url(): string; method(): string }) => {
      const url = request.url().split('?')[0]!;
      if (request.method() === 'GET' && url.endsWith(`/paragraphs/${paragraphId}/takes`))
        paragraphReads.push(request.url());
    };
    page.on('request', countRead);
    await panel.getByTestId('narrate-paragraph').click();
    const service = panel.getByTestId('narrate-paragraph-result');
    await service.waitFor();
    expect(await service.textContent()).toMatch(/^Take 2 queued · free regeneration · about /);
    const take2 = panel.locator('[data-testid="take-row"][data-take-number="2"]');
    await take2.waitFor({ timeout: 60_000 });
    expect(await take2.getByTestId('take-billing').textContent()).toBe('Free regeneration');
    expect(await take2.getAttribute('data-billing')).toBe('free_regen');
    expect(await take2.getByTestId('take-speed').textContent()).toBe('1.25×');
    await expect.poll(() => take2.getAttribute('data-active')).toBe('true');
    expect(await take1.getAttribute('data-active')).toBe('false');
    // Read when the stream said the job was queued, started and ended (each refreshes the book's
    // routes, docs/architecture.md "The studio's data layer"), then no more: nothing polls it.
    await expect.poll(() => paragraphReads.length).toBeGreaterThanOrEqual(1);
    const readsAfterEnd = paragraphReads.length;
    expect(readsAfterEnd).toBeLessThanOrEqual(6);
    await page.waitForTimeout(3_000);
    expect(paragraphReads.length).toBe(readsAfterEnd);
    page.off('request', countRead);

    // A/B: take 2 (active) against take 1; switching keeps the playhead.
    const compare = panel.getByTestId('take-compare');
    await compare.waitFor();
    expect(await compare.textContent()).toContain('A/B: take 2 vs take 1');
    const audioA = `[data-paragraph-id="${paragraphId}"] [data-testid="compare-audio-a"]`;
    const audioB = `[data-paragraph-id="${paragraphId}"] [data-testid="compare-audio-b"]`;
    await expect.poll(async () => (await media(audioB)).readyState).toBeGreaterThanOrEqual(2);
    await compare.getByTestId('compare-play').click();
    await expect
      .poll(async () => (await media(audioA)).currentTime, { timeout: 15_000 })
      .toBeGreaterThan(0.6);
    await compare.getByTestId('compare-b').click();
    expect(await compare.getAttribute('data-side')).toBe('b');
    const [a, b] = [await media(audioA), await media(audioB)];
    expect(a.paused).toBe(true);
    expect(b.paused).toBe(false);
    // B took over where A stopped (it has played on a little since).
    expect(b.currentTime).toBeGreaterThanOrEqual(a.currentTime - 0.05);
    expect(b.currentTime).toBeLessThan(a.currentTime + 1);
    await shot('compare');
    await compare.getByTestId('compare-play').click();

    // Take 1 back as the active take.
    await take1.getByTestId('take-activate').click();
    await expect.poll(() => take1.getAttribute('data-active')).toBe('true');
    expect(await take2.getAttribute('data-active')).toBe('false');
    const takes = await api<{
      active_take_id: string;
      takes: { take_id: string; take_number: number }[];
    }>(`/audiobook/projects/${project.id}/paragraphs/${paragraphId}/takes`);
    expect(takes.takes.map((t) => t.take_number)).toEqual([1, 2]);
    expect(takes.active_take_id).toBe(takes.takes[0]?.take_id);
    await shot('takes');
  });
});

describe('cancelling narration', () => {
  it('cancels a running book from the panel; finished lines keep their takes', async () => {
    const paragraphs = Array.from(
      { length: 40 },
      (_, i) =>
        `Line ${i + 1}: the tide came in over the flats and the birds rose from the water, calling to one another as the light went grey.`,
    );
    const project = await api<{ id: string }>('/audiobook/projects', {
      method: 'POST',
      body: JSON.stringify({ title: 'The Long Tide', language: 'en-US' }),
    });
    await api(`/audiobook/projects/${project.id}/manuscript/paste`, {
      method: 'POST',
      body: JSON.stringify({ text: ['CHAPTER 1', ...paragraphs].join('\n\n') }),
    });
    await api(`/audiobook/projects/${project.id}/rights-attestation`, { method: 'POST' });

    await page.goto(`${engine.url}/#/audiobooks/${project.id}`);
    await page.locator('[data-testid="narration-panel"][data-status="idle"]').waitFor();
    await page.getByTestId('narrate-book').click();
    expect(await page.getByTestId('narrate-book-result').textContent()).toMatch(
      /^Narrating 40 paragraphs/,
    );
    const cancel = page.getByTestId('narration-cancel');
    await cancel.waitFor();
    await shot('running');
    await cancel.click();
    await page.getByTestId('narration-cancelled').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="narration-panel"][data-status="idle"]').waitFor();
    expect(await page.getByTestId('narrate-book').isEnabled()).toBe(true);

    const progress = await api<{ status: string; completed: number; total_paragraphs: number }>(
      `/audiobook/projects/${project.id}/narration/progress`,
    );
    expect(progress.status).toBe('idle');
    expect(progress.total_paragraphs).toBe(40);
    expect(progress.completed).toBeLessThan(40);
    expect(await page.getByTestId('narration-counts').textContent()).toMatch(
      new RegExp(`^${progress.completed} of 40 paragraphs`),
    );
    const released = Number(
      /(\d+) waiting/.exec(
        (await page.getByTestId('narration-cancelled').textContent()) ?? '',
      )?.[1],
    );
    expect(released).toBeGreaterThan(0);
    expect(released).toBeLessThanOrEqual(40 - progress.completed);
    // The badges agree with the engine: completed lines first, none left queued.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="paragraph-status"]')
          .evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status'))),
      )
      .toEqual(Array.from({ length: progress.completed }, () => 'completed'));
    // Every finished line kept its take; the others have none.
    const chapters = await api<{ chapters: { id: string }[] }>(
      `/audiobook/projects/${project.id}/chapters`,
    );
    const lines = await api<{ paragraphs: { id: string; status: string }[] }>(
      `/audiobook/projects/${project.id}/chapters/${chapters.chapters[0]?.id}/paragraphs`,
    );
    for (const line of lines.paragraphs) {
      const takes = await api<{ takes: unknown[] }>(
        `/audiobook/projects/${project.id}/paragraphs/${line.id}/takes`,
      );
      expect(takes.takes.length, line.status).toBe(line.status === 'completed' ? 1 : 0);
    }
    await shot('cancelled');
  });
});
