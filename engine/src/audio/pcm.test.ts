import { beforeAll, describe, expect, it } from 'vitest';
import { CancelledError } from '../errors.ts';
import { channelMapFilter } from './channel-map.ts';
import type { FfmpegInfo } from './ffmpeg-locate.ts';
import {
  Float32Collector,
  deinterleave,
  f32Frames,
  interleave,
  mixToMono,
  validatePcm,
} from './pcm.ts';
import { resamplePcm } from './resample.ts';
import { rmsDb, sameSamples, sinePcm, testFfmpeg } from './test-signals.ts';

const bytesOf = (values: number[]): Uint8Array => new Uint8Array(Float32Array.from(values).buffer);

describe('PCM helpers', () => {
  it('deinterleaves and interleaves', () => {
    const audio = {
      sampleRate: 8000,
      channels: 2,
      samples: Float32Array.from([1, -1, 2, -2, 3, -3]),
    };
    const [left, right] = deinterleave(audio);
    expect(Array.from(left!)).toEqual([1, 2, 3]);
    expect(Array.from(right!)).toEqual([-1, -2, -3]);
    expect(interleave([left!, right!], 8000)).toEqual(audio);
    expect(Array.from(mixToMono(audio))).toEqual([0, 0, 0]);
  });

  it('validates formats with validation_error', () => {
    expect(() =>
      validatePcm({ sampleRate: 44100, channels: 2, samples: new Float32Array(3) }),
    ).toThrow(expect.objectContaining({ code: 'validation_error' }));
    expect(() => validatePcm({ sampleRate: 0, channels: 1, samples: new Float32Array(0) })).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
  });

  it('collects bytes in any chunking into one Float32Array, growing past the estimate', () => {
    const values = Float32Array.from({ length: 40_000 }, (_, i) => i / 40_000);
    const bytes = new Uint8Array(values.buffer);
    const collector = new Float32Collector(10); // starts far too small: must grow
    for (let i = 0; i < bytes.length; i += 13) collector.push(bytes.subarray(i, i + 13));
    expect(sameSamples(collector.finish(2), values)).toBe(true);
  });

  it('regroups a byte stream into aligned chunks of whole frames', async () => {
    const values = Array.from({ length: 2 * 1000 }, (_, i) => i);
    const bytes = bytesOf(values);
    async function* pieces() {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    }
    const chunks: Float32Array[] = [];
    for await (const chunk of f32Frames(pieces(), 2, 300)) chunks.push(chunk);
    expect(chunks.map((c) => c.length)).toEqual([600, 600, 600, 200]);
    expect(chunks.flatMap((c) => Array.from(c))).toEqual(values);
  });

  it('maps channels explicitly for mono ↔ stereo and leaves the rest to ffmpeg', () => {
    expect(channelMapFilter(1, 2)).toBe('pan=2c|c0=c0|c1=c0');
    expect(channelMapFilter(2, 1)).toBe('pan=mono|c0=0.5*c0+0.5*c1');
    expect(channelMapFilter(2, 2)).toBeNull();
    expect(channelMapFilter(6, 2)).toBeNull();
    expect(channelMapFilter(null, 2)).toBeNull();
  });
});

describe('resamplePcm', () => {
  let ffmpeg: FfmpegInfo;
  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
  });

  it('converts 24 kHz mono TTS output to 44.1 kHz stereo at the same level', async () => {
    const tts = sinePcm({ seconds: 1, rate: 24000, amplitude: 0.5 });
    const out = await resamplePcm(ffmpeg, tts, { sampleRate: 44100, channels: 2 });
    expect(out).toMatchObject({ sampleRate: 44100, channels: 2 });
    expect(Math.abs(out.samples.length / 2 - 44100)).toBeLessThanOrEqual(2);
    expect(Math.abs(rmsDb(out, 0.1, 0.9, 0) + 9.031)).toBeLessThan(0.02);
    expect(Math.abs(rmsDb(out, 0.1, 0.9, 1) + 9.031)).toBeLessThan(0.02);
  });

  it('returns the input untouched when nothing changes, and honours cancellation', async () => {
    const audio = sinePcm({ seconds: 0.1 });
    expect(await resamplePcm(ffmpeg, audio, { sampleRate: 44100 })).toBe(audio);
    const controller = new AbortController();
    controller.abort();
    await expect(
      resamplePcm(ffmpeg, audio, { sampleRate: 16000, signal: controller.signal }),
    ).rejects.toBeInstanceOf(CancelledError);
  });
});
