/**
 * The Audio to MIDI page in Debian's Chromium against a real engine process (real ffmpeg, the
 * real Basic Pitch model): a real piano render is uploaded as a solo instrument, the job's
 * progress is shown, the piano roll is drawn from the .mid the engine wrote, playback starts
 * and stops through Tone.js, a track can be muted, and the per-stem and merged downloads are
 * real MIDI files. Screenshot in test-output/.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import MidiPackage from '@tonejs/midi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemFfmpeg } from '../helpers/audio-fixtures.ts';
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
import { pickFromMenu } from './menu.ts';

const { Midi } = MidiPackage;
const model = realModel('midi/nmp.onnx');
const music = realData('music/piano_midi_de');
const ready = model !== null && music !== null;

let engine: EngineProcess;
let browser: Browser;
const temp = makeTempDir('tapehouse-midi-e2e-');
const clip = path.join(temp.dir, 'bach-prelude.flac');

beforeAll(async () => {
  if (!ready) return;
  execFileSync(systemFfmpeg(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    path.join(music, 'bach_846.excerpt60.flac'),
    '-t',
    '12',
    clip,
  ]);
  await ensureStudioBuild();
  engine = await startEngineProcess({ home: path.join(temp.dir, 'home') });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  temp.cleanup();
});

async function fetchMidi(href: string | null): Promise<InstanceType<typeof Midi>> {
  expect(href).toMatch(/\/api\/v1\/downloads\/.+signature=/);
  const res = await fetch(href!.startsWith('http') ? href! : `${engine.url}${href!}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/midi/);
  return new Midi(new Uint8Array(await res.arrayBuffer()));
}

describe.runIf(ready)('audio to MIDI page', () => {
  it('transcribes a piano render, draws the notes, plays them and downloads the .mid', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1100 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/music/midi`);
      await page.getByTestId('midi-file').setInputFiles(clip);
      // A solo recording: its instrument is asked for (piano first), not stems to tick.
      await page.getByTestId('midi-split-off').check();
      expect(await page.getByTestId('midi-stems').count()).toBe(0);
      expect(await page.getByTestId('midi-instrument-piano').isChecked()).toBe(true);
      await pickFromMenu(page, 'midi-preset', 'piano');
      expect(await page.getByTestId('midi-onset').inputValue()).toBe('0.6');

      await page.getByTestId('midi-start').click();
      await page.getByTestId('midi-job').waitFor();
      await expect
        .poll(() => page.getByTestId('midi-status').getAttribute('data-status'), {
          timeout: 120_000,
          interval: 300,
        })
        .toBe('COMPLETED');

      const roll = page.getByTestId('midi-roll');
      await roll.waitFor({ timeout: 30_000 });
      const drawn = Number(await roll.getAttribute('data-notes'));
      expect(drawn).toBeGreaterThan(50);
      // The canvas really has note pixels in the piano track's colour (#4f6bed).
      const coloured = await roll.evaluate((element) => {
        // Typed by hand: this file is checked without the DOM library.
        const canvas = element as unknown as {
          width: number;
          height: number;
          getContext(kind: '2d'): {
            getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
          };
        };
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
          // The piano track's blue (#4f6bed at 90 % over the grid): blue well above red and green.
          if (data[i + 2]! > 200 && data[i]! < 130 && data[i + 1]! < 150) count++;
        }
        return count;
      });
      expect(coloured).toBeGreaterThan(1000);
      expect(await page.getByTestId('midi-track-piano').textContent()).toContain(`${drawn} notes`);
      // A bar grid from the file's tempo, and zoom in time.
      expect(await page.getByTestId('midi-roll-bars').textContent()).toMatch(
        /^\d+ bars · 4\/4 · \d+ BPM/,
      );
      const widthBefore = Number(await roll.getAttribute('width'));
      await page.getByTestId('midi-zoom-in').click();
      expect(await roll.getAttribute('data-zoom')).toBe('120');
      expect(Number(await roll.getAttribute('width'))).toBeGreaterThan(widthBefore);
      await page.getByTestId('midi-zoom-out').click();
      await page.getByTestId('midi-zoom-out').click();
      expect(await roll.getAttribute('data-zoom')).toBe('30');

      await page.screenshot({ path: path.join(OUTPUT, 'midi-piano-roll.png'), ...SHOT });
      // The result's controls are the studio's own too: nothing native to pick with.
      expect(
        await page.locator('select, input[type="radio"], input[type="checkbox"]').count(),
      ).toBe(0);
      await page.getByTestId('midi-mute-piano').check();
      await page.getByTestId('midi-play').click();
      await expect
        .poll(() => page.getByTestId('midi-stop').isEnabled(), { timeout: 10_000 })
        .toBe(true);
      await page.getByTestId('midi-stop').click();
      await expect.poll(() => page.getByTestId('midi-play').isEnabled()).toBe(true);

      const stem = await fetchMidi(
        await page.getByTestId('midi-download-piano').getAttribute('href'),
      );
      expect(stem.tracks[0]!.notes).toHaveLength(drawn);
      const merged = await fetchMidi(
        await page.getByTestId('midi-download-merged').getAttribute('href'),
      );
      expect(merged.tracks[0]!.name).toBe('Piano');
      expect(merged.header.tempos).toHaveLength(1);
    } finally {
      await closeWatchedPage(watched);
    }
  }, 240_000);
});
