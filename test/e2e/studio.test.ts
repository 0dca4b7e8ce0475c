/**
 * The web studio in Debian's Chromium (Playwright as a library) against a real engine process:
 * real SQLite, real ffmpeg, the real renderer build served by the engine with its token.
 *
 * (a) the shell renders, navigation works by mouse and keyboard, and the Engine page shows what
 *     /health reports; (b) a real audio analysis started from the file input shows live progress
 *     and its measured levels; (c) a running job is cancelled from the UI.
 * Screenshots go to test-output/ (gitignored) for a human look.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeSineWav } from '../helpers/audio-fixtures.ts';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { OUTPUT, SHOT, ensureStudioBuild, launchChromium, signInToStudio } from './harness.ts';

/**
 * Long enough that ffmpeg's measuring pass takes seconds on a 2-core machine, so progress is
 * observable; makeSineWav's amplitude 0.5 gives an RMS of 20·log10(0.5/√2) = −9.03 dBFS.
 */
const LONG_SECONDS = 1_800;
const EXPECTED_RMS_DBFS = -9.03;

/** `−9.0 dBFS` → -9. */
function parseLevel(text: string): number {
  return Number.parseFloat(text.replace('\u2212', '-'));
}

let engine: EngineProcess;
let browser: Browser;
let page: Page;
let pageErrors: string[];
const temp = makeTempDir('tapehouse-e2e-');

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
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
  });
  await signInToStudio(page, engine);
});

afterEach(async () => {
  await page.context().close();
  // Any script error or failed request the studio logged is a bug, even if the test passed.
  expect(pageErrors).toEqual([]);
});

/** Waits until the page's h1 reads `text` (navigation renders asynchronously). */
async function expectHeading(text: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 })
    .toBe(text);
}

async function focusedTestId(): Promise<string | null> {
  return page.evaluate<string | null>(
    "document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null",
  );
}

/** Uploads through the real file input and returns the new job's row. */
async function analyzeFile(file: string): Promise<Locator> {
  await page.getByTestId('analyze-file-input').setInputFiles(file);
  const row = page.locator('li[data-job-id]', { hasText: path.basename(file) }).first();
  await row.waitFor({ timeout: 60_000 });
  return row;
}

describe('web studio', () => {
  it('renders the shell, navigates, and shows the real engine status', async () => {
    // As the owner, the studio itself does: health shows its paths to the owner only.
    const health = (await (
      await fetch(`${engine.api}/health`, { headers: { Authorization: `Bearer ${engine.token}` } })
    ).json()) as {
      version: string;
      ffmpeg: { status: string; path: string | null; version: string | null };
      onnxruntime: { version: string; selected_providers: string[] };
    };

    // First launch lands on Home, not on the jobs log.
    await page.goto(`${engine.url}/`);
    await expectHeading('What would you like to do?');
    await page.getByTestId('home-narrate').waitFor();

    // Keyboard, on the freshly loaded page: Tab reaches the skip link, then the brand (Home) and
    // the sidebar's collapse button, then the first area; Enter opens it and focus moves to the
    // new page's heading.
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement?.textContent ?? ""')).toBe(
      'Skip to content',
    );
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label')"),
    ).toBe('Tapehouse home');
    await page.keyboard.press('Tab');
    expect(await focusedTestId()).toBe('sidebar-toggle');
    await page.keyboard.press('Tab');
    expect(await focusedTestId()).toBe('nav-home');
    await page.keyboard.press('Tab');
    expect(await focusedTestId()).toBe('nav-audiobooks');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/audiobooks$/);
    await expectHeading('Audiobooks');
    expect(await focusedTestId()).toBe('H1');

    await page.getByTestId('nav-jobs').click();
    await expectHeading('Jobs');
    await page.getByTestId('jobs-stream').and(page.locator('[data-state="open"]')).waitFor();
    await page.getByTestId('jobs-empty').waitFor();

    // Every area is reachable (the Stems page has its own e2e test: test/e2e/stems.test.ts).
    await page.getByRole('link', { name: /Stems/ }).click();
    expect(page.url()).toMatch(/#\/music\/stems$/);
    await expectHeading('Stem separation');
    await page.getByTestId('stems-file').waitFor();

    // The Engine page shows what /health says, not placeholders.
    await page.getByTestId('nav-settings-engine').click();
    await expectHeading('Engine status');
    await expect.poll(() => page.getByTestId('engine-version').textContent()).toBe(health.version);
    expect(await page.getByTestId('engine-pill').textContent()).toContain(
      `Engine ${health.version}`,
    );
    expect(health.ffmpeg.status).toBe('ok');
    expect(await page.getByTestId('ffmpeg-status').textContent()).toBe('Found');
    expect(await page.getByTestId('ffmpeg-version').textContent()).toBe(health.ffmpeg.version);
    expect(await page.getByTestId('ffmpeg-path').textContent()).toBe(health.ffmpeg.path);
    expect(await page.getByTestId('onnx-selected').textContent()).toBe(
      health.onnxruntime.selected_providers.join(' → '),
    );
    expect(await page.getByTestId('engine-data-dir').textContent()).toBe(engine.home);
    expect(await page.getByTestId('engine-error').count()).toBe(0);

    await page.screenshot({ path: path.join(OUTPUT, 'studio-shell.png'), ...SHOT });
  }, 90_000);

  it('starts a real analysis from the file input and follows its progress live', async () => {
    const file = makeSineWav(temp.dir, 'studio-long.wav', LONG_SECONDS);
    await page.goto(`${engine.url}/#/jobs`);
    await page.getByTestId('jobs-stream').and(page.locator('[data-state="open"]')).waitFor();

    const row = await analyzeFile(file);
    const bar = row.getByTestId('job-progress');
    const seen = new Set<number>();
    let runningShot = false;
    const deadline = Date.now() + 120_000;
    while ((await row.getAttribute('data-status')) !== 'completed') {
      if (Date.now() > deadline)
        throw new Error(`analysis did not complete; progress seen: ${[...seen]}`);
      const status = await row.getAttribute('data-status');
      expect(status, (await row.textContent()) ?? '').not.toBe('failed');
      const now = await bar.getAttribute('aria-valuenow');
      if (now !== null) seen.add(Number(now));
      if (!runningShot && now !== null && Number(now) > 0 && Number(now) < 100) {
        runningShot = true;
        await page.screenshot({ path: path.join(OUTPUT, 'studio-jobs-running.png'), ...SHOT });
      }
      await page.waitForTimeout(40);
    }
    const intermediate = [...seen].filter((v) => v > 0 && v < 100);
    expect(intermediate.length, `progress values seen: ${[...seen].join(', ')}`).toBeGreaterThan(0);
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await row.getByTestId('job-status').textContent()).toBe('Completed');

    // Seen completing live, so its levels open by themselves.
    const result = row.getByTestId('analysis-result');
    await result.waitFor();
    const rms = parseLevel((await result.getByTestId('result-rms').textContent()) ?? '');
    expect(rms).toBeCloseTo(EXPECTED_RMS_DBFS, 0);
    expect(parseLevel((await result.getByTestId('result-peak').textContent()) ?? '')).toBeCloseTo(
      -6.02,
      0,
    );
    expect(await result.textContent()).toContain('30 min 00 s');
    expect(
      Number(await result.getByTestId('waveform').getAttribute('data-points')),
    ).toBeGreaterThan(0);

    await page.screenshot({ path: path.join(OUTPUT, 'studio-jobs.png'), ...SHOT });
  }, 240_000);

  it('cancels a running job from the UI', async () => {
    const file = makeSineWav(temp.dir, 'studio-cancel.wav', LONG_SECONDS * 2);
    await page.goto(`${engine.url}/#/jobs`);
    await page.getByTestId('jobs-stream').and(page.locator('[data-state="open"]')).waitFor();

    const row = await analyzeFile(file);
    await row.and(page.locator('[data-status="running"]')).waitFor({ timeout: 60_000 });
    const id = Number(await row.getAttribute('data-job-id'));
    await row.getByRole('button', { name: `Cancel audio analysis #${id}` }).click();

    await row.and(page.locator('[data-status="cancelled"]')).waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('job-status').textContent()).toBe('Cancelled');
    expect(await row.getByTestId('job-cancel').count()).toBe(0);

    const job = (await (
      await fetch(`${engine.api}/jobs/${id}`, {
        headers: { Authorization: `Bearer ${engine.token}` },
      })
    ).json()) as { status: string };
    expect(job.status).toBe('cancelled');

    // The Cancelled filter asks the engine and lists it.
    await page.getByTestId('jobs-filter-cancelled').click();
    await page.getByTestId(`job-${id}`).waitFor();
  }, 240_000);

  it('shows why a job failed', async () => {
    const file = path.join(temp.dir, 'not-really-audio.wav');
    fs.writeFileSync(file, 'This is a text file with a .wav name, not audio.\n'.repeat(200));
    await page.goto(`${engine.url}/#/jobs`);
    await page.getByTestId('jobs-stream').and(page.locator('[data-state="open"]')).waitFor();

    const row = await analyzeFile(file);
    await row.and(page.locator('[data-status="failed"]')).waitFor({ timeout: 60_000 });
    expect(await row.getByTestId('job-status').textContent()).toBe('Failed');
    const id = Number(await row.getAttribute('data-job-id'));
    const job = (await (
      await fetch(`${engine.api}/jobs/${id}`, {
        headers: { Authorization: `Bearer ${engine.token}` },
      })
    ).json()) as { status: string; error_message: string | null };
    expect(job.status).toBe('failed');
    const shown = (await row.getByTestId('job-error').textContent()) ?? '';
    expect(job.error_message).toBeTruthy();
    expect(shown).toContain(job.error_message);
    expect(await row.getByTestId('job-cancel').count()).toBe(0);
  }, 120_000);

  it('shows a missing ffmpeg and an unreachable engine plainly', async () => {
    // The engine finds its bundled ffmpeg, so "missing" cannot be produced for real here: the
    // real /health answer is fetched and only its ffmpeg part is replaced, to check the red state.
    const error = 'No working ffmpeg: setting "/opt/none/ffmpeg" is not a file; PATH has no ffmpeg';
    await page.route('**/api/v1/health', async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as Record<string, unknown>;
      body.status = 'degraded';
      body.ffmpeg = { status: 'missing', path: null, version: null, source: null, error };
      await route.fulfill({ response: real, json: body });
    });
    await page.goto(`${engine.url}/#/settings/engine`);
    const missing = page.getByTestId('ffmpeg-missing');
    await missing.waitFor();
    // In the user's words: what is missing and what needs it (the engine's own detail stays in
    // /health for scripts).
    expect(await missing.textContent()).toContain('ffmpeg missing');
    expect(await missing.textContent()).toContain('Audio import, analysis and export need it.');
    expect(await page.getByTestId('ffmpeg-status').textContent()).toBe('ffmpeg missing');
    expect(await page.getByTestId('engine-overall').textContent()).toBe('Degraded');
    await page.screenshot({ path: path.join(OUTPUT, 'studio-ffmpeg-missing.png'), ...SHOT });

    // The engine stops answering: the sidebar and the page say so, keeping the last known facts.
    await page.unroute('**/api/v1/health');
    await page.route('**/api/v1/health', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await page.getByTestId('engine-error').waitFor();
    expect(await page.getByTestId('engine-pill').textContent()).toBe('Engine unreachable');
    expect(await page.getByTestId('engine-version').count()).toBe(1);
    // Chromium logs each refused request; those are the point of this test, not a bug.
    pageErrors = pageErrors.filter((line) => !line.includes('ERR_CONNECTION_REFUSED'));
  }, 60_000);
});
