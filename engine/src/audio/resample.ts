/**
 * Sample-rate and channel conversion of PCM in memory, by ffmpeg's resampler (stdin f32le in,
 * stdout f32le out), e.g. 24 kHz TTS output to the 44.1 kHz of an audiobook export. Files are
 * converted while decoding instead (decode.ts takes sampleRate and channels). `changeTempo`
 * makes speech faster or slower without changing its pitch (ffmpeg's `atempo`), for voices
 * whose model has no pace control.
 */
import { AppError } from '../errors.ts';
import { channelMapFilter } from './channel-map.ts';
import { startFfmpeg } from './ffmpeg-run.ts';
import {
  durationSeconds,
  Float32Collector,
  float32Bytes,
  validateFormat,
  validatePcm,
} from './pcm.ts';
import type { Ffmpeg, PcmAudio } from './types.ts';

export interface ResampleOptions {
  sampleRate: number;
  /** Default: unchanged. See channel-map.ts for how counts change. */
  channels?: number;
  signal?: AbortSignal;
}

export async function resamplePcm(
  ffmpeg: Ffmpeg,
  audio: PcmAudio,
  options: ResampleOptions,
): Promise<PcmAudio> {
  validatePcm(audio, 'resample');
  const channels = options.channels ?? audio.channels;
  validateFormat(options.sampleRate, channels, 'resample');
  if (options.sampleRate === audio.sampleRate && channels === audio.channels) return audio;
  if (audio.samples.length === 0)
    return { sampleRate: options.sampleRate, channels, samples: new Float32Array(0) };
  return pipeThrough(ffmpeg, audio, {
    filter: channelMapFilter(audio.channels, channels),
    sampleRate: options.sampleRate,
    channels,
    what: 'resampling',
    expectedSeconds: durationSeconds(audio),
    ...(options.signal && { signal: options.signal }),
  });
}

/** `atempo` takes 0.5–100 per instance; slower than half speed chains two. */
function atempoChain(factor: number): string {
  const stages: number[] = [];
  let left = factor;
  while (left < 0.5) {
    stages.push(0.5);
    left /= 0.5;
  }
  stages.push(left);
  return stages.map((f) => `atempo=${f.toFixed(6)}`).join(',');
}

/**
 * Plays `audio` `factor` times as fast (2: twice as fast, half as long) at the same pitch
 * (0.25–4).
 */
export async function changeTempo(
  ffmpeg: Ffmpeg,
  audio: PcmAudio,
  factor: number,
  signal?: AbortSignal,
): Promise<PcmAudio> {
  validatePcm(audio, 'changeTempo');
  if (!(factor >= 0.25 && factor <= 4))
    throw new AppError('validation_error', `tempo ${factor} is outside 0.25–4`);
  if (factor === 1 || audio.samples.length === 0) return audio;
  return pipeThrough(ffmpeg, audio, {
    filter: atempoChain(factor),
    sampleRate: audio.sampleRate,
    channels: audio.channels,
    what: 'changing the tempo',
    expectedSeconds: durationSeconds(audio) / factor,
    ...(signal && { signal }),
  });
}

async function pipeThrough(
  ffmpeg: Ffmpeg,
  audio: PcmAudio,
  options: {
    filter: string | null;
    sampleRate: number;
    channels: number;
    what: string;
    expectedSeconds: number;
    signal?: AbortSignal;
  },
): Promise<PcmAudio> {
  const { sampleRate, channels } = options;
  const args = [
    ...[
      '-f',
      'f32le',
      '-ar',
      String(audio.sampleRate),
      '-ac',
      String(audio.channels),
      '-i',
      'pipe:0',
    ],
    ...(options.filter ? ['-af', options.filter] : []),
    ...['-ar', String(sampleRate), '-ac', String(channels), '-c:a', 'pcm_f32le', '-f', 'f32le'],
    'pipe:1',
  ];
  const proc = startFfmpeg(ffmpeg, args, {
    stdout: 'data',
    what: options.what,
    input: float32Bytes(audio.samples),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const collector = new Float32Collector(options.expectedSeconds * sampleRate * channels);
  try {
    for await (const chunk of proc.stdout!) collector.push(chunk as Buffer);
  } catch (error) {
    proc.kill();
    throw error;
  }
  await proc.done;
  const samples = collector.finish(channels);
  if (samples.length === 0)
    throw new AppError('internal_error', `${options.what} produced no samples`);
  return { sampleRate, channels, samples };
}
