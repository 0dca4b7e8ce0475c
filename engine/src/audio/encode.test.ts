import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { CancelledError } from '../errors.ts';
import { decodeAudio } from './decode.ts';
import { encodeAudio } from './encode.ts';
import type { FfmpegInfo } from './ffmpeg-locate.ts';
import { probeMedia } from './probe.ts';
import { generate, rmsDb, sameSamples, sinePcm, sineSource, testFfmpeg } from './test-signals.ts';
import type { PcmAudio } from './types.ts';
import { readWavFile } from './wav.ts';

const SINE_05_RMS_DB = -9.031;

/** The nearest value a `bits`-bit integer holds, rounded like ffmpeg (lrintf: ties to even). */
function quantize(audio: PcmAudio, bits: number): PcmAudio {
  const scale = 2 ** (bits - 1);
  const round = (v: number): number => {
    const r = Math.round(v);
    return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r;
  };
  const samples = audio.samples.map(
    (x) => Math.max(-scale, Math.min(scale - 1, round(x * scale))) / scale,
  );
  return { ...audio, samples };
}

describe('encodeAudio', () => {
  let ffmpeg: FfmpegInfo;
  const temp = makeTempDir('tapehouse-encode-');
  const file = (name: string) => path.join(temp.dir, name);
  const tone = sinePcm({ seconds: 2, channels: 2 });

  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
  });
  afterAll(() => temp.cleanup());

  it('writes MP3 at 192 kbit/s constant bitrate, 44.1 kHz (the ACX export format)', async () => {
    const result = await encodeAudio(ffmpeg, tone, file('cbr.mp3'), {
      format: 'mp3',
      bitrateKbps: 192,
    });
    expect(result).toMatchObject({ path: file('cbr.mp3'), format: 'mp3' });
    const info = await probeMedia(ffmpeg, file('cbr.mp3'));
    expect(info.format).toBe('mp3');
    expect(info.audio).toMatchObject({
      codec: 'mp3',
      sample_rate: 44100,
      channels: 2,
      bitrate_kbps: 192,
    });
    // CBR: the size is the bitrate times the duration (plus one tag/padding frame or two).
    expect(result.bytes).toBeGreaterThan((192_000 / 8) * 2 * 0.98);
    expect(result.bytes).toBeLessThan((192_000 / 8) * 2 * 1.06);
    const decoded = await decodeAudio(ffmpeg, file('cbr.mp3'));
    expect(Math.abs(rmsDb(decoded, 0.5, 1.5) - SINE_05_RMS_DB)).toBeLessThan(0.5);
  });

  it('writes variable-bitrate MP3 from a LAME quality', async () => {
    await encodeAudio(ffmpeg, tone, file('vbr.mp3'), { format: 'mp3', vbrQuality: 2 });
    const info = await probeMedia(ffmpeg, file('vbr.mp3'));
    expect(info.audio).toMatchObject({ codec: 'mp3', sample_rate: 44100 });
    const decoded = await decodeAudio(ffmpeg, file('vbr.mp3'));
    expect(Math.abs(rmsDb(decoded, 0.5, 1.5) - SINE_05_RMS_DB)).toBeLessThan(0.5);
  });

  it.each([
    ['s16', 16],
    ['s24', 24],
  ] as const)(
    'FLAC %s is lossless: the samples come back bit-exact',
    async (sampleFormat, bits) => {
      const exact = quantize(tone, bits);
      const out = file(`lossless-${bits}.flac`);
      await encodeAudio(ffmpeg, exact, out, { format: 'flac', sampleFormat });
      const decoded = await decodeAudio(ffmpeg, out);
      expect(decoded).toMatchObject({ sampleRate: 44100, channels: 2 });
      expect(sameSamples(decoded.samples, exact.samples)).toBe(true);
    },
  );

  it('WAV s16 and f32 round-trip exactly, readable by the pure WAV reader', async () => {
    await encodeAudio(ffmpeg, tone, file('f32.wav'), { format: 'wav', sampleFormat: 'f32' });
    const f32 = await readWavFile(file('f32.wav'));
    expect(f32.format).toBe('f32');
    expect(sameSamples(f32.samples, tone.samples)).toBe(true);
    await encodeAudio(ffmpeg, tone, file('s16.wav'), { format: 'wav' });
    const s16 = await readWavFile(file('s16.wav'));
    expect(s16.format).toBe('s16');
    expect(sameSamples(s16.samples, quantize(tone, 16).samples)).toBe(true);
  });

  it('writes Opus in Ogg at 48 kHz and refuses rates Opus does not have', async () => {
    await encodeAudio(ffmpeg, tone, file('voice.opus'), { format: 'opus', bitrateKbps: 64 });
    const info = await probeMedia(ffmpeg, file('voice.opus'));
    expect(info).toMatchObject({ format: 'ogg', audio: { codec: 'opus', sample_rate: 48000 } });
    const decoded = await decodeAudio(ffmpeg, file('voice.opus'), { sampleRate: 44100 });
    expect(Math.abs(rmsDb(decoded, 0.5, 1.5) - SINE_05_RMS_DB)).toBeLessThan(0.3);
    await expect(
      encodeAudio(ffmpeg, tone, file('bad.opus'), { format: 'opus', sampleRate: 44100 }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('48000'),
    });
  });

  it.each([
    ['m4a', 'mov,mp4,m4a,3gp,3g2,mj2'],
    ['aac', 'aac'],
  ] as const)('writes AAC as %s', async (format, demuxer) => {
    const out = file(`music.${format}`);
    await encodeAudio(ffmpeg, tone, out, { format, bitrateKbps: 160 });
    const info = await probeMedia(ffmpeg, out);
    expect(info).toMatchObject({ format: demuxer, audio: { codec: 'aac', channels: 2 } });
    const decoded = await decodeAudio(ffmpeg, out);
    expect(Math.abs(rmsDb(decoded, 0.5, 1.5) - SINE_05_RMS_DB)).toBeLessThan(0.3);
  });

  it('writes headerless 16-bit PCM', async () => {
    const result = await encodeAudio(ffmpeg, tone, file('raw.pcm'), {
      format: 'pcm',
      sampleRate: 24000,
      channels: 1,
    });
    expect(result.bytes).toBe(2 * 24000 * 2);
  });

  it('converts a file, copying mono to both channels and writing only the given tags', async () => {
    const source = generate(ffmpeg, file('source.wav'), [
      ...sineSource({ seconds: 1 }),
      '-metadata',
      'comment=from the source',
    ]);
    const out = file('converted.mp3');
    const progress: number[] = [];
    await encodeAudio(ffmpeg, source, out, {
      format: 'mp3',
      channels: 2,
      metadata: { title: 'Chapter 1', artist: 'The Narrator' },
      onProgress: (f) => progress.push(f),
    });
    expect(progress.at(-1)).toBe(1);
    const stereo = await decodeAudio(ffmpeg, out);
    expect(stereo.channels).toBe(2);
    expect(Math.abs(rmsDb(stereo, 0.3, 0.7, 0) - SINE_05_RMS_DB)).toBeLessThan(0.5);
    expect(Math.abs(rmsDb(stereo, 0.3, 0.7, 1) - rmsDb(stereo, 0.3, 0.7, 0))).toBeLessThan(0.01);
    let description = '';
    try {
      execFileSync(ffmpeg.path, ['-hide_banner', '-i', out], { stdio: 'pipe' });
    } catch (error) {
      description = String((error as { stderr: Buffer }).stderr);
    }
    expect(description).toMatch(/title\s+: Chapter 1/);
    expect(description).toMatch(/artist\s+: The Narrator/);
    expect(description).not.toContain('from the source');
  });

  it('leaves no file behind when cancelled', async () => {
    const dir = path.join(temp.dir, 'cancelled');
    fs.mkdirSync(dir);
    const long = sinePcm({ seconds: 120, channels: 2 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    await expect(
      encodeAudio(ffmpeg, long, path.join(dir, 'book.mp3'), {
        format: 'mp3',
        signal: controller.signal,
      }),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('validates options before starting ffmpeg', async () => {
    const cases: Array<Parameters<typeof encodeAudio>[3]> = [
      { format: 'flac', bitrateKbps: 128 },
      { format: 'mp3', bitrateKbps: 192, vbrQuality: 2 },
      { format: 'mp3', vbrQuality: 11 },
      { format: 'aac', sampleFormat: 's16' },
      { format: 'flac', sampleFormat: 'f32' },
      { format: 'mp3', metadata: { 'bad key': 'x' } },
    ];
    for (const options of cases) {
      await expect(encodeAudio(ffmpeg, tone, file('x.out'), options)).rejects.toMatchObject({
        code: 'validation_error',
      });
    }
    await expect(
      encodeAudio(ffmpeg, tone, path.join(temp.dir, 'no-such-dir', 'x.mp3'), { format: 'mp3' }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('does not exist'),
    });
    await expect(
      encodeAudio(
        ffmpeg,
        { sampleRate: 44100, channels: 2, samples: new Float32Array(0) },
        file('e.wav'),
        {
          format: 'wav',
        },
      ),
    ).rejects.toMatchObject({ code: 'validation_error' });
  });
});
