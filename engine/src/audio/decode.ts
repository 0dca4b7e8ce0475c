/**
 * Decodes any audio ffmpeg reads (WAV, MP3, FLAC, OGG/Opus, M4A/AAC, the audio of MP4, MKV,
 * WEBM, …) to Float32 PCM at a requested rate and channel count, via `-f f32le pipe:1`.
 *
 * - decodeAudio: the whole clip in one interleaved Float32Array (types.ts says why interleaved),
 *   filled as bytes arrive with about one copy (pcm.ts Float32Collector).
 * - decodeAudioStream: an async iterator of fixed-size chunks. ffmpeg writes only as fast as the
 *   consumer pulls (pipe backpressure), so an hour-long file needs one chunk of memory.
 *
 * The file is probed first: that gives the clear error for non-media or video-only input, the
 * source channel count for channel-map.ts, and the duration for progress.
 */
import path from 'node:path';
import { AppError } from '../errors.ts';
import { channelMapFilter } from './channel-map.ts';
import { startFfmpeg, type FfmpegProcess } from './ffmpeg-run.ts';
import { Float32Collector, f32Frames, validateFormat } from './pcm.ts';
import { ffmpegInputArg, probeMedia, requireAudio, type MediaInfo } from './probe.ts';
import type { Ffmpeg, PcmAudio, ProgressCallback } from './types.ts';

export interface DecodeOptions {
  /** Output sample rate; default: the source's. */
  sampleRate?: number;
  /** Output channels; default: the source's. See channel-map.ts for how counts change. */
  channels?: number;
  /** Start this many seconds into the file. */
  startSeconds?: number;
  /** Decode at most this many seconds. */
  durationSeconds?: number;
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
  /** A probe result already at hand (saves one ffmpeg run). */
  info?: MediaInfo;
}

export interface PcmChunk extends PcmAudio {
  /** Index of this chunk's first frame in the decoded stream. */
  startFrame: number;
}

interface DecodePlan {
  args: string[];
  sampleRate: number;
  channels: number;
  totalSeconds: number | null;
  what: string;
  inputArg: string;
}

function checkSeconds(value: number | undefined, name: string, allowZero: boolean): void {
  if (value === undefined) return;
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new AppError(
      'validation_error',
      `${name} must be a ${allowZero ? 'non-negative' : 'positive'} number of seconds, got ${value}`,
    );
  }
}

async function planDecode(
  ffmpeg: Ffmpeg,
  file: string,
  options: DecodeOptions,
): Promise<DecodePlan> {
  const what = `decoding ${path.basename(file)}`;
  checkSeconds(options.startSeconds, 'startSeconds', true);
  checkSeconds(options.durationSeconds, 'durationSeconds', false);
  const signal = options.signal ? { signal: options.signal } : {};
  const info = options.info ?? (await probeMedia(ffmpeg, file, signal));
  const audio = requireAudio(info, file);
  const sampleRate = options.sampleRate ?? audio.sample_rate;
  const channels = options.channels ?? audio.channels;
  if (sampleRate === null || channels === null) {
    throw new AppError(
      'unsupported_media',
      `${what}: ffmpeg did not report the ${sampleRate === null ? 'sample rate' : 'channel count'}; pass it explicitly`,
    );
  }
  validateFormat(sampleRate, channels, what);

  const start = options.startSeconds ?? 0;
  const inputArg = ffmpegInputArg(file);
  const filter = channelMapFilter(audio.channels, channels);
  const args = [
    ...(start > 0 ? ['-ss', String(start)] : []),
    '-i',
    inputArg,
    ...(options.durationSeconds === undefined ? [] : ['-t', String(options.durationSeconds)]),
    '-map',
    '0:a:0',
    ...(filter ? ['-af', filter] : []),
    '-ar',
    String(sampleRate),
    '-ac',
    String(channels),
    '-c:a',
    'pcm_f32le',
    '-f',
    'f32le',
    'pipe:1',
  ];
  const remaining =
    info.duration_seconds === null ? null : Math.max(0, info.duration_seconds - start);
  const totalSeconds =
    options.durationSeconds === undefined
      ? remaining
      : Math.min(options.durationSeconds, remaining ?? Infinity);
  return { args, sampleRate, channels, totalSeconds, what, inputArg };
}

function start(ffmpeg: Ffmpeg, plan: DecodePlan, options: DecodeOptions): FfmpegProcess {
  return startFfmpeg(ffmpeg, plan.args, {
    stdout: 'data',
    what: plan.what,
    inputArg: plan.inputArg,
    totalSeconds: plan.totalSeconds,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

function noSamples(plan: DecodePlan): AppError {
  return new AppError('invalid_audio', `${plan.what}: the file contains no audio samples`);
}

/**
 * Frames decodeAudio keeps. `-t` counts by timestamps, which a crafted file can repeat (ten hours
 * of FLAC frames stamped 0–20 s), so the bytes are counted too: a requested duration is cut
 * there, and without one the file may decode to at most twice its header's length and 30 s
 * more (room for a VBR MP3's estimate) before it is refused as lying about its length.
 */
function frameLimit(
  plan: DecodePlan,
  options: DecodeOptions,
): { frames: number; cut: boolean } | null {
  if (options.durationSeconds !== undefined)
    return { frames: Math.ceil(options.durationSeconds * plan.sampleRate), cut: true };
  if (plan.totalSeconds === null) return null;
  return { frames: Math.ceil((plan.totalSeconds * 2 + 30) * plan.sampleRate), cut: false };
}

function longerThanHeader(plan: DecodePlan): AppError {
  return new AppError(
    'invalid_audio',
    `${plan.what}: the file holds far more audio than its header says (${Math.round(plan.totalSeconds ?? 0)} s); it is damaged or crafted`,
    { details: { reason: 'longer_than_header', header_seconds: plan.totalSeconds } },
  );
}

/** Decodes the whole file (or the requested range) into memory. */
export async function decodeAudio(
  ffmpeg: Ffmpeg,
  file: string,
  options: DecodeOptions = {},
): Promise<PcmAudio> {
  const plan = await planDecode(ffmpeg, file, options);
  const estimate = plan.totalSeconds === null ? 0 : plan.totalSeconds * plan.sampleRate;
  const collector = new Float32Collector(estimate * plan.channels);
  const limit = frameLimit(plan, options);
  const maxBytes = limit === null ? Infinity : limit.frames * plan.channels * 4;
  const proc = start(ffmpeg, plan, options);
  let taken = 0;
  try {
    for await (const chunk of proc.stdout!) {
      const bytes = chunk as Buffer;
      if (taken + bytes.length > maxBytes) {
        collector.push(bytes.subarray(0, maxBytes - taken));
        taken = maxBytes;
        break; // leaving the loop closes the pipe; ffmpeg is stopped below
      }
      collector.push(bytes);
      taken += bytes.length;
    }
  } catch (error) {
    proc.kill(); // reading failed: do not leave ffmpeg blocked on a full pipe
    throw error;
  }
  if (taken >= maxBytes) {
    // Enough: the rest is never decoded.
    proc.kill();
    await proc.done.catch(() => {});
    if (!limit!.cut) throw longerThanHeader(plan);
  } else await proc.done;
  const samples = collector.finish(plan.channels);
  if (samples.length === 0) throw noSamples(plan);
  return { sampleRate: plan.sampleRate, channels: plan.channels, samples };
}

/**
 * Decodes in chunks of `chunkFrames` frames (default one second; the last may be shorter).
 * Breaking out of the loop kills ffmpeg. Errors (corrupt input, cancellation) are thrown from
 * the iterator, after the chunks decoded before them.
 */
export async function* decodeAudioStream(
  ffmpeg: Ffmpeg,
  file: string,
  options: DecodeOptions & { chunkFrames?: number } = {},
): AsyncGenerator<PcmChunk, void, undefined> {
  const { chunkFrames: requested } = options;
  if (requested !== undefined && (!Number.isInteger(requested) || requested < 1)) {
    throw new AppError(
      'validation_error',
      `chunkFrames must be a positive integer, got ${requested}`,
    );
  }
  const plan = await planDecode(ffmpeg, file, options);
  const chunkFrames = requested ?? plan.sampleRate;
  const { sampleRate, channels } = plan;
  const proc = start(ffmpeg, plan, options);
  let exited = false;
  try {
    let startFrame = 0;
    for await (const samples of f32Frames(proc.stdout!, channels, chunkFrames)) {
      yield { sampleRate, channels, samples, startFrame };
      startFrame += samples.length / channels;
    }
    await proc.done;
    exited = true;
    if (startFrame === 0) throw noSamples(plan);
  } finally {
    if (!exited) {
      proc.kill();
      await proc.done.catch(() => {});
    }
  }
}
