/**
 * Encodes PCM (fed through stdin as f32le) or another file into WAV, MP3 (CBR or VBR), FLAC,
 * Opus in Ogg, AAC in M4A or raw ADTS, or headerless 16-bit PCM (the `/audio/speech` formats
 * plus the audiobook export's 192 kbps CBR MP3).
 *
 * ffmpeg writes to a temporary name beside the target, renamed into place on success, so a
 * failed or cancelled encode never leaves a half-written file under the real name.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.ts';
import { channelMapFilter } from './channel-map.ts';
import { runFfmpeg } from './ffmpeg-run.ts';
import { durationSeconds, float32Bytes, validateFormat, validatePcm } from './pcm.ts';
import { ffmpegInputArg, probeMedia, requireAudio } from './probe.ts';
import type { Ffmpeg, PcmAudio, ProgressCallback } from './types.ts';

/** `aac` is raw ADTS (what OpenAI's `response_format: aac` returns); `m4a` is AAC in MP4. */
export type EncodeFormat = 'wav' | 'mp3' | 'flac' | 'opus' | 'aac' | 'm4a' | 'pcm';

export const ENCODE_FORMATS: readonly EncodeFormat[] = [
  'wav',
  'mp3',
  'flac',
  'opus',
  'aac',
  'm4a',
  'pcm',
];

export interface EncodeOptions {
  format: EncodeFormat;
  /** Output rate; default: the source's (Opus: 48000, the only rates Opus has are 8-48 kHz). */
  sampleRate?: number;
  channels?: number;
  /**
   * Bitrate in kbit/s. MP3: constant bitrate (default 192, the ACX requirement). Opus and AAC:
   * the encoder's target (defaults 96 and 128).
   */
  bitrateKbps?: number;
  /** MP3 only: LAME variable bitrate quality, 0 (best) to 9; excludes bitrateKbps. */
  vbrQuality?: number;
  /** WAV: s16 (default), s24 or f32. FLAC: s16 (default) or s24. */
  sampleFormat?: 's16' | 's24' | 'f32';
  /** Tags written to the output (title, artist, album, …); source tags are never copied. */
  metadata?: Record<string, string>;
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
}

export interface EncodeResult {
  path: string;
  bytes: number;
  format: EncodeFormat;
}

const OPUS_RATES = [8000, 12000, 16000, 24000, 48000];

function invalidOption(message: string): AppError {
  return new AppError('validation_error', `encode: ${message}`);
}

/** The codec and muxer arguments for one format; validates the options that apply to it. */
export function codecArgs(options: EncodeOptions): string[] {
  const { format, bitrateKbps, vbrQuality, sampleFormat } = options;
  if (
    bitrateKbps !== undefined &&
    (!Number.isFinite(bitrateKbps) || bitrateKbps < 6 || bitrateKbps > 640)
  ) {
    throw invalidOption(`bitrate must be 6-640 kbit/s, got ${bitrateKbps}`);
  }
  if (vbrQuality !== undefined && format !== 'mp3')
    throw invalidOption('vbrQuality is for mp3 only');
  if (bitrateKbps !== undefined && (format === 'wav' || format === 'flac' || format === 'pcm')) {
    throw invalidOption(`${format} is uncompressed or lossless; it takes no bitrate`);
  }
  if (sampleFormat !== undefined && format !== 'wav' && format !== 'flac') {
    throw invalidOption('sampleFormat is for wav and flac only');
  }
  switch (format) {
    case 'wav': {
      const codec = { s16: 'pcm_s16le', s24: 'pcm_s24le', f32: 'pcm_f32le' }[sampleFormat ?? 's16'];
      // rf64 only when needed: a plain WAV header cannot describe more than 4 GiB.
      return ['-c:a', codec, '-rf64', 'auto', '-f', 'wav'];
    }
    case 'flac': {
      if (sampleFormat === 'f32') throw invalidOption('flac stores integers: use s16 or s24');
      const depth =
        sampleFormat === 's24'
          ? ['-sample_fmt', 's32', '-bits_per_raw_sample', '24']
          : ['-sample_fmt', 's16'];
      return ['-c:a', 'flac', ...depth, '-f', 'flac'];
    }
    case 'mp3': {
      if (vbrQuality !== undefined) {
        if (bitrateKbps !== undefined)
          throw invalidOption('give bitrateKbps (CBR) or vbrQuality (VBR), not both');
        if (!Number.isInteger(vbrQuality) || vbrQuality < 0 || vbrQuality > 9) {
          throw invalidOption(`vbrQuality must be an integer 0-9, got ${vbrQuality}`);
        }
        return [
          '-c:a',
          'libmp3lame',
          '-q:a',
          String(vbrQuality),
          '-id3v2_version',
          '3',
          '-f',
          'mp3',
        ];
      }
      // libmp3lame with -b:a and no -abr is strict CBR: every frame at this bitrate.
      return [
        '-c:a',
        'libmp3lame',
        '-b:a',
        `${bitrateKbps ?? 192}k`,
        '-id3v2_version',
        '3',
        '-f',
        'mp3',
      ];
    }
    case 'opus':
      return ['-c:a', 'libopus', '-b:a', `${bitrateKbps ?? 96}k`, '-f', 'ogg'];
    case 'aac':
      return ['-c:a', 'aac', '-b:a', `${bitrateKbps ?? 128}k`, '-f', 'adts'];
    case 'm4a':
      // faststart moves the index to the front so players can start before the download ends.
      return [
        '-c:a',
        'aac',
        '-b:a',
        `${bitrateKbps ?? 128}k`,
        '-movflags',
        '+faststart',
        '-f',
        'ipod',
      ];
    case 'pcm':
      return ['-c:a', 'pcm_s16le', '-f', 's16le'];
    default:
      throw invalidOption(
        `unknown format "${String(format)}" (one of ${ENCODE_FORMATS.join(', ')})`,
      );
  }
}

function outputRate(options: EncodeOptions, sourceRate: number): number {
  if (options.format !== 'opus') return options.sampleRate ?? sourceRate;
  if (options.sampleRate === undefined) return 48000;
  if (!OPUS_RATES.includes(options.sampleRate)) {
    throw invalidOption(`opus supports ${OPUS_RATES.join(', ')} Hz, not ${options.sampleRate}`);
  }
  return options.sampleRate;
}

/**
 * Encodes `source` (PCM in memory, or a path to any media file) into `outFile`. Returns the
 * written path and size. Cancellation leaves no output behind.
 */
export async function encodeAudio(
  ffmpeg: Ffmpeg,
  source: PcmAudio | string,
  outFile: string,
  options: EncodeOptions,
): Promise<EncodeResult> {
  const what = `encoding ${path.basename(outFile)} as ${options.format}`;
  const codec = codecArgs(options);

  let inputArgs: string[];
  let sourceRate: number;
  let sourceChannels: number | null;
  let totalSeconds: number | null;
  let input: Uint8Array | undefined;
  let inputArg: string | undefined;
  if (typeof source === 'string') {
    const info = await probeMedia(ffmpeg, source, options.signal ? { signal: options.signal } : {});
    const audio = requireAudio(info, source);
    inputArg = ffmpegInputArg(source);
    inputArgs = ['-i', inputArg, '-map', '0:a:0', '-map_metadata', '-1', '-map_chapters', '-1'];
    sourceRate = audio.sample_rate ?? 48000;
    sourceChannels = audio.channels;
    totalSeconds = info.duration_seconds;
  } else {
    validatePcm(source, what);
    if (source.samples.length === 0) throw invalidOption('there are no samples to encode');
    inputArgs = [
      '-f',
      'f32le',
      '-ar',
      String(source.sampleRate),
      '-ac',
      String(source.channels),
      '-i',
      'pipe:0',
    ];
    input = float32Bytes(source.samples);
    sourceRate = source.sampleRate;
    sourceChannels = source.channels;
    totalSeconds = durationSeconds(source);
  }
  const sampleRate = outputRate(options, sourceRate);
  const channels = options.channels ?? sourceChannels ?? 2;
  validateFormat(sampleRate, channels, what);
  const filter = channelMapFilter(sourceChannels, channels);
  const metadata = Object.entries(options.metadata ?? {}).flatMap(([key, value]) => {
    if (!/^[A-Za-z0-9_]+$/.test(key))
      throw invalidOption(`metadata key "${key}" is not a plain word`);
    return ['-metadata', `${key}=${value}`];
  });

  const target = path.resolve(outFile);
  if (!fs.existsSync(path.dirname(target))) {
    throw invalidOption(`the output folder ${path.dirname(target)} does not exist`);
  }
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${crypto.randomBytes(4).toString('hex')}.partial`,
  );
  const args = [
    ...inputArgs,
    ...(filter ? ['-af', filter] : []),
    '-ar',
    String(sampleRate),
    '-ac',
    String(channels),
    ...codec,
    ...metadata,
    '-y',
    `file:${temp}`,
  ];
  try {
    await runFfmpeg(ffmpeg, args, {
      what,
      totalSeconds,
      ...(inputArg ? { inputArg } : {}),
      ...(input ? { input } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  return { path: target, bytes: fs.statSync(target).size, format: options.format };
}
