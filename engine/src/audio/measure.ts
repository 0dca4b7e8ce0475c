/**
 * Pure level measurements over Float32 PCM: RMS, sample peak and noise floor, in dBFS.
 *
 * Definitions (they decide ACX pass/fail, so they are fixed here and documented):
 * - RMS: sqrt(mean of x² over every sample of every channel), so a full-scale sine reads
 *   −3.01 dBFS (no +3 dB "AES17" offset), the convention of ACX and Audacity.
 * - Peak: max |x| over all channels (sample peak; true peak needs oversampling: loudness.ts).
 * - Noise floor: cut the signal into consecutive 50 ms windows (a partial last window is
 *   dropped unless it is the only one), take each window's RMS (over all channels) and report
 *   the 10th percentile (nearest rank) of those levels. That is the level of the quietest
 *   tenth of the recording, i.e. the room tone between phrases, robust against a few
 *   clicks of digital silence (minimum) and against speech (mean). ACX requires ≤ −60 dB.
 * - A level of -infinity (digital silence) is reported as null.
 *
 * LevelMeter takes the signal in chunks, so a file is measured while it streams from ffmpeg.
 */
import { validateFormat } from './pcm.ts';
import type { PcmAudio } from './types.ts';

export const NOISE_FLOOR_WINDOW_SECONDS = 0.05;
export const NOISE_FLOOR_PERCENTILE = 10;

export interface PcmLevels {
  rms_db: number | null;
  peak_db: number | null;
  noise_floor_db: number | null;
}

export interface NoiseFloorOptions {
  windowSeconds?: number;
  /** 0-100. */
  percentile?: number;
}

/** 20·log10(amplitude); null for 0 (−∞). */
export function amplitudeToDb(amplitude: number): number | null {
  return amplitude > 0 ? 20 * Math.log10(amplitude) : null;
}

/** 10·log10(mean square), i.e. the RMS in dB; null for 0. */
export function meanSquareToDb(meanSquare: number): number | null {
  return meanSquare > 0 ? 10 * Math.log10(meanSquare) : null;
}

/** Nearest-rank percentile of unsorted values (sorted in place); NaN when empty. */
export function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return Number.NaN;
  values.sort();
  const rank = Math.ceil((p / 100) * values.length);
  return values[Math.min(values.length, Math.max(1, rank)) - 1]!;
}

export class LevelMeter {
  private readonly windowFrames: number;
  private readonly percentile: number;
  private sumSquares = 0;
  private peak = 0;
  private totalFrames = 0;
  /** Mean square of each complete window; grown by doubling. */
  private windows = new Float64Array(1024);
  private windowCount = 0;
  private windowSum = 0;
  private windowFill = 0;

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
    options: NoiseFloorOptions = {},
  ) {
    validateFormat(sampleRate, channels, 'LevelMeter');
    this.windowFrames = Math.max(
      1,
      Math.round(sampleRate * (options.windowSeconds ?? NOISE_FLOOR_WINDOW_SECONDS)),
    );
    this.percentile = options.percentile ?? NOISE_FLOOR_PERCENTILE;
  }

  get frames(): number {
    return this.totalFrames;
  }

  /** Interleaved samples: a whole number of frames. */
  push(samples: Float32Array): void {
    const { channels, windowFrames } = this;
    const frames = Math.floor(samples.length / channels);
    let i = 0;
    for (let f = 0; f < frames; f++) {
      let frameSquares = 0;
      for (let c = 0; c < channels; c++, i++) {
        const x = samples[i]!;
        frameSquares += x * x;
        const magnitude = x < 0 ? -x : x;
        if (magnitude > this.peak) this.peak = magnitude;
      }
      this.sumSquares += frameSquares;
      this.windowSum += frameSquares;
      if (++this.windowFill === windowFrames) {
        this.addWindow(this.windowSum / (windowFrames * channels));
        this.windowSum = 0;
        this.windowFill = 0;
      }
    }
    this.totalFrames += frames;
  }

  private addWindow(meanSquare: number): void {
    if (this.windowCount === this.windows.length) {
      const grown = new Float64Array(this.windows.length * 2);
      grown.set(this.windows);
      this.windows = grown;
    }
    this.windows[this.windowCount++] = meanSquare;
  }

  result(): PcmLevels {
    const samples = this.totalFrames * this.channels;
    if (samples === 0) return { rms_db: null, peak_db: null, noise_floor_db: null };
    const windows = this.windows.slice(0, this.windowCount);
    const floor =
      windows.length > 0
        ? percentile(windows, this.percentile)
        : this.windowSum / (this.windowFill * this.channels); // shorter than one window
    return {
      rms_db: meanSquareToDb(this.sumSquares / samples),
      peak_db: amplitudeToDb(this.peak),
      noise_floor_db: meanSquareToDb(floor),
    };
  }
}

export function measurePcm(audio: PcmAudio, options: NoiseFloorOptions = {}): PcmLevels {
  const meter = new LevelMeter(audio.sampleRate, audio.channels, options);
  meter.push(audio.samples);
  return meter.result();
}
