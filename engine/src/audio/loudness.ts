/**
 * Loudness through ffmpeg's `ebur128` filter (EBU R128 / ITU-R BS.1770-4): integrated loudness,
 * loudness range and true peak. And measureFileLevels, the full AudioLevels of a file in ONE
 * decode: the audio is split inside ffmpeg, one branch goes through ebur128, the other comes
 * out of stdout as f32le into LevelMeter (RMS, sample peak, noise floor; see measure.ts), so
 * an hour-long file is read once and held in memory a second at a time.
 *
 * Why the explicit `aresample=48000`: ebur128 only accepts 48 kHz (its filter coefficients),
 * and without a resampler of our own ffmpeg's format negotiation would resample the shared
 * `asplit` input, so the PCM branch would be measured at 48 kHz too.
 */
import path from 'node:path';
import { AppError } from '../errors.ts';
import { runFfmpeg, startFfmpeg } from './ffmpeg-run.ts';
import { LevelMeter, measurePcm, type NoiseFloorOptions } from './measure.ts';
import { durationSeconds, f32Frames, float32Bytes, validatePcm } from './pcm.ts';
import { ffmpegInputArg, probeMedia, requireAudio } from './probe.ts';
import type { AudioLevels, Ffmpeg, PcmAudio, ProgressCallback } from './types.ts';

export interface LoudnessSummary {
  /** LUFS; null when everything is below the −70 LUFS absolute gate (silence). */
  integrated_lufs: number | null;
  loudness_range_lu: number | null;
  /** dBTP; null for digital silence. */
  true_peak_db: number | null;
}

/** `framelog=verbose` keeps the per-100-ms lines out of stderr; the summary still prints. */
export const EBUR128_FILTER = 'aresample=48000,ebur128=peak=true:framelog=verbose';

/** BS.1770's absolute gate: ebur128 prints −70.0 when nothing passes it. */
const ABSOLUTE_GATE_LUFS = -70;

function summaryValue(block: string, label: string): number | null | undefined {
  const match = new RegExp(`^\\s*${label}:\\s*(-?inf|-?\\d+(?:\\.\\d+)?)`, 'm').exec(block);
  if (!match) return undefined;
  return /inf/.test(match[1]!) ? null : Number(match[1]);
}

/**
 * The figures of ebur128's final `Summary:` block. The LAST block counts: with
 * `-filter_complex`, ffmpeg 5 builds the graph once to inspect it and prints an empty summary
 * (I: −70, Peak: −inf) when it throws that first graph away.
 */
export function parseEbur128Summary(stderr: string): LoudnessSummary | null {
  const at = stderr.lastIndexOf('] Summary:');
  if (at < 0) return null;
  const block = stderr.slice(at);
  const integrated = summaryValue(block, 'I');
  const range = summaryValue(block, 'LRA');
  const truePeakAt = block.indexOf('True peak:');
  const truePeak = truePeakAt < 0 ? undefined : summaryValue(block.slice(truePeakAt), 'Peak');
  if (integrated === undefined || range === undefined) return null;
  return {
    integrated_lufs: integrated === null || integrated <= ABSOLUTE_GATE_LUFS ? null : integrated,
    loudness_range_lu: range,
    true_peak_db: truePeak ?? null,
  };
}

function readSummary(stderr: string, what: string): LoudnessSummary {
  const summary = parseEbur128Summary(stderr);
  if (!summary) {
    throw new AppError('internal_error', `${what}: ffmpeg printed no ebur128 summary`, {
      details: { stderr_tail: stderr.slice(-2000) },
    });
  }
  return summary;
}

export interface MeasureOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
}

/** Integrated loudness, loudness range and true peak of a file or of PCM in memory. */
export async function measureLoudness(
  ffmpeg: Ffmpeg,
  source: string | PcmAudio,
  options: MeasureOptions = {},
): Promise<LoudnessSummary> {
  const common = {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
  if (typeof source === 'string') {
    const what = `measuring loudness of ${path.basename(source)}`;
    const info = await probeMedia(ffmpeg, source, options.signal ? { signal: options.signal } : {});
    requireAudio(info, source);
    const inputArg = ffmpegInputArg(source);
    const args = ['-i', inputArg, '-map', '0:a:0', '-af', EBUR128_FILTER, '-f', 'null', '-'];
    const result = await runFfmpeg(ffmpeg, args, {
      ...common,
      what,
      inputArg,
      totalSeconds: info.duration_seconds,
    });
    return readSummary(result.stderr, what);
  }
  const what = 'measuring loudness';
  validatePcm(source, what);
  const args = [
    ...['-f', 'f32le', '-ar', String(source.sampleRate), '-ac', String(source.channels)],
    ...['-i', 'pipe:0', '-af', EBUR128_FILTER, '-f', 'null', '-'],
  ];
  const result = await runFfmpeg(ffmpeg, args, {
    ...common,
    what,
    input: float32Bytes(source.samples),
    totalSeconds: durationSeconds(source),
  });
  return readSummary(result.stderr, what);
}

export interface FileLevelsOptions extends MeasureOptions {
  noiseFloor?: NoiseFloorOptions;
}

/** Every AudioLevels figure of a file's first audio stream, at its own rate and channels. */
export async function measureFileLevels(
  ffmpeg: Ffmpeg,
  file: string,
  options: FileLevelsOptions = {},
): Promise<AudioLevels> {
  const what = `measuring ${path.basename(file)}`;
  const info = await probeMedia(ffmpeg, file, options.signal ? { signal: options.signal } : {});
  const audio = requireAudio(info, file);
  if (audio.sample_rate === null || audio.channels === null) {
    throw new AppError('unsupported_media', `${what}: ffmpeg did not report the audio format`);
  }
  const { sample_rate: sampleRate, channels } = audio;
  const inputArg = ffmpegInputArg(file);
  const graph = `[0:a:0]asplit=2[pcm][lu];[lu]${EBUR128_FILTER},anullsink`;
  const args = [
    ...['-i', inputArg, '-filter_complex', graph, '-map', '[pcm]'],
    ...[
      '-ar',
      String(sampleRate),
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
    what,
    inputArg,
    totalSeconds: info.duration_seconds,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const meter = new LevelMeter(sampleRate, channels, options.noiseFloor);
  try {
    for await (const samples of f32Frames(proc.stdout!, channels, sampleRate)) meter.push(samples);
  } catch (error) {
    proc.kill();
    throw error;
  }
  const result = await proc.done;
  if (meter.frames === 0) {
    throw new AppError('invalid_audio', `${what}: the file contains no audio samples`);
  }
  return {
    duration_seconds: meter.frames / sampleRate,
    sample_rate: sampleRate,
    channels,
    ...meter.result(),
    ...readSummary(result.stderr, what),
  };
}

/** AudioLevels of PCM in memory (levels computed here, loudness by ffmpeg over stdin). */
export async function measurePcmLevels(
  ffmpeg: Ffmpeg,
  audio: PcmAudio,
  options: FileLevelsOptions = {},
): Promise<AudioLevels> {
  validatePcm(audio, 'measurePcmLevels');
  if (audio.samples.length === 0) {
    throw new AppError('invalid_audio', 'measurePcmLevels: there are no samples to measure');
  }
  const loudness = await measureLoudness(ffmpeg, audio, options);
  return {
    duration_seconds: durationSeconds(audio),
    sample_rate: audio.sampleRate,
    channels: audio.channels,
    ...measurePcm(audio, options.noiseFloor),
    ...loudness,
  };
}
