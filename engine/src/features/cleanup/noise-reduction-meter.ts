/**
 * `noise_reduction_db`, measured on the signals actually processed (never a model's nominal
 * figure): the input and the time-aligned output are cut into 50 ms windows and each window's
 * mean power is kept (input and output, all channels together). At the end the quietest 20 % of
 * the INPUT's windows (those with power above digital silence) are taken as the noise-only part
 * of the recording, the noise floor, and
 *
 *   noise_reduction_db = 10·log10( Σ input power / Σ output power ) over those same windows.
 *
 * So it says how much quieter the background got where nobody was speaking; speech windows do
 * not count. The output power is floored at −120 dBFS so a fully gated window gives a finite
 * number. An input that is digital silence everywhere has no noise: 0 dB.
 *
 * Memory: two float32 per 50 ms window (about 5.8 MB for 10 hours), independent of sample rate.
 */

export const NOISE_WINDOW_SECONDS = 0.05;
export const NOISE_FRACTION = 0.2;
const POWER_FLOOR = 1e-12; // −120 dBFS

export interface NoiseReduction {
  /** Input noise floor (mean power of the quietest windows), dBFS; null for digital silence. */
  noise_floor_before_db: number | null;
  /** Output power over the same windows, dBFS. */
  noise_floor_after_db: number | null;
  noise_reduction_db: number;
}

export class NoiseReductionMeter {
  private readonly windowFrames: number;
  private inPowers: Float32Array = new Float32Array(1024);
  private outPowers: Float32Array = new Float32Array(1024);
  private windows = 0;
  private inSum = 0;
  private outSum = 0;
  private filled = 0;

  constructor(sampleRate: number) {
    this.windowFrames = Math.max(1, Math.round(sampleRate * NOISE_WINDOW_SECONDS));
  }

  /**
   * Adds aligned input and output (interleaved, same channel count and length). Call in order;
   * lengths may vary.
   */
  add(input: Float32Array, output: Float32Array, channels: number): void {
    const frames = Math.min(input.length, output.length) / channels;
    for (let f = 0; f < frames; f++) {
      let a = 0;
      let b = 0;
      for (let c = 0; c < channels; c++) {
        const x = input[f * channels + c]!;
        const y = output[f * channels + c]!;
        a += x * x;
        b += y * y;
      }
      this.inSum += a / channels;
      this.outSum += b / channels;
      this.filled += 1;
      if (this.filled === this.windowFrames) this.closeWindow();
    }
  }

  result(): NoiseReduction {
    if (this.filled > 0) this.closeWindow();
    const order: number[] = [];
    for (let i = 0; i < this.windows; i++) if (this.inPowers[i]! > 0) order.push(i);
    if (order.length === 0) {
      return { noise_floor_before_db: null, noise_floor_after_db: null, noise_reduction_db: 0 };
    }
    order.sort((x, y) => this.inPowers[x]! - this.inPowers[y]!);
    const take = Math.max(1, Math.floor(order.length * NOISE_FRACTION));
    let before = 0;
    let after = 0;
    for (let i = 0; i < take; i++) {
      before += this.inPowers[order[i]!]!;
      after += Math.max(this.outPowers[order[i]!]!, POWER_FLOOR);
    }
    before /= take;
    after /= take;
    const db = (p: number): number => round2(10 * Math.log10(Math.max(p, POWER_FLOOR)));
    return {
      noise_floor_before_db: db(before),
      noise_floor_after_db: db(after),
      noise_reduction_db: round2(10 * Math.log10(Math.max(before, POWER_FLOOR) / after)),
    };
  }

  private closeWindow(): void {
    if (this.windows === this.inPowers.length) {
      const grow = (old: Float32Array): Float32Array => {
        const next = new Float32Array(old.length * 2);
        next.set(old);
        return next;
      };
      this.inPowers = grow(this.inPowers);
      this.outPowers = grow(this.outPowers);
    }
    this.inPowers[this.windows] = this.inSum / this.filled;
    this.outPowers[this.windows] = this.outSum / this.filled;
    this.windows += 1;
    this.inSum = 0;
    this.outSum = 0;
    this.filled = 0;
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
