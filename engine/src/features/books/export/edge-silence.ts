/**
 * Head and tail room tone of a signal: how long it is quiet (every 10 ms window below a
 * threshold) before the first sound and after the last. Streaming: only the first and last loud
 * window are remembered, so an hour costs nothing to hold.
 */
import { SILENCE_THRESHOLD_DB, SILENCE_WINDOW_SECONDS } from './acx-rules.ts';

export interface EdgeSilence {
  head_seconds: number;
  tail_seconds: number;
  /** False when no window rose above the threshold (the whole signal is quiet). */
  has_sound: boolean;
}

export class EdgeSilenceMeter {
  private readonly windowFrames: number;
  private readonly threshold: number;
  private sum = 0;
  private fill = 0;
  private window = 0;
  private firstLoud = -1;
  private lastLoud = -1;
  private frames = 0;

  constructor(
    readonly sampleRate: number,
    thresholdDb = SILENCE_THRESHOLD_DB,
  ) {
    this.windowFrames = Math.max(1, Math.round(sampleRate * SILENCE_WINDOW_SECONDS));
    // Compared on the mean square, so no log per window.
    this.threshold = 10 ** (thresholdDb / 10);
  }

  /** Mono samples. */
  push(samples: Float32Array): void {
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i]!;
      this.sum += x * x;
      if (++this.fill === this.windowFrames) this.close();
    }
    this.frames += samples.length;
  }

  private close(): void {
    if (this.sum / this.fill > this.threshold) {
      if (this.firstLoud < 0) this.firstLoud = this.window;
      this.lastLoud = this.window;
    }
    this.window += 1;
    this.sum = 0;
    this.fill = 0;
  }

  result(): EdgeSilence {
    if (this.fill > 0) this.close();
    const total = this.frames / this.sampleRate;
    const w = this.windowFrames / this.sampleRate;
    if (this.firstLoud < 0) return { head_seconds: total, tail_seconds: total, has_sound: false };
    return {
      head_seconds: this.firstLoud * w,
      tail_seconds: Math.max(0, total - (this.lastLoud + 1) * w),
      has_sound: true,
    };
  }
}
