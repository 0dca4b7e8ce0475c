/**
 * Measures one voice sample (docs/api/voices-custom.md, "Sample quality"): what ffmpeg says of
 * the file (length, rate, channels, format), clipping on the original samples, how much of it is
 * speech (the real Silero VAD, in the voices area's sherpa child), the speech level against the
 * noise floor between the phrases, the median pitch, and the DNSMOS P.835 scores when the
 * `dnsmos` pack is there. Pure measurement: sample-rules.ts judges it.
 */
import { decodeAudio, probeMedia, requireAudio, type Ffmpeg } from '../../../audio/index.ts';
import type { WorkerPool } from '../../../jobs/worker-pool.ts';
import { measureVoice } from '../analysis/pitch-track.ts';
import type { SherpaVoiceHost } from '../cloning/sherpa-voice-host.ts';
import type { SpeechSegment } from '../cloning/sherpa-voice-protocol.ts';
import { DNSMOS_RATE, dnsmosScores, type DnsmosScores } from './dnsmos.ts';

export interface SampleMeasure {
  filename: string;
  format: string;
  duration_seconds: number;
  sample_rate: number;
  channels: number;
  /** Seconds the VAD found speech in, and their share of the clip. */
  speech_seconds: number;
  speech_share: number;
  /** Share of samples at full scale (|x| ≥ 0.999) on any channel. */
  clipped_share: number;
  peak_dbfs: number | null;
  /** RMS of the speech segments and of the rest (the noise floor), dBFS. */
  speech_level_dbfs: number | null;
  noise_floor_dbfs: number | null;
  /** speech level − noise floor, dB (null when either is silent). */
  snr_db: number | null;
  /** Median F0 of the voiced frames, Hz (0 when none). */
  f0_hz: number;
  /** DNSMOS P.835 on the clip, or null without the `dnsmos` pack. */
  dnsmos: DnsmosScores | null;
}

export interface SampleProbe {
  format: string;
  duration_seconds: number;
  sample_rate: number;
  channels: number;
}

export interface MeasureDeps {
  ffmpeg: Ffmpeg;
  workers: WorkerPool;
  sherpa: SherpaVoiceHost;
  /** silero_vad.onnx (required) and sig_bak_ovr.onnx (optional). */
  vadModel: string;
  dnsmosModel: string | null;
  /** DNSMOS windows to score (0: none). */
  dnsmosWindows: number;
  executionProviders: string[] | null;
}

/** ffmpeg's view of the file; invalid_audio when it is not audio at all. */
export async function probeSample(
  ffmpeg: Ffmpeg,
  file: string,
  signal?: AbortSignal,
): Promise<SampleProbe> {
  const info = await probeMedia(ffmpeg, file, signal ? { signal } : {});
  const audio = requireAudio(info, file);
  return {
    format: info.format,
    duration_seconds: info.duration_seconds ?? 0,
    sample_rate: audio.sample_rate ?? 0,
    channels: audio.channels ?? 1,
  };
}

function rmsDb(sumSquares: number, count: number): number | null {
  if (count === 0 || sumSquares <= 0) return null;
  return Math.round(10 * Math.log10(sumSquares / count) * 10) / 10;
}

/** RMS of the speech segments and of everything else (with a 100 ms guard around speech). */
export function speechAndNoise(
  samples: Float32Array,
  rate: number,
  segments: readonly SpeechSegment[],
): { speech: number | null; noise: number | null } {
  const inSpeech = new Uint8Array(samples.length);
  const guard = Math.round(0.1 * rate);
  for (const s of segments) {
    const from = Math.max(0, Math.floor(s.start * rate) - guard);
    const to = Math.min(samples.length, Math.ceil(s.end * rate) + guard);
    inSpeech.fill(1, from, to);
  }
  let speech = 0;
  let speechN = 0;
  let noise = 0;
  let noiseN = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = (samples[i] ?? 0) ** 2;
    if (inSpeech[i]) {
      speech += v;
      speechN++;
    } else {
      noise += v;
      noiseN++;
    }
  }
  // Continuous speech leaves no gap to measure: the quietest 10 % of 50 ms frames stand in.
  if (noiseN < rate * 0.3) {
    const frame = Math.round(0.05 * rate);
    const frames: number[] = [];
    for (let at = 0; at + frame <= samples.length; at += frame) {
      let sum = 0;
      for (let i = at; i < at + frame; i++) sum += (samples[i] ?? 0) ** 2;
      frames.push(sum / frame);
    }
    frames.sort((a, b) => a - b);
    const quiet = frames.slice(0, Math.max(1, Math.floor(frames.length / 10)));
    return {
      speech: rmsDb(speech, speechN),
      noise: rmsDb(
        quiet.reduce((a, b) => a + b, 0),
        quiet.length,
      ),
    };
  }
  return { speech: rmsDb(speech, speechN), noise: rmsDb(noise, noiseN) };
}

export function clippedShare(samples: Float32Array): { share: number; peak: number } {
  let clipped = 0;
  let peak = 0;
  for (const v of samples) {
    const a = Math.abs(v);
    if (a >= 0.999) clipped++;
    if (a > peak) peak = a;
  }
  return { share: samples.length > 0 ? clipped / samples.length : 0, peak };
}

/**
 * Measures at most `maxSeconds` of the file (the longest a sample of its kind may be, plus a
 * margin): a header that understates the length, or a recording the live meter only reports on,
 * is never decoded whole (ten hours of FLAC took the engine to 5.8 GB; issue 25). The length
 * reported is the longer of what was decoded and what the header says.
 */
export async function measureSample(
  deps: MeasureDeps,
  file: string,
  filename: string,
  probe: SampleProbe,
  maxSeconds: number,
  signal?: AbortSignal,
): Promise<SampleMeasure> {
  const limit = { durationSeconds: maxSeconds, ...(signal && { signal }) };
  const original = await decodeAudio(deps.ffmpeg, file, limit);
  const clip = clippedShare(original.samples);
  const mono = await decodeAudio(deps.ffmpeg, file, {
    sampleRate: DNSMOS_RATE,
    channels: 1,
    ...limit,
  });
  const samples = mono.samples;
  const decoded = samples.length / DNSMOS_RATE;
  const seconds =
    decoded >= maxSeconds - 0.01 ? Math.max(decoded, probe.duration_seconds) : decoded;
  const segments = await deps.sherpa.speechSegments(deps.vadModel, samples, {
    ...(signal && { signal }),
  });
  const speechSeconds = segments.reduce((sum, s) => sum + (s.end - s.start), 0);
  const levels = speechAndNoise(samples, DNSMOS_RATE, segments);
  const dnsmos =
    deps.dnsmosModel && deps.dnsmosWindows > 0
      ? await dnsmosScores(deps.workers, deps.dnsmosModel, samples, {
          executionProviders: deps.executionProviders,
          windows: deps.dnsmosWindows,
          ...(signal && { signal }),
        })
      : null;
  const round = (v: number, places = 3) => Math.round(v * 10 ** places) / 10 ** places;
  return {
    filename,
    format: probe.format,
    duration_seconds: round(seconds),
    sample_rate: probe.sample_rate,
    channels: probe.channels,
    speech_seconds: round(speechSeconds),
    speech_share: decoded > 0 ? round(Math.min(1, speechSeconds / decoded)) : 0,
    clipped_share: round(clip.share, 5),
    peak_dbfs: clip.peak > 0 ? round(20 * Math.log10(clip.peak), 1) : null,
    speech_level_dbfs: levels.speech,
    noise_floor_dbfs: levels.noise,
    snr_db:
      levels.speech !== null && levels.noise !== null
        ? round(levels.speech - levels.noise, 1)
        : null,
    f0_hz: Math.round(measureVoice(samples, DNSMOS_RATE).f0),
    dnsmos,
  };
}
