/**
 * The Voice lab in Debian's Chromium against a real engine process (real ffmpeg, the real
 * Silero VAD and DNSMOS models, the embedded eSpeak NG engine), with no cloning pack installed:
 * a real LibriSpeech sample is uploaded and measured by the quality meter, cloning shows the
 * engine's "install a cloning pack" answer, two designed previews appear side by side and one
 * is published and offered at once as a conversion target. Screenshots go to test-output/.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { joinClips, speakerFile } from '../helpers/voice-samples.ts';
import {
  OUTPUT,
  SHOT,
  closeWatchedPage,
  ensureStudioBuild,
  launchChromium,
  openWatchedPage,
} from './harness.ts';
import { pickFromMenu } from './menu.ts';

const speech = realData('speech/librispeech_test-other_10spk');
const ready = speech !== null && realModel('vad/silero_vad.onnx') !== null;

let engine: EngineProcess;
let browser: Browser;
let sample = '';
const temp = makeTempDir('tapehouse-voice-lab-e2e-');

beforeAll(async () => {
  if (!ready) return;
  const dataDir = process.env.TAPEHOUSE_DATA_DIR ?? '';
  sample = await joinClips(
    [speakerFile(dataDir, '1688', 1), speakerFile(dataDir, '1688', 2)],
    path.join(temp.dir, 'sample.wav'),
    { maxSeconds: 20 },
  );
  await ensureStudioBuild();
  engine = await startEngineProcess({ home: path.join(temp.dir, 'home') });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  temp.cleanup();
});

describe.runIf(ready)('voice lab page', () => {
  it('measures a sample, explains a missing cloning pack, designs and publishes', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1200 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/voices/lab`);
      await page.getByTestId('sample-file').setInputFiles(sample);
      const dnsmos = page.getByTestId('sample-dnsmos');
      await dnsmos.waitFor({ timeout: 120_000 });
      await expect.poll(() => dnsmos.textContent(), { timeout: 120_000 }).toMatch(/^\d\.\d\d$/);
      const score = Number(await dnsmos.textContent());
      expect(score).toBeGreaterThan(1);
      expect(score).toBeLessThan(5);
      const speechShare = Number(
        (await page.getByTestId('sample-speech').textContent())?.replace(/\D/g, ''),
      );
      expect(speechShare).toBeGreaterThan(50);

      // The engine answers 503 (no cloning pack); the browser logs that response.
      watched.expectedErrors.push(/status of 503/);
      await page.getByTestId('clone-start').click();
      const cloneError = page.getByTestId('clone-messages-error');
      await cloneError.waitFor({ timeout: 120_000 });
      expect(await cloneError.textContent()).toMatch(/voice-cloning model/);
      expect(await cloneError.textContent()).not.toMatch(/manifest|models\/|npm run/);

      await page
        .getByTestId('design-prompt')
        .fill('A deep, calm old man with a British accent, speaking slowly.');
      await pickFromMenu(page, 'design-count', '2');
      await page.getByTestId('design-start').click();
      const previews = page.getByTestId('design-preview');
      await expect.poll(() => previews.count(), { timeout: 120_000 }).toBe(2);
      // Side by side: the same row, the second to the right of the first.
      const [first, second] = [
        await previews.nth(0).boundingBox(),
        await previews.nth(1).boundingBox(),
      ];
      expect(Math.abs((first?.y ?? 0) - (second?.y ?? 1))).toBeLessThan(2);
      expect(second?.x ?? 0).toBeGreaterThan((first?.x ?? 0) + (first?.width ?? 0) - 1);
      expect(await page.getByTestId('design-understood').textContent()).toMatch(/male|old|slow/);
      // The studio's player loaded the preview's audio from the engine (it has a length).
      const player = page.getByTestId('design-player-0');
      await expect.poll(() => player.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
      expect(Number(await player.getAttribute('data-duration'))).toBeGreaterThan(0.5);

      await page.getByTestId('design-name').fill('Old narrator');
      await page.getByTestId('design-publish-0').click();
      const published = page.getByTestId('design-published');
      await published.waitFor({ timeout: 60_000 });
      expect(await published.textContent()).toContain('Old narrator');
      // The designed voice is one of yours at once: conversion offers it as the target, and
      // waits for a recording to convert.
      await expect
        .poll(() => page.getByTestId('convert-target').textContent())
        .toContain('Old narrator');
      expect(await page.getByTestId('convert-start').isDisabled()).toBe(true);
      await page.screenshot({ ...SHOT, path: path.join(OUTPUT, 'voice-lab.png') });
    } catch (error) {
      await page.screenshot({ ...SHOT, path: path.join(OUTPUT, 'voice-lab-failure.png') });
      throw error;
    }
    await closeWatchedPage(watched);
  }, 400_000);
});
