/**
 * The ACX export from the project page in Debian's Chromium against a real engine process
 * (real SQLite, ffmpeg, eSpeak NG, the real renderer build): a narrated book is exported from
 * the export dialog (narrator name, M4B), the progress bar runs, the per-file report fills with
 * RMS, true peak, noise floor, length and "Pass" for every file, and "Download ZIP" downloads the
 * package. Screenshot: test-output/export-report.png.
 */
import fs from 'node:fs';
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
import { pickFromMenu } from './menu.ts';

const BOOK = [
  'CHAPTER 1',
  'The lighthouse keeper climbed the stairs slowly, counting each step as he went.',
  'At the top he wiped the glass and looked out over the restless sea.',
  'CHAPTER 2',
  'The storm arrived before dawn and shook the windows of the little town.',
  'By noon the harbour was calm again, and the fishermen mended their nets.',
].join('\n\n');

let engine: EngineProcess;
let browser: Browser;
let watched: WatchedPage;
let page: Page;
const temp = makeTempDir('tapehouse-e2e-export-');

beforeAll(async () => {
  await ensureStudioBuild();
  engine = await startEngineProcess({ home: path.join(temp.dir, 'home') });
  browser = await launchChromium();
  watched = await openWatchedPage(browser, {
    viewport: { width: 1280, height: 1100 },
    signInTo: engine,
  });
  ({ page } = watched);
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

describe('ACX export in the studio', () => {
  it('exports from the dialog, shows the per-file report and downloads the ZIP', async () => {
    const project = await api<{ id: string }>('/audiobook/projects', {
      method: 'POST',
      body: JSON.stringify({ title: 'The Lighthouse', author: 'A. Keeper', language: 'en-US' }),
    });
    const base = `/audiobook/projects/${project.id}`;
    await api(`${base}/manuscript/paste`, { method: 'POST', body: JSON.stringify({ text: BOOK }) });
    await api(`${base}/rights-attestation`, { method: 'POST' });
    const batch = await api<{ job_id: number }>(`${base}/narration/batch`, {
      method: 'POST',
      body: '{}',
    });
    expect(await waitJob(batch.job_id)).toBe('completed');

    await page.goto(`${engine.url}/#/audiobooks/${project.id}`);
    await page.getByTestId('export-panel').waitFor();
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-dialog').waitFor();
    await page.getByTestId('export-narrator').fill('Studio Narrator');
    await pickFromMenu(page, 'export-format', 'm4b');
    await page.getByTestId('export-start').click();

    const download = page.getByTestId('export-download');
    await download.waitFor({ timeout: 180_000 });
    const rows = page.getByTestId('export-report-row');
    // Opening credits, two chapters, closing credits, the retail sample.
    expect(await rows.count()).toBe(5);
    for (const text of await rows.allTextContents()) {
      expect(text).toMatch(/Pass$/);
      expect(text).toMatch(/[-−]2\d\.\d dB/); // RMS (the studio writes a true minus sign)
    }
    await page.screenshot({ path: path.join(OUTPUT, 'export-report.png'), ...SHOT });

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('The Lighthouse - ACX.zip');
    const saved = path.join(temp.dir, 'package.zip');
    await file.saveAs(saved);
    expect(fs.statSync(saved).size).toBeGreaterThan(100_000);
  }, 300_000);
});
