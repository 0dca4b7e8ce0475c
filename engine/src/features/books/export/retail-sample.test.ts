import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeMedia, writeWavFile, type PcmAudio } from '../../../audio/index.ts';
import { noisePcm, testFfmpeg } from '../../../audio/test-signals.ts';
import { cutRetailSample, findPauses, sentenceEnd } from './retail-sample.ts';

const RATE = 16000;

/** Narration-like audio: speech (noise at -20 dB) with the given pauses in room tone (-62 dB). */
function narration(seconds: number, pauses: [number, number][]): PcmAudio {
  const speech = noisePcm(seconds, -20, RATE, 7);
  const tone = noisePcm(seconds, -62, RATE, 9);
  for (const [from, to] of pauses) {
    for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i++) speech[i] = tone[i] ?? 0;
  }
  return { sampleRate: RATE, channels: 1, samples: speech };
}

describe('retail sample: ending at a sentence end', () => {
  it('finds the pauses of narration, commas and sentence ends alike', () => {
    const pauses = findPauses(
      narration(10, [
        [2, 2.6],
        [5, 5.2],
        [8, 8.7],
      ]),
    );
    expect(pauses.map((p) => [p.start, p.end])).toEqual([
      [2, 2.6],
      [5, 5.2],
      [8, 8.7],
    ]);
  });

  it('ends in the latest sentence pause, never at a comma when a sentence end is near', () => {
    const sentence = (start: number, end: number) => ({ start, end });
    expect(sentenceEnd([sentence(2, 2.6), sentence(5, 5.2), sentence(8, 8.7)], 10)).toBeCloseTo(
      8.35,
    );
    expect(sentenceEnd([sentence(2, 2.6), sentence(9, 9.2)], 10)).toBeCloseTo(2.3);
    // Only a comma's pause: better than a word.
    expect(sentenceEnd([sentence(4, 4.2)], 10)).toBeCloseTo(4.1);
    // No pause at all: the asked length.
    expect(sentenceEnd([], 10)).toBe(10);
  });
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-sample-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('cutRetailSample with ffmpeg', () => {
  it('cuts a chapter file at the sentence end before the asked length', async () => {
    const ffmpeg = await testFfmpeg();
    const source = path.join(dir, 'chapter.wav');
    // Sentence ends at 6 s and 12 s, a comma at 17 s; asked: 18 s from the start.
    await writeWavFile(
      source,
      narration(20, [
        [6, 6.6],
        [12, 12.7],
        [17, 17.2],
      ]),
    );
    const output = path.join(dir, 'sample.mp3');
    const { seconds } = await cutRetailSample(ffmpeg, source, output, {
      startSeconds: 0,
      seconds: 18,
      tags: { title: 'Sample', album: 'Book', artist: 'Author', narrator: 'Narrator' },
      signal: new AbortController().signal,
    });
    expect(seconds).toBeCloseTo(12.35, 1);
    const probed = await probeMedia(ffmpeg, output);
    expect(probed.duration_seconds ?? 0).toBeGreaterThan(12.2);
    expect(probed.duration_seconds ?? 0).toBeLessThan(12.6);
  });
});
