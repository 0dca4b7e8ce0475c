/**
 * Shapes shared by the audio core.
 *
 * PCM is always Float32 and INTERLEAVED (frame-major: L R L R …). That is exactly what ffmpeg's
 * `-f f32le` writes, so decoding needs no reshuffle and one contiguous buffer holds a clip; use
 * `deinterleave()` (pcm.ts) where a model wants one array per channel.
 */

/**
 * The ffmpeg binary to run. Resolved once (ffmpeg-locate.ts) and passed to every audio call,
 * so nothing in the engine reads a global path and tests can point at any binary.
 */
export interface Ffmpeg {
  readonly path: string;
  readonly version: string;
}

export interface PcmAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved samples, nominal range -1..1; length is frames × channels. */
  samples: Float32Array;
}

/** One progress report of a running ffmpeg process. */
export interface FfmpegProgress {
  /** Media time processed so far (output time), in seconds. */
  seconds: number;
  /** Total media seconds when known (given by the caller or read from ffmpeg's `Duration:`). */
  totalSeconds: number | null;
  /** seconds / totalSeconds clamped to 0..1; null while the total is unknown; 1 when done. */
  fraction: number | null;
  /** Processing speed as a multiple of real time, when ffmpeg reports it. */
  speed: number | null;
  done: boolean;
}

/**
 * Progress callback of the high-level calls (decode, encode, measure). `fraction` is always a
 * number in 0..1 (0 while the total is unknown) so a job can map it straight to a percentage;
 * the full report is the second argument. A callback that throws (e.g. CancelledError) stops
 * the ffmpeg process and the call rejects with that error.
 */
export type ProgressCallback = (fraction: number, progress: FfmpegProgress) => void;

/**
 * What the studio shows and the ACX check reads. dB values are null where the true value is
 * -infinity (digital silence), so the object survives JSON.
 */
export interface AudioLevels {
  duration_seconds: number;
  sample_rate: number;
  channels: number;
  /** RMS of every sample of every channel, dBFS (a full-scale sine reads −3.01). */
  rms_db: number | null;
  /** Largest absolute sample value, dBFS. */
  peak_db: number | null;
  /**
   * Inter-sample (true) peak from ffmpeg's ebur128 (4× oversampled at 48 kHz), dBTP. It reads
   * up to ~0.6 dB high for content near a quarter of the sample rate (see loudness.test.ts):
   * conservative for limiting.
   */
  true_peak_db: number | null;
  /** See measure.ts: 10th percentile of 50 ms window RMS levels, dBFS. */
  noise_floor_db: number | null;
  /** EBU R128 / ITU-R BS.1770 integrated loudness, LUFS; null when all gated out (silence). */
  integrated_lufs: number | null;
  /** EBU R128 loudness range, LU. */
  loudness_range_lu: number | null;
}
