// Headers that lie (issue 25): a WAV claiming 65,535 channels is a coded 400 before any decoder
// starts, ffmpeg's own refusal of such a stream reads as invalid audio rather than a bug, and a
// FLAC whose header says 20 s but holds ten minutes of frames (their timestamps repeat, so
// `-t` never fires) is cut at the requested length by bytes, or refused without one.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { writeWavClaimingChannels } from '../../../test/helpers/upload-inputs.ts';
import { decodeAudio } from './decode.ts';
import { ffmpegFailure } from './ffmpeg-errors.ts';
import type { FfmpegInfo } from './ffmpeg-locate.ts';
import { probeMedia, requireAudio } from './probe.ts';
import { generate, testFfmpeg } from './test-signals.ts';

const temp = makeTempDir('tapehouse-headers-');
const file = (name: string) => path.join(temp.dir, name);
let ffmpeg: FfmpegInfo;

beforeAll(async () => {
  ffmpeg = await testFfmpeg();
  writeWavClaimingChannels(file('many.wav'), 65_535);
  generate(ffmpeg, file('twenty.flac'), [
    ...['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '20', '-c:a', 'flac'],
  ]);
  // Stream copy keeps the first file's STREAMINFO (20 s) and its frames' timestamps repeat.
  generate(ffmpeg, file('liar.flac'), [
    ...['-stream_loop', '29', '-i', file('twenty.flac'), '-c', 'copy'],
  ]);
});
afterAll(() => temp.cleanup());

describe('headers that lie', () => {
  it('refuses a header claiming 65,535 channels with 400 before decoding', async () => {
    const info = await probeMedia(ffmpeg, file('many.wav'));
    expect(info.audio?.channels).toBe(65_535);
    expect(() => requireAudio(info, file('many.wav'))).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'invalid_audio',
        details: expect.objectContaining({ reason: 'unsupported_channels', channels: 65_535 }),
      }),
    );
    await expect(decodeAudio(ffmpeg, file('many.wav'))).rejects.toMatchObject({
      code: 'invalid_audio',
    });
  });

  it('reads ffmpeg refusing to open a decoder as invalid audio, with its reason', () => {
    const stderr = [
      "Input #0, wav, from 'file:/x/many.wav':",
      '  Stream #0:0: Audio: pcm_s16le, 44100 Hz, 65535 channels, s16',
      '[pcm_s16le @ 0x5] Too many channels: 65535',
      'Error while opening decoder for input stream #0:0 : Invalid argument',
    ].join('\n');
    const error = ffmpegFailure(stderr, { what: 'decoding many.wav', exitCode: 1 });
    expect(error).toMatchObject({ status: 400, code: 'invalid_audio' });
    expect(error.message).toContain('Too many channels: 65535');
    expect(error.details).toMatchObject({ reason: 'undecodable_stream' });
  });

  it('cuts a requested length by bytes when the timestamps repeat, and refuses a lying file', async () => {
    const info = await probeMedia(ffmpeg, file('liar.flac'));
    expect(info.duration_seconds).toBeCloseTo(20, 0);
    const cut = await decodeAudio(ffmpeg, file('liar.flac'), { durationSeconds: 30 });
    expect(cut.samples.length / cut.sampleRate).toBeCloseTo(30, 3);
    await expect(decodeAudio(ffmpeg, file('liar.flac'))).rejects.toMatchObject({
      code: 'invalid_audio',
      details: expect.objectContaining({ reason: 'longer_than_header' }),
    });
  });
});
