/**
 * A fresh install in Debian's Chromium, as a new user meets it: a real engine process with no
 * models at all, whose downloads go through a mirror (TAPEHOUSE_MODEL_MIRROR) serving the
 * committed packs at their real URLs (generated Whisper and diarization models of the published
 * signatures, the real Silero VAD and the real Whisper token file) with the Hub's listing of
 * each pinned commit. Home asks "What will you do here?"; "Transcribe" lists the packs for this
 * computer with sizes, licences and free disk; one click installs them with progress; then the
 * Transcription page transcribes a real recording. No developer words on any page on the way.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { diarizationFiles, whisperFiles } from '../helpers/generated-packs.ts';
import { committedManifests, publishPack } from '../helpers/mirror-packs.ts';
import { startModelMirror, type ModelMirror } from '../helpers/model-mirror.ts';
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
const speech = realData('speech/picovoice_multilingual');

/** What a user must never be shown: file formats, folders, settings, shapes, commands. */
const DEVELOPER_WORDS =
  /manifest|models\/|TAPEHOUSE_|npm run|tensor|\[1, ?\d|\.onnx|sherpa|sha256|int8/i;

let engine: EngineProcess;
let browser: Browser;
let mirror: ModelMirror;
const temp = makeTempDir('tapehouse-setup-e2e-');

beforeAll(async () => {
  if (!tiktoken || !vad || !speech) throw new Error('real models and speech are required');
  mirror = await startModelMirror(path.join(temp.dir, 'mirror'));
  const manifests = committedManifests(path.join(temp.dir, 'manifests'));
  const work = path.join(temp.dir, 'work');
  fs.mkdirSync(work, { recursive: true });
  const whisper = whisperFiles(
    path.join(work, 'whisper'),
    tiktoken,
    [' Hallo', ' Welt', '.'],
    'de',
  );
  publishPack(mirror, manifests, 'silero-vad', {}, work);
  // Whichever size the engine recommends for the machine running the test is served.
  for (const size of ['tiny', 'base', 'small']) {
    publishPack(mirror, manifests, `whisper-${size}`, whisper, work);
  }
  publishPack(
    mirror,
    manifests,
    'speaker-diarization',
    diarizationFiles(path.join(work, 'd')),
    work,
  );
  await ensureStudioBuild();
  const empty = path.join(temp.dir, 'no-models');
  fs.mkdirSync(empty, { recursive: true });
  engine = await startEngineProcess({
    home: path.join(temp.dir, 'home'),
    env: {
      TAPEHOUSE_MANIFESTS_DIR: manifests,
      TAPEHOUSE_MODELS_DIR: empty,
      TAPEHOUSE_MODEL_MIRROR: mirror.url,
      TAPEHOUSE_MODEL_DISK_RESERVE_MB: '0',
    },
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  await mirror?.close();
  temp.cleanup();
});

async function expectPlainWords(page: Page, where: string): Promise<void> {
  const text = await page.locator('main').innerText();
  expect(text, where).not.toMatch(DEVELOPER_WORDS);
}

describe('first run', () => {
  it('asks what you will do, installs the packs for it with progress, then transcribes', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1100 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/`);
      await page.getByTestId('setup').waitFor();
      await expect
        .poll(() => page.getByTestId('home-transcribe').textContent())
        .toContain('Needs the');
      await expectPlainWords(page, 'home on first run');

      await page.getByTestId('setup-goal-transcribe').click();
      const list = page.getByTestId('setup-packs');
      await list.waitFor();
      const listed = await list.innerText();
      expect(listed).toMatch(/Whisper (tiny|base|small)/);
      expect(listed).toContain('Speaker diarization');
      expect(listed).toMatch(/MIT/);
      expect(await page.getByTestId('setup-machine').textContent()).toMatch(
        /This computer: \d+ cores, \d+ GB memory, .* free on disk\./,
      );
      await expectPlainWords(page, 'setup choices');
      await page.screenshot({ path: path.join(OUTPUT, 'setup-transcribe.png'), ...SHOT });

      await page.getByTestId('setup-install').click();
      await page.getByTestId('setup-progress').waitFor({ timeout: 30_000 });
      await page.getByTestId('setup-done').waitFor({ timeout: 120_000 });
      await expectPlainWords(page, 'setup finished');
      expect(mirror.requests.some((r) => r.path.includes('/api/models/') && r.status === 200)).toBe(
        true,
      );

      await page.getByTestId('setup').getByRole('link', { name: 'Transcribe a recording' }).click();
      await page.waitForURL(/#\/transcription$/);
      // The page agrees with Home: ready, so no "needs a pack" banner.
      await expect.poll(() => page.getByTestId('needs-transcription').count()).toBe(0);
      expect(await page.getByTestId('needs-diarization').count()).toBe(0);
      await page
        .getByTestId('transcription-file')
        .setInputFiles(path.join(speech ?? '', 'test.wav'));
      await page.getByTestId('transcription-start').click();
      await page.getByTestId('transcript').waitFor({ timeout: 180_000 });
      const words = await page.getByTestId('transcript-word').allTextContents();
      expect(words.join(' ').replace(/\s+/g, ' ')).toMatch(/Hallo Welt\.?/);
      expect(await page.getByTestId('transcript').innerText()).toContain('SPEAKER_00');
      await expectPlainWords(page, 'transcript');
      await page.screenshot({ path: path.join(OUTPUT, 'setup-transcribed.png'), ...SHOT });

      // Home and the Engine page say the same as the Transcription page.
      await page.goto(`${engine.url}/#/settings/engine`);
      await expect
        .poll(() => page.getByTestId('capability-transcription').textContent())
        .toMatch(/^Ready/);
      await page.goto(`${engine.url}/#/settings/models`);
      await page.getByTestId('models-transcription').waitFor();
      await expectPlainWords(page, 'models page');
    } finally {
      await closeWatchedPage(watched);
    }
  }, 300_000);
});
