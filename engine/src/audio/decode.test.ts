import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { AppError, CancelledError } from '../errors.ts';
import { decodeAudio, decodeAudioStream } from './decode.ts';
import type { FfmpegInfo } from './ffmpeg-locate.ts';
import { runningFfmpegPids } from './ffmpeg-run.ts';
import {
  generate,
  rmsDb,
  sameSamples,
  sineSource,
  testFfmpeg,
  videoSource,
  waitForExit,
} from './test-signals.ts';

/** 20·log10(0.5 / √2): the RMS of a sine of amplitude 0.5. */
const SINE_05_RMS_DB = -9.031;

/**
 * Every container/codec pair the studio imports, made from a 2 s, 440 Hz sine of amplitude 0.5,
 * with the level error each codec really has on a pure tone (LAME at 128 kbit/s reads 0.45 dB
 * low with any decoder; lossless must be exact).
 */
const FORMATS: Array<[name: string, args: string[], video: boolean, toleranceDb: number]> = [
  ['tone.wav', ['-c:a', 'pcm_s16le'], false, 0.01],
  ['tone.mp3', ['-c:a', 'libmp3lame', '-b:a', '128k'], false, 0.5],
  ['tone.flac', ['-c:a', 'flac'], false, 0.01],
  ['tone.ogg', ['-c:a', 'libopus', '-b:a', '96k'], false, 0.3],
  ['tone.m4a', ['-c:a', 'aac', '-b:a', '128k'], false, 0.3],
  ['clip.mp4', ['-c:v', 'mpeg4', '-c:a', 'aac', '-shortest'], true, 0.3],
  ['clip.mkv', ['-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-shortest'], true, 0.5],
  [
    'clip.webm',
    ['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus', '-shortest'],
    true,
    0.3,
  ],
];

describe('decodeAudio', () => {
  let ffmpeg: FfmpegInfo;
  const temp = makeTempDir('tapehouse-decode-');
  const file = (name: string) => path.join(temp.dir, name);

  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
    const tone = sineSource({ seconds: 2 });
    for (const [name, args, video] of FORMATS) {
      generate(ffmpeg, file(name), [...(video ? videoSource(2) : []), ...tone, ...args]);
    }
    // Dual-mono stereo made with an explicit pan (ffmpeg's -ac 2 would lower it by 3 dB).
    generate(ffmpeg, file('dual-mono.wav'), [
      ...tone,
      '-af',
      'pan=stereo|c0=c0|c1=c0',
      '-c:a',
      'pcm_f32le',
    ]);
    generate(ffmpeg, file('long.wav'), sineSource({ seconds: 60, rate: 22050 }));
    generate(ffmpeg, file('video-only.mp4'), [...videoSource(1), '-c:v', 'mpeg4']);
    fs.writeFileSync(file('empty.mp3'), '');
    fs.writeFileSync(file('notes.txt'), 'Not audio at all.\n'.repeat(20));
    fs.writeFileSync(file('junk.mp3'), Buffer.alloc(4000, 'x'));
    fs.writeFileSync(file('truncated.m4a'), fs.readFileSync(file('tone.m4a')).subarray(0, 3000));
  });
  afterAll(() => temp.cleanup());

  it.each(FORMATS.map(([name, , , tolerance]) => [name, tolerance] as const))(
    'decodes %s: length ≈ duration × rate, 440 Hz sine at −9.03 dB RMS (±%s dB)',
    async (name, tolerance) => {
      const audio = await decodeAudio(ffmpeg, file(name), { sampleRate: 44100, channels: 1 });
      expect(audio.sampleRate).toBe(44100);
      expect(audio.channels).toBe(1);
      expect(audio.samples.length).toBeGreaterThan(2 * 44100 * 0.98);
      expect(audio.samples.length).toBeLessThan(2 * 44100 * 1.03);
      // The middle second: codec priming and padding at the edges are not the signal.
      expect(Math.abs(rmsDb(audio, 0.5, 1.5) - SINE_05_RMS_DB)).toBeLessThan(tolerance);
    },
  );

  it('keeps the source format by default and resamples on request', async () => {
    const native = await decodeAudio(ffmpeg, file('tone.ogg'));
    expect(native).toMatchObject({ sampleRate: 48000, channels: 1 });
    const speech = await decodeAudio(ffmpeg, file('tone.flac'), { sampleRate: 16000 });
    expect(speech.sampleRate).toBe(16000);
    expect(speech.samples.length).toBe(32000);
    expect(Math.abs(rmsDb(speech, 0.5, 1.5) - SINE_05_RMS_DB)).toBeLessThan(0.05);
  });

  it('copies mono to both stereo channels and averages stereo to mono, keeping the level', async () => {
    const stereo = await decodeAudio(ffmpeg, file('tone.wav'), { channels: 2 });
    expect(stereo.channels).toBe(2);
    expect(Math.abs(rmsDb(stereo, 0, 2, 0) - SINE_05_RMS_DB)).toBeLessThan(0.01);
    expect(Math.abs(rmsDb(stereo, 0, 2, 1) - SINE_05_RMS_DB)).toBeLessThan(0.01);
    const mono = await decodeAudio(ffmpeg, file('dual-mono.wav'), { channels: 1 });
    expect(Math.abs(rmsDb(mono) - SINE_05_RMS_DB)).toBeLessThan(0.01);
  });

  it('decodes a range', async () => {
    const part = await decodeAudio(ffmpeg, file('tone.wav'), {
      startSeconds: 1,
      durationSeconds: 0.5,
    });
    expect(Math.abs(part.samples.length - 22050)).toBeLessThanOrEqual(2);
  });

  it('reports progress ending at 1', async () => {
    const fractions: number[] = [];
    await decodeAudio(ffmpeg, file('tone.mp3'), { onProgress: (f) => fractions.push(f) });
    expect(fractions.at(-1)).toBe(1);
  });

  it('streams fixed-size chunks that add up to the whole decode', async () => {
    const whole = await decodeAudio(ffmpeg, file('dual-mono.wav'));
    const parts: Float32Array[] = [];
    let expectedStart = 0;
    for await (const chunk of decodeAudioStream(ffmpeg, file('dual-mono.wav'), {
      chunkFrames: 4096,
    })) {
      expect(chunk.startFrame).toBe(expectedStart);
      expect(chunk.channels).toBe(2);
      expectedStart += chunk.samples.length / 2;
      parts.push(chunk.samples);
    }
    expect(parts.slice(0, -1).every((p) => p.length === 4096 * 2)).toBe(true);
    const joined = new Float32Array(whole.samples.length);
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.length;
    }
    expect(offset).toBe(whole.samples.length);
    expect(sameSamples(joined, whole.samples)).toBe(true);
  });

  it('kills ffmpeg when the consumer stops reading early', async () => {
    let pid: number | undefined;
    for await (const chunk of decodeAudioStream(ffmpeg, file('long.wav'), { chunkFrames: 1024 })) {
      expect(chunk.samples.length).toBe(1024);
      pid = runningFfmpegPids()[0];
      break;
    }
    expect(pid).toBeDefined();
    expect(runningFfmpegPids()).toEqual([]);
    expect(await waitForExit(pid!)).toBe(true);
  });

  it('stops with CancelledError when the signal fires, mid-stream or before ffmpeg starts', async () => {
    const controller = new AbortController();
    const chunks = decodeAudioStream(ffmpeg, file('long.wav'), {
      chunkFrames: 1024,
      signal: controller.signal,
    });
    let seen = 0;
    const consume = (async () => {
      for await (const _chunk of chunks) {
        if (++seen === 3) controller.abort();
      }
    })();
    await expect(consume).rejects.toBeInstanceOf(CancelledError);
    expect(runningFfmpegPids()).toEqual([]);

    const early = new AbortController();
    const pending = decodeAudio(ffmpeg, file('long.wav'), { signal: early.signal });
    early.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });

  it.each([
    ['empty.mp3', ['invalid_audio']],
    ['junk.mp3', ['invalid_audio']],
    ['truncated.m4a', ['invalid_audio']],
    ['notes.txt', ['invalid_audio', 'unsupported_media']],
    ['video-only.mp4', ['unsupported_media']],
    ['missing.wav', ['validation_error']],
  ])(
    'refuses %s with a clear AppError, without hanging',
    { timeout: 10_000 },
    async (name, codes) => {
      const error = await decodeAudio(ffmpeg, file(name)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(codes).toContain((error as AppError).code);
      expect((error as AppError).message).toContain(name);
      const streamed = await (async () => {
        for await (const _chunk of decodeAudioStream(ffmpeg, file(name))) {
          // nothing to read
        }
      })().catch((e: unknown) => e);
      expect(codes).toContain((streamed as AppError).code);
    },
  );

  it('validates the requested format', async () => {
    await expect(decodeAudio(ffmpeg, file('tone.wav'), { sampleRate: 0 })).rejects.toMatchObject({
      code: 'validation_error',
    });
    await expect(decodeAudio(ffmpeg, file('tone.wav'), { channels: 1.5 })).rejects.toMatchObject({
      code: 'validation_error',
    });
  });
});
