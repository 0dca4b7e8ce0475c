/**
 * An in-place radix-2 complex FFT for power-of-two sizes, shared by the stem separator's STFTs
 * (DSP and neural runners) and the MIDI tempo detector's spectral flux. Noise reduction needs
 * DeepFilterNet's 960-point frames and keeps its own mixed-radix plan (features/cleanup/fft.ts).
 * Written here rather than pulled in: it is 60 lines, allocates nothing per call (twiddles and
 * the bit-reversal table are cached per size), and a JS dependency would be no faster.
 */

interface FftTables {
  cos: Float64Array;
  sin: Float64Array;
  reverse: Uint32Array;
}

const tables = new Map<number, FftTables>();

function tablesFor(n: number): FftTables {
  let t = tables.get(n);
  if (t) return t;
  if (n < 2 || (n & (n - 1)) !== 0) throw new Error(`FFT size must be a power of two, got ${n}`);
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let i = 0; i < n / 2; i++) {
    cos[i] = Math.cos((2 * Math.PI * i) / n);
    sin[i] = -Math.sin((2 * Math.PI * i) / n);
  }
  const bits = Math.log2(n);
  const reverse = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    reverse[i] = r;
  }
  t = { cos, sin, reverse };
  tables.set(n, t);
  return t;
}

/**
 * Forward (inverse = false: e^{-i…}) or inverse (unscaled: the caller divides by n) transform of
 * `re`/`im`, in place.
 */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  const { cos, sin, reverse } = tablesFor(n);
  for (let i = 0; i < n; i++) {
    const j = reverse[i] ?? 0;
    if (j > i) {
      const tr = re[i] ?? 0;
      re[i] = re[j] ?? 0;
      re[j] = tr;
      const ti = im[i] ?? 0;
      im[i] = im[j] ?? 0;
      im[j] = ti;
    }
  }
  const sign = inverse ? -1 : 1;
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step] ?? 0;
        const wi = sign * (sin[k * step] ?? 0);
        const a = start + k;
        const b = a + half;
        const br = re[b] ?? 0;
        const bi = im[b] ?? 0;
        const xr = br * wr - bi * wi;
        const xi = br * wi + bi * wr;
        const ar = re[a] ?? 0;
        const ai = im[a] ?? 0;
        re[b] = ar - xr;
        im[b] = ai - xi;
        re[a] = ar + xr;
        im[a] = ai + xi;
      }
    }
  }
}
