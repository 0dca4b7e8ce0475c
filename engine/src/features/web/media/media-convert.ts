/**
 * ffmpeg's half of a download: what the downloaded file holds (streams, codecs, size), the
 * conversion to the asked format (streams copied when they already fit, re-encoded when not),
 * and a thumbnail frame when the site offered none. Always local files: nothing here fetches.
 */
import { runFfmpeg, type Ffmpeg } from '../../../audio/index.ts';
import type { ConversionPlan } from './media-options.ts';

export interface StreamsInfo {
  duration: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  fps: number | null;
}

/** Reads `ffmpeg -i`'s stream lines (the first video and the first audio stream). */
export function parseStreams(stderr: string): StreamsInfo {
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const video =
    /Stream #\d+:\d+[^:]*: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})[^\n]*?(?:, ([\d.]+) fps)?/.exec(
      stderr,
    );
  const audio = /Stream #\d+:\d+[^:]*: Audio: (\w+)/.exec(stderr);
  const attached = video && /\(attached pic\)/.test(video[0]);
  return {
    duration: duration
      ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
      : null,
    videoCodec: video && !attached ? video[1]! : null,
    audioCodec: audio ? audio[1]! : null,
    width: video && !attached ? Number(video[2]) : null,
    height: video && !attached ? Number(video[3]) : null,
    fps: video?.[4] ? Number(video[4]) : null,
  };
}

export async function probeStreams(
  ffmpeg: Ffmpeg,
  file: string,
  signal: AbortSignal,
): Promise<StreamsInfo> {
  const result = await runFfmpeg(ffmpeg, ['-i', file], {
    signal,
    allowFailure: true,
    what: 'reading the download',
    inputArg: file,
  });
  return parseStreams(result.stderr);
}

const FITS: Record<string, string[]> = {
  h264: ['h264'],
  vp9: ['vp9', 'vp8', 'av1'],
  aac: ['aac'],
  mp3: ['mp3'],
  opus: ['opus', 'vorbis'],
  vorbis: ['vorbis'],
  flac: ['flac'],
  pcm: ['pcm_s16le'],
};

function videoArgs(plan: ConversionPlan, source: StreamsInfo): string[] {
  if (plan.kind === 'audio' || source.videoCodec === null) return ['-vn'];
  const scale =
    plan.maxHeight && source.height && source.height > plan.maxHeight
      ? ['-vf', `scale=-2:${plan.maxHeight}`]
      : [];
  if (plan.videoCodec === null) return ['-c:v', 'copy'];
  if (scale.length === 0 && FITS[plan.videoCodec]?.includes(source.videoCodec))
    return ['-c:v', 'copy'];
  if (plan.videoCodec === 'h264')
    return [
      ...scale,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
    ];
  return [
    ...scale,
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '0',
    '-crf',
    '33',
  ];
}

function audioArgs(plan: ConversionPlan, source: StreamsInfo): string[] {
  if (source.audioCodec === null) return ['-an'];
  const target = plan.audioCodec;
  if (target === null) return ['-c:a', 'copy'];
  const lossy = ['aac', 'mp3', 'opus', 'vorbis'].includes(target);
  // A lossy stream of the right codec is copied unless a bitrate was asked for it.
  if (FITS[target]?.includes(source.audioCodec) && !(lossy && plan.kind === 'audio'))
    return ['-c:a', 'copy'];
  const encoder = {
    aac: 'aac',
    mp3: 'libmp3lame',
    opus: 'libopus',
    vorbis: 'libvorbis',
    flac: 'flac',
    pcm: 'pcm_s16le',
  }[target];
  return ['-c:a', encoder, ...(lossy ? ['-b:a', `${plan.audioKbps}k`] : [])];
}

/** Converts `source` into `out` as the plan says; progress 0..1. */
export async function convert(
  ffmpeg: Ffmpeg,
  source: string,
  streams: StreamsInfo,
  plan: ConversionPlan,
  out: string,
  options: { signal: AbortSignal; onProgress: (fraction: number) => void },
): Promise<void> {
  const container = plan.extension === 'mka' ? ['-f', 'matroska'] : [];
  const faststart =
    plan.extension === 'mp4' || plan.extension === 'm4a' ? ['-movflags', '+faststart'] : [];
  await runFfmpeg(
    ffmpeg,
    [
      '-y',
      '-i',
      source,
      '-map',
      '0:v:0?',
      '-map',
      '0:a:0?',
      ...videoArgs(plan, streams),
      ...audioArgs(plan, streams),
      ...faststart,
      ...container,
      out,
    ],
    {
      signal: options.signal,
      onProgress: (fraction) => options.onProgress(fraction),
      totalSeconds: streams.duration,
      what: 'converting the download',
      inputArg: source,
    },
  );
}

/** One JPEG frame from a tenth of the way in (the site offered no thumbnail). */
export async function grabThumbnail(
  ffmpeg: Ffmpeg,
  source: string,
  streams: StreamsInfo,
  out: string,
  signal: AbortSignal,
): Promise<boolean> {
  if (streams.videoCodec === null) return false;
  const at = Math.max(0, (streams.duration ?? 0) * 0.1);
  const result = await runFfmpeg(
    ffmpeg,
    [
      '-y',
      '-ss',
      at.toFixed(2),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      'scale=640:-2',
      '-q:v',
      '4',
      out,
    ],
    { signal, allowFailure: true, what: 'making a thumbnail' },
  );
  return result.exitCode === 0;
}

/** A site thumbnail (webp, png, …) as JPEG, so every thumbnail_url serves one type. */
export async function toJpeg(
  ffmpeg: Ffmpeg,
  source: string,
  out: string,
  signal: AbortSignal,
): Promise<boolean> {
  const result = await runFfmpeg(ffmpeg, ['-y', '-i', source, '-frames:v', '1', out], {
    signal,
    allowFailure: true,
    what: 'converting the thumbnail',
  });
  return result.exitCode === 0;
}
