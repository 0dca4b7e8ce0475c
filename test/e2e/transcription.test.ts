/**
 * The Transcription page in Debian's Chromium against a real engine process: a real
 * three-reader conversation (LibriSpeech readers, test-fixtures/speaker-mix.ts) is transcribed
 * with speakers — the real Silero VAD, sherpa-onnx running a Whisper pair of the published export
 * signature with a scripted decoder and the real tiktoken vocabulary, sherpa's diarization on
 * generated models of the published signatures. The progress shows, then the transcript beside
 * the waveform: a word click seeks the player, a speaker is renamed, a segment corrected, and
 * the SRT export carries both. Screenshots go to test-output/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../../engine/src/audio/ffmpeg-locate.ts';
import { writeConversation } from '../../engine/src/features/speech/asr-engines/test-fixtures/speaker-mix.ts';
import { writeAsrTestPacks } from '../helpers/asr-packs.ts';
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

const tiktoken = realModel('asr/whisper-assets/multilingual.tiktoken');
const vad = realModel('vad/silero_vad.onnx');
const speech = realData('speech');
const ready = tiktoken !== null && vad !== null && speech !== null;

let engine: EngineProcess;
let browser: Browser;
const temp = makeTempDir('tapehouse-transcription-e2e-');
const conversation = path.join(temp.dir, 'conversation.wav');

beforeAll(async () => {
  if (!ready) return;
  const packs = writeAsrTestPacks(
    temp.dir,
    { tiktoken: tiktoken!, vad: vad! },
    { words: [' Hello', ' there', '.'], language: 'en', diarization: true },
  );
  await writeConversation(await resolveFfmpeg({ setting: null }), speech!, conversation);
  await ensureStudioBuild();
  engine = await startEngineProcess({
    home: path.join(temp.dir, 'home'),
    env: { TAPEHOUSE_MODELS_DIR: packs.modelsDir, TAPEHOUSE_MANIFESTS_DIR: packs.manifestsDir },
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  temp.cleanup();
});

describe.runIf(ready)('transcription page', () => {
  it('transcribes with speakers, seeks by word, renames, corrects and exports', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1100 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/transcription`);
      await page.getByTestId('transcription-file').setInputFiles(conversation);
      await page.getByTestId('transcription-language').fill('en');
      await page.getByTestId('transcription-start').click();
      await page.getByTestId('transcription-job').waitFor();
      await page.getByTestId('transcript').waitFor({ timeout: 180_000 });

      // Three readers, each its own coloured, named chip; every segment says who speaks.
      for (const label of ['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_02'])
        await page.getByTestId(`speaker-${label}`).waitFor();
      const segments = page.locator('li[data-testid^="segment-"]');
      expect(await segments.count()).toBeGreaterThanOrEqual(4);
      expect(await segments.first().getByTestId('segment-speaker').textContent()).toBe(
        'SPEAKER_00',
      );

      // A click on a word of a later segment seeks the player to that word.
      const player = page.getByTestId('transcript-player');
      await expect.poll(() => player.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
      const lastWord = page.getByTestId('transcript-word').last();
      const start = Number(await lastWord.getAttribute('data-start'));
      expect(start).toBeGreaterThan(10);
      await lastWord.click();
      await expect
        .poll(async () => Number(await player.getAttribute('data-time')), { timeout: 10_000 })
        .toBeCloseTo(start, 1);
      expect(await lastWord.getAttribute('aria-current')).toBe('true');

      // Renaming a speaker relabels its segments.
      await page.getByTestId('speaker-rename-SPEAKER_00').click();
      await page.getByTestId('speaker-name-SPEAKER_00').fill('Ada');
      await page.getByTestId('speaker-name-SPEAKER_00').press('Enter');
      await expect
        .poll(() =>
          page
            .locator('li[data-testid^="segment-"]')
            .first()
            .getByTestId('segment-speaker')
            .textContent(),
        )
        .toBe('Ada');

      // Correcting the first segment's text.
      const first = page.locator('li[data-testid^="segment-"]').first();
      await first.getByRole('button', { name: 'Edit' }).click();
      await first
        .getByRole('textbox', { name: 'Segment text' })
        .fill('Hello there, this is the first reader.');
      await first.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => first.getByTestId('segment-plain-text').textContent())
        .toBe('Hello there, this is the first reader.');
      // Renaming and correcting kept the player where it was (its audio was not reloaded).
      expect(await player.getAttribute('data-ready')).toBe('true');
      expect(Number(await player.getAttribute('data-time'))).toBeCloseTo(start, 1);
      await page.screenshot({ ...SHOT, path: path.join(OUTPUT, 'transcription-result.png') });

      // The SRT export carries the name and the correction.
      const download = page.waitForEvent('download');
      await page.getByTestId('transcript-export-srt').click();
      const file = await (await download).path();
      const srt = fs.readFileSync(file, 'utf8');
      expect(srt).toMatch(/^1\r?\n00:00:0\d,\d{3} --> /);
      expect(srt).toContain('[Ada] Hello there, this is the first reader.');
      await closeWatchedPage(watched);
    } catch (error) {
      await page.screenshot({ ...SHOT, path: path.join(OUTPUT, 'transcription-failure.png') });
      throw error;
    }
  }, 300_000);
});
