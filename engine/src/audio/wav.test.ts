import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { decodeAudio } from './decode.ts';
import type { FfmpegInfo } from './ffmpeg-locate.ts';
import { generate, sameSamples, sinePcm, sineSource, testFfmpeg } from './test-signals.ts';
import { decodeWav, encodeWav, readWavFile, writeWavFile } from './wav.ts';

describe('WAV, pure', () => {
  const stereo = sinePcm({ seconds: 0.1, channels: 2, rate: 22050 });

  it('writes a canonical 44-byte header', () => {
    const bytes = encodeWav(stereo, 's16');
    const view = new DataView(bytes.buffer);
    const text = (o: number) => String.fromCharCode(...bytes.subarray(o, o + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(22050);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(stereo.samples.length * 2);
    expect(bytes.byteLength).toBe(44 + stereo.samples.length * 2);
  });

  it('round-trips 32-bit float exactly and 16-bit within half a step', () => {
    const f32 = decodeWav(encodeWav(stereo, 'f32'));
    expect(f32).toMatchObject({ format: 'f32', sampleRate: 22050, channels: 2 });
    expect(sameSamples(f32.samples, stereo.samples)).toBe(true);
    const s16 = decodeWav(encodeWav(stereo, 's16'));
    expect(s16.format).toBe('s16');
    const worst = s16.samples.reduce((m, x, i) => Math.max(m, Math.abs(x - stereo.samples[i]!)), 0);
    expect(worst).toBeLessThanOrEqual(0.5 / 32768);
  });

  it('clips out-of-range samples to the 16-bit limits', () => {
    const loud = {
      sampleRate: 8000,
      channels: 1,
      samples: new Float32Array([1.5, -1.5, 1, -1, 0.5]),
    };
    const back = decodeWav(encodeWav(loud)).samples;
    expect(Array.from(back).map((x) => Math.round(x * 32768))).toEqual([
      32767, -32768, 32767, -32768, 16384,
    ]);
  });

  it('skips unknown chunks (odd sizes are padded) and reads 24-bit', () => {
    const fmt = new Uint8Array(24);
    const fv = new DataView(fmt.buffer);
    fmt.set([0x66, 0x6d, 0x74, 0x20]); // "fmt "
    fv.setUint32(4, 16, true);
    fv.setUint16(8, 1, true);
    fv.setUint16(10, 1, true);
    fv.setUint32(12, 8000, true);
    fv.setUint32(16, 24000, true);
    fv.setUint16(20, 3, true);
    fv.setUint16(22, 24, true);
    const list = new Uint8Array([0x4c, 0x49, 0x53, 0x54, 3, 0, 0, 0, 1, 2, 3, 0]); // "LIST", 3 + pad
    const data = new Uint8Array([
      0x64, 0x61, 0x74, 0x61, 6, 0, 0, 0, 0x00, 0x00, 0x40, 0x00, 0x00, 0xc0,
    ]);
    const header = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]);
    const file = new Uint8Array([...header, ...list, ...fmt, ...data]);
    const wav = decodeWav(file);
    expect(wav).toMatchObject({ format: 's24', sampleRate: 8000, channels: 1 });
    expect(Array.from(wav.samples)).toEqual([0.5, -0.5]);
  });

  it('refuses what is not WAV with invalid_audio', () => {
    expect(() => decodeWav(new TextEncoder().encode('hello, not a wav file'))).toThrow(
      expect.objectContaining({ code: 'invalid_audio' }),
    );
    const noData = encodeWav(stereo).subarray(0, 36);
    expect(() => decodeWav(noData)).toThrow(expect.objectContaining({ code: 'invalid_audio' }));
  });
});

describe('WAV against ffmpeg', () => {
  let ffmpeg: FfmpegInfo;
  const temp = makeTempDir('tapehouse-wav-');
  const file = (name: string) => path.join(temp.dir, name);

  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
  });
  afterAll(() => temp.cleanup());

  it('reads what ffmpeg writes, including WAVE_FORMAT_EXTENSIBLE 24-bit 5.1', async () => {
    generate(ffmpeg, file('six.wav'), [
      ...sineSource({ seconds: 0.5, rate: 48000 }),
      '-af',
      'aformat=channel_layouts=5.1',
      '-c:a',
      'pcm_s24le',
    ]);
    const ours = await readWavFile(file('six.wav'));
    expect(ours).toMatchObject({ format: 's24', channels: 6, sampleRate: 48000 });
    const theirs = await decodeAudio(ffmpeg, file('six.wav'));
    expect(sameSamples(ours.samples, theirs.samples)).toBe(true);
  });

  it('reads a WAV streamed to a pipe (no final sizes in the header)', () => {
    const bytes = execFileSync(ffmpeg.path, [
      ...['-hide_banner', '-loglevel', 'error', ...sineSource({ seconds: 0.25, rate: 16000 })],
      ...['-c:a', 'pcm_s16le', '-f', 'wav', 'pipe:1'],
    ]);
    const wav = decodeWav(bytes);
    expect(wav.sampleRate).toBe(16000);
    expect(wav.samples.length).toBe(4000);
  });

  it('writes files ffmpeg decodes to the same samples', async () => {
    const tone = sinePcm({ seconds: 0.5, channels: 2 });
    await writeWavFile(file('ours.wav'), tone, 's16');
    const ffmpegView = await decodeAudio(ffmpeg, file('ours.wav'));
    expect(
      sameSamples(ffmpegView.samples, decodeWav(fs.readFileSync(file('ours.wav'))).samples),
    ).toBe(true);
  });

  it('says to use ffmpeg for WAV codecs it does not read', async () => {
    generate(ffmpeg, file('adpcm.wav'), [...sineSource({ seconds: 0.2 }), '-c:a', 'adpcm_ms']);
    await expect(readWavFile(file('adpcm.wav'))).rejects.toMatchObject({
      code: 'unsupported_media',
      message: expect.stringContaining('ffmpeg'),
    });
  });
});
