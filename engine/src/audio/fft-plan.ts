/**
 * A complex FFT for any size whose prime factors are small (DeepFilterNet's 960 = 2^6·3·5 is not
 * a power of two, so a radix-2 library would not do). Stockham autosort, decimation in frequency,
 * one radix per factor (4, 2, 3, 5, then any other prime by a direct sum): no bit reversal and no
 * recursion, twiddles precomputed once per plan. Real signals use `rfft`/`irfft` on top of it.
 *
 * Sign convention as numpy/torch: forward X[k] = Σ x[n]·e^(−2πi·kn/N), inverse without the 1/N
 * (callers scale, because each published model scales differently; stft.ts).
 */

import { fft } from './fft.ts';

export class FftPlan {
  readonly size: number;
  private readonly radices: number[];
  /** cos/sin of 2π·j/N for j in 0..N-1 (every twiddle is one of these). */
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly workRe: Float64Array;
  private readonly workIm: Float64Array;
  /** Per-stage butterfly sums (radices up to 7), kept so a transform allocates nothing. */
  private readonly sumRe = new Float64Array(8);
  private readonly sumIm = new Float64Array(8);

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`FFT size must be a positive integer`);
    this.size = size;
    this.radices = factorise(size);
    this.cos = new Float64Array(size);
    this.sin = new Float64Array(size);
    for (let j = 0; j < size; j++) {
      this.cos[j] = Math.cos((2 * Math.PI * j) / size);
      this.sin[j] = Math.sin((2 * Math.PI * j) / size);
    }
    this.workRe = new Float64Array(size);
    this.workIm = new Float64Array(size);
  }

  /** In-place transform of (re, im); `inverse` flips the exponent's sign (no 1/N scaling). */
  transform(re: Float64Array, im: Float64Array, inverse = false): void {
    const n0 = this.size;
    const sign = inverse ? 1 : -1;
    let xRe = re;
    let xIm = im;
    let yRe = this.workRe;
    let yIm = this.workIm;
    let n = n0;
    let s = 1;
    const sumRe = this.sumRe;
    const sumIm = this.sumIm;
    for (const p of this.radices) {
      const m = n / p;
      // Twiddle W_n^e = table[e·(N/n)]; W_p^e = table[e·(N/p)].
      const stepN = n0 / n;
      const stepP = n0 / p;
      for (let q = 0; q < m; q++) {
        for (let t = 0; t < s; t++) {
          for (let k = 0; k < p; k++) {
            let accRe = 0;
            let accIm = 0;
            for (let j = 0; j < p; j++) {
              const idx = t + s * (q + j * m);
              const e = ((j * k) % p) * stepP;
              const c = this.cos[e]!;
              const si = sign * this.sin[e]!;
              const ar = xRe[idx]!;
              const ai = xIm[idx]!;
              accRe += ar * c - ai * si;
              accIm += ar * si + ai * c;
            }
            sumRe[k] = accRe;
            sumIm[k] = accIm;
          }
          for (let k = 0; k < p; k++) {
            const e = ((q * k) % n) * stepN;
            const c = this.cos[e]!;
            const si = sign * this.sin[e]!;
            const out = t + s * (p * q + k);
            const ar = sumRe[k]!;
            const ai = sumIm[k]!;
            yRe[out] = ar * c - ai * si;
            yIm[out] = ar * si + ai * c;
          }
        }
      }
      [xRe, yRe] = [yRe, xRe];
      [xIm, yIm] = [yIm, xIm];
      n = m;
      s *= p;
    }
    if (xRe !== re) {
      re.set(xRe);
      im.set(xIm);
    }
  }
}

/** Small radices first (4 where possible); primes over 7 fall back to a direct sum. */
function factorise(size: number): number[] {
  const out: number[] = [];
  let rest = size;
  while (rest % 4 === 0) {
    out.push(4);
    rest /= 4;
  }
  for (let p = 2; rest > 1; p++) {
    while (rest % p === 0) {
      out.push(p);
      rest /= p;
    }
    if (p * p > rest && rest > 1) {
      out.push(rest);
      rest = 1;
    }
  }
  if (out.some((p) => p > 8)) {
    // The per-stage scratch holds 8 sums; a larger prime would need a bigger buffer.
    throw new Error(`FFT size ${size} has a prime factor above 7`);
  }
  return out;
}

/**
 * Real-input transforms of one size: N samples ↔ N/2+1 complex bins, computed with ONE complex
 * transform of half the size (even samples as real parts, odd samples as imaginary parts, then
 * the usual split), so a streaming STFT frame costs half a full complex FFT and allocates nothing.
 */
export class RealFft {
  readonly size: number;
  readonly bins: number;
  private readonly half: number;
  /** The half-size complex transform: radix-2 for powers of two (GTCRN), else mixed radix. */
  private readonly transform: (re: Float64Array, im: Float64Array, inverse?: boolean) => void;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  /** e^(−2πik/N) for k in 0..N/2. */
  private readonly twRe: Float64Array;
  private readonly twIm: Float64Array;

  constructor(size: number) {
    if (size % 2 !== 0) throw new Error('real FFT size must be even');
    this.size = size;
    this.bins = size / 2 + 1;
    this.half = size / 2;
    if ((this.half & (this.half - 1)) === 0) {
      this.transform = fft;
    } else {
      const plan = new FftPlan(this.half);
      this.transform = (re, im, inverse) => plan.transform(re, im, inverse);
    }
    this.re = new Float64Array(this.half);
    this.im = new Float64Array(this.half);
    this.twRe = new Float64Array(this.half + 1);
    this.twIm = new Float64Array(this.half + 1);
    for (let k = 0; k <= this.half; k++) {
      this.twRe[k] = Math.cos((2 * Math.PI * k) / size);
      this.twIm[k] = -Math.sin((2 * Math.PI * k) / size);
    }
  }

  /** Forward transform of `input` (length N) into outRe/outIm (length N/2+1). */
  forward(input: ArrayLike<number>, outRe: Float32Array, outIm: Float32Array): void {
    const { re, im, half, twRe, twIm } = this;
    for (let n = 0; n < half; n++) {
      re[n] = input[2 * n]!;
      im[n] = input[2 * n + 1]!;
    }
    this.transform(re, im);
    // X[k] = E[k] + W^k·O[k], with E = (Z[k] + conj Z[M−k])/2 and O = (Z[k] − conj Z[M−k])/(2i).
    outRe[0] = re[0]! + im[0]!;
    outIm[0] = 0;
    outRe[half] = re[0]! - im[0]!;
    outIm[half] = 0;
    for (let k = 1; k < half; k++) {
      const ar = re[k]!;
      const ai = im[k]!;
      const br = re[half - k]!;
      const bi = -im[half - k]!;
      const er = 0.5 * (ar + br);
      const ei = 0.5 * (ai + bi);
      const or = 0.5 * (ai - bi);
      const oi = -0.5 * (ar - br);
      outRe[k] = er + twRe[k]! * or - twIm[k]! * oi;
      outIm[k] = ei + twRe[k]! * oi + twIm[k]! * or;
    }
  }

  /** Inverse of `forward` WITHOUT the 1/N factor; the imaginary parts of bins 0 and N/2 are ignored. */
  inverse(inRe: ArrayLike<number>, inIm: ArrayLike<number>, out: Float64Array): void {
    const { re, im, half, twRe, twIm } = this;
    // Undo the split: E[k] = (X[k] + conj X[M−k]), O[k] = (X[k] − conj X[M−k])·conj(W^k),
    // Z[k] = E[k] + i·O[k] (each twice the forward's halves), then one inverse transform.
    for (let k = 0; k < half; k++) {
      const ar = inRe[k]!;
      const ai = k === 0 ? 0 : inIm[k]!;
      const br = inRe[half - k]!;
      const bi = k === 0 ? 0 : -inIm[half - k]!;
      const er = ar + br;
      const ei = ai + bi;
      const dr = ar - br;
      const di = ai - bi;
      const or = dr * twRe[k]! + di * twIm[k]!;
      const oi = di * twRe[k]! - dr * twIm[k]!;
      re[k] = er - oi;
      im[k] = ei + or;
    }
    this.transform(re, im, true);
    for (let n = 0; n < half; n++) {
      out[2 * n] = re[n]!;
      out[2 * n + 1] = im[n]!;
    }
  }
}
