import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { CancelledError } from '../errors.ts';
import type { FfmpegInfo } from './ffmpeg-locate.ts';
import {
  measureFileLevels,
  measureLoudness,
  measurePcmLevels,
  parseEbur128Summary,
} from './loudness.ts';
import {
  generate,
  noisePcm,
  sinePcm,
  sineSource,
  testFfmpeg,
  videoSource,
} from './test-signals.ts';
import { writeWavFile } from './wav.ts';

const fixture = (name: string): string =>
  fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

describe.each(['5.1', '4.1'])('parseEbur128Summary on ffmpeg %s output', (version) => {
  const stderr = fixture(`ebur128-ffmpeg${version}.txt`);

  it('reads the last summary (the first one is of a graph ffmpeg threw away)', () => {
    expect(parseEbur128Summary(stderr)).toEqual({
      integrated_lufs: -10,
      loudness_range_lu: 20,
      true_peak_db: -9.3,
    });
  });

  it('reads silence (I: −70 LUFS, Peak: −inf) as null', () => {
    const first = stderr.slice(0, stderr.lastIndexOf('] Summary:'));
    expect(parseEbur128Summary(first)).toEqual({
      integrated_lufs: null,
      loudness_range_lu: 0,
      true_peak_db: null,
    });
  });

  it('finds nothing in other output', () => {
    expect(parseEbur128Summary(fixture(`stderr-decode-ffmpeg${version}.txt`))).toBeNull();
  });
});

/** ffmpeg's own astats figures for the whole file (the "Overall" block), as an independent check. */
function astats(ffmpeg: FfmpegInfo, file: string): { rms: number; peak: number } {
  const { stderr } = spawnSync(
    ffmpeg.path,
    ['-hide_banner', '-nostdin', '-i', file, '-af', 'astats', '-f', 'null', '-'],
    { encoding: 'utf8' },
  );
  const overall = stderr.slice(stderr.lastIndexOf('Overall'));
  return {
    rms: Number(/RMS level dB: (-?[\d.]+)/.exec(overall)![1]),
    peak: Number(/Peak level dB: (-?[\d.]+)/.exec(overall)![1]),
  };
}

describe('measureFileLevels', () => {
  let ffmpeg: FfmpegInfo;
  const temp = makeTempDir('tapehouse-loudness-');
  const file = (name: string) => path.join(temp.dir, name);

  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
    // The EBU reference: a 997 Hz sine at −20 dBFS peak reads −23 LUFS on one channel.
    generate(ffmpeg, file('ebu.wav'), [
      ...sineSource({ freq: 997, amplitude: 0.1, seconds: 5 }),
      '-c:a',
      'pcm_f32le',
    ]);
    generate(ffmpeg, file('ebu-stereo.flac'), [
      ...sineSource({ freq: 997, amplitude: 0.1, seconds: 5 }),
      ...['-af', 'pan=stereo|c0=c0|c1=c0'],
    ]);
    // 10 s at −23 LUFS then 10 s at −33 LUFS: a loudness range of 10 LU.
    generate(ffmpeg, file('two-levels.wav'), [
      ...[
        '-f',
        'lavfi',
        '-i',
        'aevalsrc=if(lt(t\\,10)\\,0.1\\,0.0316)*sin(2*PI*997*t):s=44100:d=20',
      ],
      ...['-c:a', 'pcm_f32le'],
    ]);
    generate(ffmpeg, file('silence.wav'), [
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=mono',
      '-t',
      '2',
    ]);
    generate(ffmpeg, file('clip.mp4'), [
      ...videoSource(2),
      ...sineSource({ seconds: 2, amplitude: 0.5 }),
      ...['-c:v', 'mpeg4', '-c:a', 'aac', '-shortest'],
    ]);
    // Speech-like tone with room tone between "sentences", written by our own WAV writer.
    const speech = sinePcm({ seconds: 1, amplitude: 0.3, rate: 48000 }).samples;
    const roomTone = noisePcm(0.5, -65, 48000, 7);
    const book = new Float32Array((speech.length + roomTone.length) * 3);
    for (let k = 0; k < 3; k++) {
      book.set(speech, k * (speech.length + roomTone.length));
      book.set(roomTone, k * (speech.length + roomTone.length) + speech.length);
    }
    await writeWavFile(
      file('narration.wav'),
      { sampleRate: 48000, channels: 1, samples: book },
      'f32',
    );
    // A 12 kHz sine sampled at 48 kHz with a 45° phase: every sample sits at 0.707 of the crest,
    // so the sample peak is 3 dB below the true (inter-sample) peak.
    const crest = new Float32Array(48000);
    for (let i = 0; i < crest.length; i++)
      crest[i] = 0.5 * Math.sin((Math.PI / 2) * i + Math.PI / 4);
    await writeWavFile(
      file('intersample.wav'),
      { sampleRate: 48000, channels: 1, samples: crest },
      'f32',
    );
  });
  afterAll(() => temp.cleanup());

  it('measures the EBU reference tone: −23 LUFS, −20 dBTP, RMS −23.01 dB, LRA 0', async () => {
    const levels = await measureFileLevels(ffmpeg, file('ebu.wav'));
    expect(levels).toMatchObject({ duration_seconds: 5, sample_rate: 44100, channels: 1 });
    expect(levels.integrated_lufs!).toBeCloseTo(-23, 1);
    expect(levels.true_peak_db!).toBeCloseTo(-20, 1);
    expect(levels.loudness_range_lu!).toBeLessThan(0.5);
    expect(levels.rms_db!).toBeCloseTo(-23.0103, 3);
    expect(levels.peak_db!).toBeCloseTo(-20, 3);
    expect(levels.noise_floor_db!).toBeCloseTo(-23.01, 1);
  });

  it('agrees with ffmpeg astats on RMS and peak', async () => {
    for (const name of ['ebu.wav', 'narration.wav']) {
      const levels = await measureFileLevels(ffmpeg, file(name));
      const reference = astats(ffmpeg, file(name));
      expect(Math.abs(levels.rms_db! - reference.rms)).toBeLessThan(0.01);
      expect(Math.abs(levels.peak_db! - reference.peak)).toBeLessThan(0.01);
    }
  });

  it('adds 3 dB of loudness for the same tone on both stereo channels', async () => {
    const levels = await measureFileLevels(ffmpeg, file('ebu-stereo.flac'));
    expect(levels.channels).toBe(2);
    expect(levels.integrated_lufs!).toBeCloseTo(-20, 1);
    expect(levels.rms_db!).toBeCloseTo(-23.01, 1);
  });

  it('measures loudness range and gated integrated loudness', async () => {
    const levels = await measureFileLevels(ffmpeg, file('two-levels.wav'));
    expect(Math.abs(levels.loudness_range_lu! - 10)).toBeLessThan(1);
    expect(levels.integrated_lufs!).toBeCloseTo(10 * Math.log10((10 ** -2.3 + 10 ** -3.3) / 2), 0);
  });

  it('finds the room tone as the noise floor of a narration (ACX ≤ −60 dB)', async () => {
    const levels = await measureFileLevels(ffmpeg, file('narration.wav'));
    expect(Math.abs(levels.noise_floor_db! + 65)).toBeLessThan(0.5);
    expect(levels.peak_db!).toBeCloseTo(20 * Math.log10(0.3), 2);
  });

  it('reports the inter-sample peak above the sample peak', async () => {
    const levels = await measureFileLevels(ffmpeg, file('intersample.wav'));
    expect(levels.peak_db!).toBeCloseTo(-9.03, 1);
    expect(levels.true_peak_db! - levels.peak_db!).toBeGreaterThan(2.5);
    // The crest is at −6.02 dBFS; ffmpeg's oversampler over-reads this close to fs/4 (−5.4 in
    // ffmpeg 4.1 and 5.1): a conservative error for a limiter, and the figure ACX tools show.
    expect(Math.abs(levels.true_peak_db! + 6.02)).toBeLessThan(0.8);
  });

  it('reports silence with nulls, JSON-safe', async () => {
    const levels = await measureFileLevels(ffmpeg, file('silence.wav'));
    expect(levels).toEqual({
      duration_seconds: 2,
      sample_rate: 44100,
      channels: 1,
      rms_db: null,
      peak_db: null,
      true_peak_db: null,
      noise_floor_db: null,
      integrated_lufs: null,
      loudness_range_lu: 0,
    });
  });

  it('measures the sound of a video, with progress to 1', async () => {
    const fractions: number[] = [];
    const levels = await measureFileLevels(ffmpeg, file('clip.mp4'), {
      onProgress: (f) => fractions.push(f),
    });
    expect(fractions.at(-1)).toBe(1);
    expect(Math.abs(levels.rms_db! + 9.03)).toBeLessThan(0.3);
    expect(levels.integrated_lufs).not.toBeNull();
  });

  it('gives the same figures for PCM in memory and for files', async () => {
    const pcm = sinePcm({ freq: 997, amplitude: 0.1, seconds: 5 });
    const fromPcm = await measurePcmLevels(ffmpeg, pcm);
    const fromFile = await measureFileLevels(ffmpeg, file('ebu.wav'));
    for (const key of ['rms_db', 'peak_db', 'integrated_lufs', 'true_peak_db'] as const) {
      expect(Math.abs(fromPcm[key]! - fromFile[key]!)).toBeLessThan(0.05);
    }
    expect(await measureLoudness(ffmpeg, file('ebu.wav'))).toEqual(
      await measureLoudness(ffmpeg, pcm),
    );
  });

  it('stops with CancelledError', async () => {
    const controller = new AbortController();
    const pending = measureFileLevels(ffmpeg, file('two-levels.wav'), {
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });

  it('refuses files without audio', async () => {
    fs.writeFileSync(file('notes.txt'), 'words, not sound\n'.repeat(10));
    const error = await measureFileLevels(ffmpeg, file('notes.txt')).catch((e: unknown) => e);
    expect(['invalid_audio', 'unsupported_media']).toContain((error as { code: string }).code);
  });
});
