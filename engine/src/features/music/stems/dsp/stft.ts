/**
 * Short-time Fourier transform and its inverse with a periodic Hann window, as both separator
 * tiers use them. Framing: frame t starts at sample t·hop − (size − hop), so every sample of the
 * signal, first and last included, lies under size/hop frames; the inverse divides the
 * overlap-added frames by the summed squared window, so istft(stft(x)) = x to rounding error and
 * any set of masks that sums to 1 per bin gives stems that sum back to the input.
 */
import { fft } from '../../../../audio/fft.ts';
import { FftPlan } from '../../../../audio/fft-plan.ts';

/**
 * UVR's MDX-Net models use n_fft 6144 or 7680 (2^11·3, 2^9·3·5), which the shared radix-2 FFT
 * cannot do: those sizes go through the mixed-radix plan (same sign and unscaled inverse).
 */
const mixedRadix = new Map<number, FftPlan>();

function transform(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if ((n & (n - 1)) === 0) {
    fft(re, im, inverse);
    return;
  }
  let plan = mixedRadix.get(n);
  if (!plan) {
    plan = new FftPlan(n);
    mixedRadix.set(n, plan);
  }
  plan.transform(re, im, inverse);
}

export interface StftConfig {
  /** Window and FFT size: a power of two, or a product of 2, 3, 5 and 7 (MDX-Net's 6144). */
  size: number;
  /** Frame advance; size/hop must be an integer ≥ 2. */
  hop: number;
}

/**
 * Where frames sit, when not the default (frame t starting at t·hop − (size − hop), as many as
 * cover the signal): the neural models want frames *centred* on t·hop (first start = −size/2)
 * and an exact frame count.
 */
export interface Framing {
  firstStart: number;
  frames: number;
}

/** Frame-major complex bins: bin k of frame t is at [t · bins + k]. */
export interface Spectrogram {
  frames: number;
  bins: number;
  re: Float32Array;
  im: Float32Array;
}

const windows = new Map<number, Float64Array>();

export function hannWindow(size: number): Float64Array {
  let w = windows.get(size);
  if (!w) {
    w = new Float64Array(size);
    for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
    windows.set(size, w);
  }
  return w;
}

function checkConfig({ size, hop }: StftConfig): void {
  if (hop <= 0 || size % hop !== 0 || size / hop < 2)
    throw new Error(`STFT hop ${hop} must divide size ${size} at least twice`);
}

/** How many frames stft() makes for `length` samples. */
export function frameCountFor(length: number, cfg: StftConfig): number {
  return Math.ceil((length + cfg.size - cfg.hop) / cfg.hop);
}

export function stft(signal: Float32Array, cfg: StftConfig, framing?: Framing): Spectrogram {
  checkConfig(cfg);
  const { size, hop } = cfg;
  const bins = size / 2 + 1;
  const frames = framing?.frames ?? frameCountFor(signal.length, cfg);
  const window = hannWindow(size);
  const re = new Float32Array(frames * bins);
  const im = new Float32Array(frames * bins);
  const bufRe = new Float64Array(size);
  const bufIm = new Float64Array(size);
  const first = framing?.firstStart ?? hop - size;
  for (let t = 0; t < frames; t++) {
    const start = first + t * hop;
    for (let i = 0; i < size; i++) {
      const n = start + i;
      bufRe[i] = n >= 0 && n < signal.length ? signal[n]! * window[i]! : 0;
      bufIm[i] = 0;
    }
    transform(bufRe, bufIm);
    const base = t * bins;
    for (let k = 0; k < bins; k++) {
      re[base + k] = bufRe[k]!;
      im[base + k] = bufIm[k]!;
    }
  }
  return { frames, bins, re, im };
}

/**
 * The signal of `length` samples whose STFT is `spec` (least-squares inverse: windowed
 * overlap-add divided by the summed squared window).
 */
export function istft(
  spec: Spectrogram,
  cfg: StftConfig,
  length: number,
  framing?: Pick<Framing, 'firstStart'>,
): Float32Array {
  checkConfig(cfg);
  const { size, hop } = cfg;
  const { bins, frames } = spec;
  if (bins !== size / 2 + 1)
    throw new Error(`spectrogram has ${bins} bins, size ${size} needs ${size / 2 + 1}`);
  const window = hannWindow(size);
  const out = new Float64Array(length);
  const norm = new Float64Array(length);
  const bufRe = new Float64Array(size);
  const bufIm = new Float64Array(size);
  const first = framing?.firstStart ?? hop - size;
  for (let t = 0; t < frames; t++) {
    const base = t * bins;
    for (let k = 0; k < bins; k++) {
      bufRe[k] = spec.re[base + k]!;
      bufIm[k] = spec.im[base + k]!;
    }
    // Hermitian symmetry: the upper half mirrors the lower, conjugated.
    for (let k = 1; k < size / 2; k++) {
      bufRe[size - k] = bufRe[k]!;
      bufIm[size - k] = -bufIm[k]!;
    }
    transform(bufRe, bufIm, true);
    const start = first + t * hop;
    for (let i = 0; i < size; i++) {
      const n = start + i;
      if (n < 0 || n >= length) continue;
      const w = window[i]!;
      out[n] = out[n]! + (bufRe[i]! / size) * w;
      norm[n] = norm[n]! + w * w;
    }
  }
  const result = new Float32Array(length);
  for (let n = 0; n < length; n++) {
    const d = norm[n]!;
    result[n] = d > 1e-8 ? out[n]! / d : 0;
  }
  return result;
}
