/**
 * Exporting part of a book from the studio (issue 14) in Debian's Chromium against a real engine
 * process: with chapter 2 not narrated, the export dialog names it and offers "Export narrated
 * chapters only" (the package holds chapters 1 and 3) and "Skip this chapter and export" (the
 * chapter is marked skip_narration and the export runs). While each export runs the progress
 * comes over the job event stream: the export status route is read when the job opens and when
 * it changes state, never on progress and never polled. Screenshot: test-output/export-not-ready.png.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const BOOK = ['1', '2', '3']
  .map((n) =>
    [
      `CHAPTER ${n}`,
      `The tide turned for the ${n} time and the boats rose gently at their moorings.`,
      'A gull called twice from the harbour wall and then was silent.',
    ].join('\n\n'),
  )
  .join('\n\n');

let engine: EngineProcess;
let browser: Browser;
let watched: WatchedPage;
let page: Page;
const temp = makeTempDir('tapehouse-e2e-export-subset-');

beforeAll(async () => {
  await ensureStudioBuild();
  engine = await startEngineProcess({ home: path.join(temp.dir, 'home') });
  browser = await launchChromium();
  watched = await openWatchedPage(browser, {
    viewport: { width: 1280, height: 1100 },
    signInTo: engine,
  });
  ({ page } = watched);
  // The two refused exports (409 export_not_ready) log their status in the console.
  watched.expectedErrors.push(/status of 409/);
});

afterAll(async () => {
  if (watched) await closeWatchedPage(watched);
  await browser?.close();
  await engine?.stop();
  temp.cleanup();
});

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

async function waitJob(id: number): Promise<string> {
  for (;;) {
    const job = await api<{ status: string }>(`/jobs/${id}`);
    if (['completed', 'failed', 'cancelled'].includes(job.status)) return job.status;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every value the export progress bar shows, recorded in the page as it changes. */
async function recordProgress(): Promise<void> {
  await page.evaluate(`(() => {
    const seen = [];
    window.progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="export-progress"]');
      const value = bar && bar.getAttribute('aria-valuenow');
      if (value && seen[seen.length - 1] !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  })()`);
}

const progressSeen = (): Promise<string[]> => page.evaluate('window.progressSeen');

describe('exporting part of a book in the studio', () => {
  it('names the unnarrated chapter, exports the narrated ones, then skips it in one click', async () => {
    const project = await api<{ id: string }>('/audiobook/projects', {
      method: 'POST',
      body: JSON.stringify({ title: 'Three Tides', author: 'A. Keeper', language: 'en-US' }),
    });
    const base = `/audiobook/projects/${project.id}`;
    await api(`${base}/manuscript/paste`, { method: 'POST', body: JSON.stringify({ text: BOOK }) });
    await api(`${base}/rights-attestation`, { method: 'POST' });
    const { chapters } = await api<{ chapters: { id: string; chapter_number: number }[] }>(
      `${base}/chapters`,
    );
    expect(chapters.map((c) => c.chapter_number)).toEqual([1, 2, 3]);
    const batch = await api<{ job_id: number }>(`${base}/narration/batch`, {
      method: 'POST',
      body: JSON.stringify({ chapter_ids: [chapters[0]!.id, chapters[2]!.id] }),
    });
    expect(await waitJob(batch.job_id)).toBe('completed');

    const statusReads: string[] = [];
    page.on('request', (request) => {
      if (/\/export\/\d+\/status/.test(request.url())) statusReads.push(request.url());
    });

    await page.goto(`${engine.url}/#/audiobooks/${project.id}`);
    await page.getByTestId('export-panel').waitFor();
    await recordProgress();
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-dialog').waitFor();
    await page.getByTestId('export-credits').uncheck();
    await page.getByTestId('export-start').click();
    const notReady = page.getByTestId('export-not-ready');
    await notReady.waitFor();
    expect(await page.getByTestId('export-not-ready-chapter').allTextContents()).toEqual([
      'Chapter 2 · CHAPTER 2 — 2 paragraphs without audio',
    ]);
    await page.screenshot({ path: path.join(OUTPUT, 'export-not-ready.png'), ...SHOT });

    await page.getByTestId('export-narrated-only').click();
    await page.getByTestId('export-download').waitFor({ timeout: 180_000 });
    const rows = page.getByTestId('export-report-row');
    await expect.poll(() => rows.count()).toBe(3);
    const files = (await rows.allTextContents()).map((t) => t.split('-2')[0]);
    expect(files[0]).toMatch(/^01 - CHAPTER 1\.mp3/);
    expect(files[1]).toMatch(/^02 - CHAPTER 3\.mp3/);
    // Progress arrived over the event stream; the status route was read when the job opened and
    // when the job changed state (started, ended; the data layer refreshes a book's routes on
    // those events, docs/architecture.md "The studio's data layer"), never on a progress event
    // and never by polling (a poll would read it dozens of times over this export).
    expect((await progressSeen()).length).toBeGreaterThan(1);
    expect(statusReads.length).toBeLessThanOrEqual(4);

    statusReads.length = 0;
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-credits').uncheck();
    await page.getByTestId('export-start').click();
    await page.getByTestId('export-skip-chapters').click();
    await page.getByTestId('export-dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('export-state').textContent(), { timeout: 120_000 })
      .toMatch(/Ready to download/);
    const skipped = await api<{ skip_narration: boolean }>(`${base}/chapters/${chapters[1]!.id}`);
    expect(skipped.skip_narration).toBe(true);
    // Open, started, ended, and once more after the dialog's chapter change refreshed the book.
    expect(statusReads.length).toBeLessThanOrEqual(4);
  }, 300_000);
});
