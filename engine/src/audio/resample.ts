/**
 * Sample-rate and channel conversion of PCM in memory, by ffmpeg's resampler (stdin f32le in,
 * stdout f32le out), e.g. 24 kHz TTS output to the 44.1 kHz of an audiobook export. Files are
 * converted while decoding instead (decode.ts takes sampleRate and channels).
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

  const filter = channelMapFilter(audio.channels, channels);
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
    ...(filter ? ['-af', filter] : []),
    ...[
      '-ar',
      String(options.sampleRate),
      '-ac',
      String(channels),
      '-c:a',
      'pcm_f32le',
      '-f',
      'f32le',
      'pipe:1',
    ],
  ];
  const proc = startFfmpeg(ffmpeg, args, {
    stdout: 'data',
    what: 'resampling',
    input: float32Bytes(audio.samples),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const collector = new Float32Collector(durationSeconds(audio) * options.sampleRate * channels);
  try {
    for await (const chunk of proc.stdout!) collector.push(chunk as Buffer);
  } catch (error) {
    proc.kill();
    throw error;
  }
  await proc.done;
  const samples = collector.finish(channels);
  if (samples.length === 0) throw new AppError('internal_error', 'resampling produced no samples');
  return { sampleRate: options.sampleRate, channels, samples };
}
