/**
 * A small in-place radix-2 complex FFT for the tempo detector's spectral flux. The sizes used
 * are fixed powers of two, so the twiddles and bit-reversal table are computed once per size.
 */

export interface FftPlan {
  size: number;
  cos: Float64Array;
  sin: Float64Array;
  reverse: Uint32Array;
}

export function fftPlan(size: number): FftPlan {
  if (size < 2 || (size & (size - 1)) !== 0)
    throw new Error(`FFT size ${size} is not a power of two`);
  const bits = Math.log2(size);
  const reverse = new Uint32Array(size);
  for (let i = 0; i < size; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    reverse[i] = r;
  }
  const cos = new Float64Array(size / 2);
  const sin = new Float64Array(size / 2);
  for (let i = 0; i < size / 2; i++) {
    cos[i] = Math.cos((-2 * Math.PI * i) / size);
    sin[i] = Math.sin((-2 * Math.PI * i) / size);
  }
  return { size, cos, sin, reverse };
}

/** Transforms (re, im) in place. */
export function fft(plan: FftPlan, re: Float64Array, im: Float64Array): void {
  const { size, cos, sin, reverse } = plan;
  for (let i = 0; i < size; i++) {
    const j = reverse[i]!;
    if (j > i) {
      const tr = re[i]!;
      re[i] = re[j]!;
      re[j] = tr;
      const ti = im[i]!;
      im[i] = im[j]!;
      im[j] = ti;
    }
  }
  for (let len = 2; len <= size; len <<= 1) {
    const half = len >> 1;
    const step = size / len;
    for (let start = 0; start < size; start += len) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step]!;
        const wi = sin[k * step]!;
        const a = start + k;
        const b = a + half;
        const xr = re[b]! * wr - im[b]! * wi;
        const xi = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
      }
    }
  }
}
