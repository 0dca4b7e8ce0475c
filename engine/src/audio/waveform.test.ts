import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { decodeAudio } from './decode.ts';
import type { FfmpegInfo } from './ffmpeg-locate.ts';
import { generate, testFfmpeg } from './test-signals.ts';
import {
  peakMagnitudes,
  waveformFromFile,
  waveformPeaks,
  waveformPeaksFromFile,
} from './waveform.ts';

describe('waveformPeaks (pure)', () => {
  it('gives min and max of each equal span', () => {
    const samples = Float32Array.from([0, 0.5, -0.25, 1, -1, 0.1, 0.2, -0.3]);
    const peaks = waveformPeaks({ sampleRate: 8, channels: 1, samples }, 4);
    expect(peaks).toEqual({
      min: [0, -0.25, -1, -0.30000001192092896],
      max: [0.5, 1, 0.10000000149011612, 0.20000000298023224],
      frames: 8,
      sample_rate: 8,
    });
    expect(peakMagnitudes(peaks)).toEqual([0.5, 1, 1, 0.30000001192092896]);
  });

  it('mixes channels by averaging', () => {
    const samples = Float32Array.from([1, 0, -1, -1, 0.5, 0.5]);
    const peaks = waveformPeaks({ sampleRate: 3, channels: 2, samples }, 1);
    expect(peaks.min).toEqual([-1]);
    expect(peaks.max).toEqual([0.5]);
  });

  it('repeats frames when there are more buckets than frames, and handles no frames', () => {
    const peaks = waveformPeaks(
      { sampleRate: 2, channels: 1, samples: Float32Array.from([0.5, -0.5]) },
      4,
    );
    expect(peaks.max).toEqual([0.5, 0.5, -0.5, -0.5]);
    const empty = waveformPeaks({ sampleRate: 2, channels: 1, samples: new Float32Array(0) }, 3);
    expect(empty).toMatchObject({ min: [0, 0, 0], max: [0, 0, 0], frames: 0 });
  });

  it('validates the bucket count', () => {
    const audio = { sampleRate: 2, channels: 1, samples: new Float32Array(4) };
    for (const buckets of [0, 1.5, 1e9]) {
      expect(() => waveformPeaks(audio, buckets)).toThrow(
        expect.objectContaining({ code: 'validation_error' }),
      );
    }
  });
});

describe('waveform from a file', () => {
  let ffmpeg: FfmpegInfo;
  const temp = makeTempDir('tapehouse-waveform-');
  const file = path.join(temp.dir, 'quiet-then-loud.mp3');

  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
    // 1 s of silence, then 1 s of a sine at amplitude 0.5, stereo.
    generate(ffmpeg, file, [
      ...['-f', 'lavfi', '-i', 'aevalsrc=if(lt(t\\,1)\\,0\\,0.5*sin(2*PI*440*t)):s=44100:d=2'],
      ...['-af', 'pan=stereo|c0=c0|c1=c0', '-c:a', 'libmp3lame', '-b:a', '192k'],
    ]);
  });
  afterAll(() => temp.cleanup());

  it('shows the quiet and the loud half', async () => {
    const peaks = await waveformPeaksFromFile(ffmpeg, file, 20);
    expect(peaks.min).toHaveLength(20);
    expect(peaks.sample_rate).toBe(44100);
    const magnitudes = peakMagnitudes(peaks);
    // Buckets wholly inside each half (the encoder adds a few ms of delay at the start).
    expect(Math.max(...magnitudes.slice(0, 9))).toBeLessThan(0.01);
    for (const m of magnitudes.slice(11)) expect(Math.abs(m - 0.5)).toBeLessThan(0.05);
    for (const lo of peaks.min.slice(11)) expect(lo).toBeLessThan(-0.45);
  });

  it('matches the pure function over the decoded audio', async () => {
    const fromFile = await waveformPeaksFromFile(ffmpeg, file, 50);
    const decoded = await decodeAudio(ffmpeg, file, { channels: 1 });
    const inMemory = waveformPeaks(decoded, 50);
    expect(fromFile.frames).toBe(inMemory.frames);
    // Bucket edges may differ by less than one block (1/8 bucket); away from the step they agree.
    for (let b = 0; b < 50; b++) {
      if (b >= 24 && b <= 26) continue;
      expect(Math.abs(fromFile.max[b]! - inMemory.max[b]!)).toBeLessThan(0.02);
      expect(Math.abs(fromFile.min[b]! - inMemory.min[b]!)).toBeLessThan(0.02);
    }
  });

  it('gives 0..1 magnitudes for drawing', async () => {
    const bars = await waveformFromFile(ffmpeg, file, 400);
    expect(bars).toHaveLength(400);
    expect(bars.every((v) => v >= 0 && v <= 1)).toBe(true);
  });
});
