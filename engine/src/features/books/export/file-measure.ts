/**
 * The measurement step of the ACX check: everything the validator needs about one audio file,
 * read by ffmpeg in ONE decode. The audio is split inside ffmpeg: one branch through ebur128
 * (true peak, 4× oversampled, and integrated loudness), the other out of stdout as mono f32le
 * at the file's own rate into the level meters (RMS, sample peak, noise floor: audio/measure.ts;
 * head and tail room tone: edge-silence.ts), a second at a time. The container, codec, rate and
 * channels come from ffmpeg's probe, CBR from the MP3 frame headers (mp3-frames.ts).
 */
import path from 'node:path';
import {
  LevelMeter,
  probeMedia,
  requireAudio,
  startFfmpeg,
  type Ffmpeg,
  type ProgressCallback,
} from '../../../audio/index.ts';
import { EBUR128_FILTER, parseEbur128Summary } from '../../../audio/loudness.ts';
import { f32Frames } from '../../../audio/pcm.ts';
import { ffmpegInputArg } from '../../../audio/probe.ts';
import { AppError } from '../../../errors.ts';
import { EdgeSilenceMeter } from './edge-silence.ts';
import { scanMp3Frames } from './mp3-frames.ts';

export interface FileMeasurement {
  /** ffmpeg's demuxer name (`mp3`, `wav`, …). */
  container: string;
  codec: string;
  /** CBR bitrate, or the most common frame bitrate of a VBR MP3, or the stream's bitrate. */
  bitrate_kbps: number | null;
  /** Constant bitrate (MP3 frame headers); null for other formats. */
  cbr: boolean | null;
  sample_rate: number | null;
  channels: number | null;
  duration_seconds: number;
  rms_db: number | null;
  peak_db: number | null;
  true_peak_db: number | null;
  noise_floor_db: number | null;
  integrated_lufs: number | null;
  head_silence_seconds: number;
  tail_silence_seconds: number;
}

const round = (value: number | null, digits = 2): number | null =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

export async function measureAudioFile(
  ffmpeg: Ffmpeg,
  file: string,
  options: { signal?: AbortSignal; onProgress?: ProgressCallback } = {},
): Promise<FileMeasurement> {
  const what = `measuring ${path.basename(file)}`;
  const signal = options.signal ? { signal: options.signal } : {};
  const info = await probeMedia(ffmpeg, file, signal);
  const audio = requireAudio(info, file);
  const rate = audio.sample_rate ?? 44_100;
  const inputArg = ffmpegInputArg(file);
  const graph = `[0:a:0]aformat=channel_layouts=mono,asplit=2[pcm][lu];[lu]${EBUR128_FILTER},anullsink`;
  const proc = startFfmpeg(
    ffmpeg,
    [
      ...['-i', inputArg, '-filter_complex', graph, '-map', '[pcm]'],
      ...['-ar', String(rate), '-ac', '1', '-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1'],
    ],
    {
      stdout: 'data',
      what,
      inputArg,
      totalSeconds: info.duration_seconds,
      ...signal,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    },
  );
  const levels = new LevelMeter(rate, 1);
  const edges = new EdgeSilenceMeter(rate);
  try {
    for await (const samples of f32Frames(proc.stdout!, 1, rate)) {
      levels.push(samples);
      edges.push(samples);
    }
  } catch (error) {
    proc.kill();
    throw error;
  }
  const result = await proc.done;
  if (levels.frames === 0) throw new AppError('invalid_audio', `${what}: no audio samples`);
  const loudness = parseEbur128Summary(result.stderr);
  const pcm = levels.result();
  const edge = edges.result();
  const mp3 = audio.codec === 'mp3' && info.format === 'mp3' ? scanMp3Frames(file) : null;
  return {
    container: info.format,
    codec: audio.codec,
    bitrate_kbps: mp3?.bitrate_kbps ?? audio.bitrate_kbps ?? info.bitrate_kbps,
    cbr: mp3 ? mp3.cbr : null,
    sample_rate: audio.sample_rate,
    channels: audio.channels,
    duration_seconds: round(levels.frames / rate, 3)!,
    rms_db: round(pcm.rms_db),
    peak_db: round(pcm.peak_db),
    true_peak_db: round(loudness?.true_peak_db ?? null),
    noise_floor_db: round(pcm.noise_floor_db),
    integrated_lufs: round(loudness?.integrated_lufs ?? null),
    head_silence_seconds: round(edge.head_seconds, 3)!,
    tail_silence_seconds: round(edge.tail_seconds, 3)!,
  };
}
