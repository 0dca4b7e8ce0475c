/**
 * The Noise reduction page in Debian's Chromium against a real engine process (real ffmpeg, the
 * real GTCRN model through ONNX Runtime): a real noisy recording is uploaded in the balanced
 * mode, its progress followed, the measured reduction shown, both waveforms drawn, A/B playback
 * switched between before and after, and the result downloaded. An unsupported file shows the
 * engine's error. Screenshots go to test-output/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  OUTPUT,
  SHOT,
  closeWatchedPage,
  ensureStudioBuild,
  launchChromium,
  openWatchedPage,
} from './harness.ts';

const model = realModel('denoise/gtcrn_simple.onnx');
const data = realData('noise');
const ready = model !== null && data !== null;

let engine: EngineProcess;
let browser: Browser;
const temp = makeTempDir('tapehouse-denoise-e2e-');

beforeAll(async () => {
  if (!ready) return;
  await ensureStudioBuild();
  engine = await startEngineProcess({ home: path.join(temp.dir, 'home') });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  temp.cleanup();
});

describe.runIf(ready)('noise reduction page', () => {
  it('denoises a noisy recording, compares before and after, and downloads it', async () => {
    const noisy = path.join(data!, 'pairs_voicebank_demand/noisy/p287_003.wav');
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1000 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/music/denoise`);
      await page.getByTestId('denoise-file').setInputFiles(noisy);
      await page.getByTestId('denoise-mode-balanced').check();
      await page.getByTestId('denoise-start').click();
      await page.getByTestId('denoise-job').waitFor();

      const reduction = page.getByTestId('denoise-reduction');
      await reduction.waitFor({ timeout: 120_000 });
      const db = Number((await reduction.textContent())?.replace(/[^0-9.-]/g, ''));
      expect(db).toBeGreaterThan(3);

      // Both waveforms are drawn once their audio is fetched and decoded.
      for (const id of ['denoise-wave-before', 'denoise-wave-after']) {
        await page.getByTestId(id).waitFor({ timeout: 30_000 });
        await expect
          .poll(() => page.getByTestId(id).evaluate((el) => el.children.length), {
            timeout: 30_000,
          })
          .toBeGreaterThan(0);
      }
      const play = page.getByTestId('denoise-play');
      await expect.poll(() => play.isEnabled(), { timeout: 30_000 }).toBe(true);
      await play.click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      // Playback advances (both sources run in one audio context).
      await expect
        .poll(() => page.getByTestId('denoise-time').textContent(), { timeout: 10_000 })
        .not.toBe('0.0 s');
      // The result's controls are the studio's own too: nothing native to pick with.
      expect(
        await page.locator('select, input[type="radio"], input[type="checkbox"]').count(),
      ).toBe(0);
      await page.getByTestId('denoise-listen-before').check();
      expect(await page.getByTestId('denoise-listen-before').isChecked()).toBe(true);
      await page.getByTestId('denoise-listen-after').check();
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.screenshot({ ...SHOT, path: path.join(OUTPUT, 'denoise-result.png') });

      const href = await page.getByTestId('denoise-download').getAttribute('href');
      expect(href).toMatch(/\/api\/v1\/downloads\/.+signature=/);
      const res = await fetch(href!);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(bytes.length).toBeGreaterThan(fs.statSync(noisy).size / 2);
      await closeWatchedPage(watched);
    } catch (error) {
      await page.screenshot({ ...SHOT, path: path.join(OUTPUT, 'denoise-failure.png') });
      throw error;
    }
  }, 240_000);

  it('shows the engine’s error for a file that is not audio', async () => {
    const text = path.join(temp.dir, 'notes.mp3');
    fs.writeFileSync(text, 'not a recording\n'.repeat(100));
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 900 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/music/denoise`);
      await page.getByTestId('denoise-file').setInputFiles(text);
      await page.getByTestId('denoise-start').click();
      const failed = page.getByTestId('denoise-failed');
      await failed.waitFor({ timeout: 60_000 });
      expect(await failed.textContent()).toMatch(/not a media file|damaged/);
      await closeWatchedPage(watched);
    } catch (error) {
      await page.screenshot({ ...SHOT, path: path.join(OUTPUT, 'denoise-error-failure.png') });
      throw error;
    }
  }, 120_000);
});
