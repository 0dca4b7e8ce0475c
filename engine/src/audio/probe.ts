/**
 * Media info from `ffmpeg -i <file>` (which prints the input's description on stderr and exits
 * with "At least one output file must be specified"). ffmpeg alone, because ffprobe is not
 * shipped by @ffmpeg-installer and one parser is simpler than two; parseProbeOutput is pure
 * and tested on output captured from ffmpeg 4.1 and 5.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.ts';
import { ffmpegFailure } from './ffmpeg-errors.ts';
import { parseDurationLine } from './ffmpeg-progress.ts';
import { MAX_CHANNELS, MAX_SAMPLE_RATE } from './pcm.ts';
import { runFfmpeg } from './ffmpeg-run.ts';
import type { Ffmpeg } from './types.ts';

export interface AudioStreamInfo {
  /** Index among the file's streams (`Stream #0:<index>`). */
  index: number;
  codec: string;
  sample_rate: number | null;
  /** From the layout name (`stereo`, `5.1(side)`, `3 channels`); null if unknown. */
  channels: number | null;
  channel_layout: string | null;
  bitrate_kbps: number | null;
}

export interface MediaInfo {
  /** ffmpeg's demuxer name, e.g. `mp3`, `wav`, `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`. */
  format: string;
  duration_seconds: number | null;
  /** Overall bitrate from the `Duration:` line. */
  bitrate_kbps: number | null;
  /** The first audio stream (the one decode uses); null when the file has none. */
  audio: AudioStreamInfo | null;
  audio_stream_count: number;
  /** A real video stream; cover art (`attached pic`) does not count. */
  has_video: boolean;
  has_cover_art: boolean;
}

const FIXED_LAYOUTS: Record<string, number> = {
  mono: 1,
  stereo: 2,
  downmix: 2,
  quad: 4,
  hexagonal: 6,
  octagonal: 8,
  hexadecagonal: 16,
  cube: 8,
};

/** `stereo` → 2, `5.1(side)` → 6, `7.1(wide)` → 8, `3 channels` → 3; null when unknown. */
export function channelsFromLayout(layout: string): number | null {
  const name = layout.trim().toLowerCase();
  const counted = /^(\d+) channels?\b/.exec(name);
  if (counted) return Number(counted[1]);
  const base = name.replace(/\(.*\)$/, '');
  if (base in FIXED_LAYOUTS) return FIXED_LAYOUTS[base]!;
  const dotted = /^(\d+)\.(\d+)$/.exec(base);
  if (dotted) return Number(dotted[1]) + Number(dotted[2]);
  return null;
}

const STREAM_LINE =
  /^\s*Stream #0:(\d+)(?:\[[^\]]*\])?(?:\([^)]*\))?: (Audio|Video|Subtitle|Data|Attachment): (.*)$/;

function parseAudioStream(index: number, description: string): AudioStreamInfo {
  const codec = /^([^\s,]+)/.exec(description)?.[1] ?? 'unknown';
  const rate = /(\d+) Hz/.exec(description);
  const layout = /\d+ Hz, ([^,]+)/.exec(description)?.[1]?.trim() ?? null;
  const bitrate = /(\d+) kb\/s/.exec(description);
  return {
    index,
    codec,
    sample_rate: rate ? Number(rate[1]) : null,
    channels: layout === null ? null : channelsFromLayout(layout),
    channel_layout: layout,
    bitrate_kbps: bitrate ? Number(bitrate[1]) : null,
  };
}

const AUDIO_ONLY_FORMATS = new Set(['mp3', 'flac', 'ogg', 'wav', 'aiff', 'ape', 'wv']);
const PICTURE_CODECS = /^(png|mjpeg|bmp|gif|webp|tiff)\b/;

/**
 * Cover art is a still picture stored as a video stream. ffmpeg 5 marks it `(attached pic)`;
 * ffmpeg 4.1 does not for every ID3 picture, so a picture codec inside an audio-only container
 * counts too.
 */
function isCoverArt(format: string, description: string): boolean {
  if (/\(attached pic\)/.test(description)) return true;
  return AUDIO_ONLY_FORMATS.has(format) && PICTURE_CODECS.test(description);
}

/** Parses the `Input #0` block of ffmpeg's stderr; null when there is none (not media). */
export function parseProbeOutput(stderr: string): MediaInfo | null {
  const lines = stderr.split(/\r\n|\r|\n/);
  const start = lines.findIndex((line) => /^Input #0, /.test(line));
  if (start < 0) return null;
  const format = /^Input #0, (.+?), from '/.exec(lines[start]!)?.[1] ?? 'unknown';
  const info: MediaInfo = {
    format,
    duration_seconds: null,
    bitrate_kbps: null,
    audio: null,
    audio_stream_count: 0,
    has_video: false,
    has_cover_art: false,
  };
  for (const line of lines.slice(start + 1)) {
    // The input block ends where the next input, the outputs or the stream mapping begin.
    if (/^(Input #|Output #|Stream mapping:)/.test(line)) break;
    if (/^\s*Duration:/.test(line)) {
      info.duration_seconds = parseDurationLine(line);
      const bitrate = /bitrate:\s*(\d+) kb\/s/.exec(line);
      info.bitrate_kbps = bitrate ? Number(bitrate[1]) : null;
      continue;
    }
    const stream = STREAM_LINE.exec(line);
    if (!stream) continue;
    const index = Number(stream[1]);
    const kind = stream[2];
    const description = stream[3]!;
    if (kind === 'Audio') {
      info.audio_stream_count += 1;
      info.audio ??= parseAudioStream(index, description);
    } else if (kind === 'Video') {
      if (isCoverArt(format, description)) info.has_cover_art = true;
      else info.has_video = true;
    }
  }
  return info;
}

/** `file:` stops ffmpeg reading a name such as `concat:…` or `http:…` as a protocol. */
export function ffmpegInputArg(file: string): string {
  return `file:${path.resolve(file)}`;
}

/** Checks before spawning so a missing file is a validation error, not ffmpeg noise. */
export function assertReadableFile(file: string, what: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new AppError('validation_error', `${what}: the file does not exist`, {
      details: { file },
    });
  }
  if (!stat.isFile()) {
    throw new AppError('validation_error', `${what}: not a file`, { details: { file } });
  }
  if (stat.size === 0) {
    throw new AppError('invalid_audio', `${what}: the file is empty (0 bytes)`, {
      details: { file },
    });
  }
}

export async function probeMedia(
  ffmpeg: Ffmpeg,
  file: string,
  options: { signal?: AbortSignal } = {},
): Promise<MediaInfo> {
  const what = `reading ${path.basename(file)}`;
  assertReadableFile(file, what);
  const inputArg = ffmpegInputArg(file);
  const result = await runFfmpeg(ffmpeg, ['-i', inputArg], {
    ...(options.signal ? { signal: options.signal } : {}),
    what,
    inputArg,
    allowFailure: true,
    // Long tag blocks (lyrics, chapters) come before the streams: keep all of it.
    stderrTailChars: 4 << 20,
  });
  const info = parseProbeOutput(result.stderr);
  if (info) return info;
  const failure = ffmpegFailure(result.stderr, {
    what,
    input: inputArg,
    exitCode: result.exitCode,
  });
  if (failure.code === 'internal_error') {
    throw new AppError('invalid_audio', `${what}: not a media file ffmpeg can read`, {
      details: failure.details ?? {},
    });
  }
  throw failure;
}

/**
 * The audio stream decode will use, or AppError('unsupported_media') when there is none. A header
 * that claims what no decoder takes (65,535 channels, a sample rate of 0 or of gigahertz) is 400
 * `invalid_audio` here, before any decoder is started, so every route answers it the same way.
 */
export function requireAudio(info: MediaInfo, file: string): AudioStreamInfo {
  if (!info.audio) {
    const kind = info.has_video
      ? 'it has only a video or picture stream'
      : `a ${info.format} file without audio`;
    throw new AppError(
      'unsupported_media',
      `${path.basename(file)} has no audio stream (${kind})`,
      {
        details: { format: info.format },
      },
    );
  }
  const { channels, sample_rate: rate } = info.audio;
  if (channels !== null && (channels < 1 || channels > MAX_CHANNELS))
    throw new AppError(
      'invalid_audio',
      `The file's header claims ${channels} channels; audio with 1 to ${MAX_CHANNELS} channels is read.`,
      { details: { reason: 'unsupported_channels', channels, max_channels: MAX_CHANNELS } },
    );
  if (rate !== null && (rate < 1 || rate > MAX_SAMPLE_RATE))
    throw new AppError(
      'invalid_audio',
      `The file's header claims a sample rate of ${rate} Hz; 1 to ${MAX_SAMPLE_RATE} Hz is read.`,
      {
        details: {
          reason: 'unsupported_sample_rate',
          sample_rate: rate,
          max_sample_rate: MAX_SAMPLE_RATE,
        },
      },
    );
  return info.audio;
}
