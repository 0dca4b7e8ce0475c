import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { AppError } from '../errors.ts';
import { ffmpegFailure } from './ffmpeg-errors.ts';
import type { FfmpegInfo } from './ffmpeg-locate.ts';
import { channelsFromLayout, parseProbeOutput, probeMedia, requireAudio } from './probe.ts';
import { generate, sineSource, testFfmpeg, videoSource } from './test-signals.ts';

const fixture = (name: string): string =>
  fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

describe.each(['5.1', '4.1'])('parseProbeOutput on ffmpeg %s output', (version) => {
  const probe = (name: string) => parseProbeOutput(fixture(`probe-ffmpeg${version}-${name}.txt`));

  it('reads an MP3 with cover art: the picture is not video', () => {
    expect(probe('cover-mp3')).toEqual({
      format: 'mp3',
      duration_seconds: 3.03,
      bitrate_kbps: 194,
      audio: {
        index: 0,
        codec: 'mp3',
        sample_rate: 44100,
        channels: 2,
        channel_layout: 'stereo',
        bitrate_kbps: 192,
      },
      audio_stream_count: 1,
      has_video: false,
      has_cover_art: true,
    });
  });

  it('reads an MP4 with video and AAC audio', () => {
    const info = probe('video-mp4')!;
    expect(info.format).toBe('mov,mp4,m4a,3gp,3g2,mj2');
    expect(info.has_video).toBe(true);
    expect(info.audio).toMatchObject({ index: 1, codec: 'aac', sample_rate: 44100, channels: 1 });
    expect(info.duration_seconds).toBeCloseTo(2, 1);
  });

  it('reads a WEBM whose audio is the second stream', () => {
    const info = probe('video-webm')!;
    expect(info.format).toBe('matroska,webm');
    expect(info.has_video).toBe(true);
    expect(info.audio).toMatchObject({ index: 1, codec: 'opus', sample_rate: 48000, channels: 1 });
  });

  it('counts channels from a 5.1(side) layout', () => {
    expect(probe('six-flac')!.audio).toMatchObject({
      codec: 'flac',
      channels: 6,
      channel_layout: '5.1(side)',
    });
  });

  it('reads Ogg Opus', () => {
    expect(probe('speech-opus')).toMatchObject({
      format: 'ogg',
      audio: { codec: 'opus', sample_rate: 48000, channels: 1 },
      has_video: false,
    });
  });

  it('finds no media in junk bytes, and classifies the error as invalid audio', () => {
    const stderr = fixture(`probe-ffmpeg${version}-junk-mp3.txt`);
    expect(parseProbeOutput(stderr)).toBeNull();
    const error = ffmpegFailure(stderr, {
      what: 'reading junk.mp3',
      input: 'file:junk.mp3',
      exitCode: 1,
    });
    expect(error.code).toBe('invalid_audio');
    expect(error.message).toContain('junk.mp3');
  });

  it('never reports audio for a text file (4.1 reads it as an ANSI picture)', () => {
    const info = probe('notes-txt');
    expect(info?.audio ?? null).toBeNull();
  });
});

describe('channelsFromLayout', () => {
  it.each([
    ['mono', 1],
    ['stereo', 2],
    ['2.1', 3],
    ['quad(side)', 4],
    ['5.1(side)', 6],
    ['7.1(wide)', 8],
    ['hexagonal', 6],
    ['3 channels', 3],
    ['22.2', 24],
    ['something new', null],
  ])('%s → %s', (layout, count) => {
    expect(channelsFromLayout(layout)).toBe(count);
  });
});

describe('probeMedia with real ffmpeg', () => {
  let ffmpeg: FfmpegInfo;
  const temp = makeTempDir('tapehouse-probe-');
  const file = (name: string) => path.join(temp.dir, name);

  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
    generate(ffmpeg, file('tone.flac'), [...sineSource({ seconds: 1.5, rate: 48000 }), '-ac', '2']);
    generate(ffmpeg, file('silent-video.mp4'), [...videoSource(1), '-c:v', 'mpeg4']);
    fs.writeFileSync(file('empty.wav'), '');
    fs.writeFileSync(file('notes.txt'), 'Chapter one. It was a dark and stormy night.\n');
    fs.writeFileSync(file('concat:evil.mp3'), 'not audio');
  });
  afterAll(() => temp.cleanup());

  it('reads format, duration, rate and channels', async () => {
    const info = await probeMedia(ffmpeg, file('tone.flac'));
    expect(info).toMatchObject({
      format: 'flac',
      audio: { codec: 'flac', sample_rate: 48000, channels: 2, channel_layout: 'stereo' },
      has_video: false,
    });
    expect(info.duration_seconds).toBeCloseTo(1.5, 2);
  });

  it('reports a video without sound, which requireAudio refuses', async () => {
    const info = await probeMedia(ffmpeg, file('silent-video.mp4'));
    expect(info.has_video).toBe(true);
    expect(info.audio).toBeNull();
    expect(() => requireAudio(info, file('silent-video.mp4'))).toThrow(
      expect.objectContaining({ code: 'unsupported_media' }),
    );
  });

  it('rejects missing, empty and non-media files with clear AppErrors', async () => {
    await expect(probeMedia(ffmpeg, file('missing.mp3'))).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('does not exist'),
    });
    await expect(probeMedia(ffmpeg, file('empty.wav'))).rejects.toMatchObject({
      code: 'invalid_audio',
      message: expect.stringContaining('empty'),
    });
    // Depending on the version, ffmpeg refuses a text file or reads it as an ANSI picture.
    const text = await (async () =>
      requireAudio(await probeMedia(ffmpeg, file('notes.txt')), 'x'))()
      .then(() => null)
      .catch((error: unknown) => error);
    expect(text).toBeInstanceOf(AppError);
    expect(['invalid_audio', 'unsupported_media']).toContain((text as AppError).code);
  });

  it('treats a file name that looks like a protocol as a plain file', async () => {
    await expect(probeMedia(ffmpeg, file('concat:evil.mp3'))).rejects.toMatchObject({
      code: 'invalid_audio',
    });
  });
});
