/**
 * Frame-by-frame STFT analysis and overlap-add synthesis, the way the streaming denoisers were
 * trained: each new hop of samples makes one frame of the last `fftSize` samples; each enhanced
 * spectrum adds one windowed frame back and releases one hop of output. State is two small
 * buffers, so a stream of any length runs in constant memory.
 *
 * The analysis buffer starts with fftSize−hop zeros, so output sample i leaves
 * `latencySamples` = fftSize−hop samples after input sample i (plus whatever frame delay the
 * model adds); denoise-stream.ts trims that lead and flushes the tail.
 *
 * Windows and scales differ per model (GTCRN: √Hann as torch.stft, no scaling; DeepFilterNet:
 * Vorbis window with libDF's 1/(N²/2H) analysis norm); both pairs reconstruct perfectly at 50 %
 * overlap because Σ w² over overlapping frames is 1.
 */
import { RealFft } from '../../audio/fft-plan.ts';

export interface StftSpec {
  fftSize: number;
  hop: number;
  window: Float32Array;
  /** Multiplies the forward transform (libDF's wnorm; 1 for torch.stft). */
  analysisScale: number;
  /** Multiplies the inverse transform (1/N for the usual normalised inverse). */
  synthesisScale: number;
}

/** Periodic √Hann, as `torch.hann_window(n).pow(0.5)` (GTCRN). */
export function sqrtHannWindow(size: number): Float32Array {
  const w = new Float32Array(size);
  for (let i = 0; i < size; i++) w[i] = Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
  return w;
}

/** Vorbis power-complementary window, as libDF: w[n] = sin(π/2 · sin²(π/2 · (n+½)/(N/2))). */
export function vorbisWindow(size: number): Float32Array {
  const half = size / 2;
  const w = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const s = Math.sin((0.5 * Math.PI * (i + 0.5)) / half);
    w[i] = Math.sin(0.5 * Math.PI * s * s);
  }
  return w;
}

export function gtcrnStft(): StftSpec {
  return {
    fftSize: 512,
    hop: 256,
    window: sqrtHannWindow(512),
    analysisScale: 1,
    synthesisScale: 1 / 512,
  };
}

/** libDF: spectrum = rfft(x·w)·wnorm, wnorm = 2H/N²; synthesis = unnormalised irfft · w. */
export function deepFilterStft(fftSize: number, hop: number): StftSpec {
  return {
    fftSize,
    hop,
    window: vorbisWindow(fftSize),
    analysisScale: (2 * hop) / (fftSize * fftSize),
    synthesisScale: 1,
  };
}

/** One complex spectrum, split into real and imaginary parts (length fftSize/2+1). */
export interface Spectrum {
  re: Float32Array;
  im: Float32Array;
}

export class StftAnalyzer {
  readonly spec: StftSpec;
  private readonly fft: RealFft;
  private readonly buffer: Float32Array;
  private readonly frame: Float64Array;

  constructor(spec: StftSpec) {
    if (spec.window.length !== spec.fftSize || spec.hop > spec.fftSize) {
      throw new Error('STFT window length must equal fftSize and hop must not exceed it');
    }
    this.spec = spec;
    this.fft = new RealFft(spec.fftSize);
    this.buffer = new Float32Array(spec.fftSize);
    this.frame = new Float64Array(spec.fftSize);
  }

  get bins(): number {
    return this.fft.bins;
  }

  /** Consumes exactly one hop of samples and returns the spectrum of the newest frame. */
  push(hopSamples: ArrayLike<number>, out?: Spectrum): Spectrum {
    const { fftSize, hop, window, analysisScale } = this.spec;
    if (hopSamples.length !== hop) throw new Error(`STFT push needs ${hop} samples`);
    this.buffer.copyWithin(0, hop);
    for (let i = 0; i < hop; i++) this.buffer[fftSize - hop + i] = hopSamples[i]!;
    for (let i = 0; i < fftSize; i++) this.frame[i] = this.buffer[i]! * window[i]!;
    const result = out ?? {
      re: new Float32Array(this.fft.bins),
      im: new Float32Array(this.fft.bins),
    };
    this.fft.forward(this.frame, result.re, result.im);
    if (analysisScale !== 1) {
      for (let k = 0; k < this.fft.bins; k++) {
        result.re[k]! *= analysisScale;
        result.im[k]! *= analysisScale;
      }
    }
    return result;
  }

  /** Back to the state of a fresh analyzer (after a skipped silent stretch). */
  reset(): void {
    this.buffer.fill(0);
  }
}

export class StftSynthesizer {
  readonly spec: StftSpec;
  private readonly fft: RealFft;
  private readonly overlap: Float64Array;
  private readonly frame: Float64Array;

  constructor(spec: StftSpec) {
    this.spec = spec;
    this.fft = new RealFft(spec.fftSize);
    this.overlap = new Float64Array(spec.fftSize);
    this.frame = new Float64Array(spec.fftSize);
  }

  /** Adds one frame and writes the hop of samples that is now complete into `out`. */
  push(spectrum: Spectrum, out: Float32Array, offset = 0): void {
    const { fftSize, hop, window, synthesisScale } = this.spec;
    this.fft.inverse(spectrum.re, spectrum.im, this.frame);
    for (let i = 0; i < fftSize; i++) {
      this.overlap[i]! += this.frame[i]! * synthesisScale * window[i]!;
    }
    for (let i = 0; i < hop; i++) out[offset + i] = this.overlap[i]!;
    this.overlap.copyWithin(0, hop);
    this.overlap.fill(0, fftSize - hop);
  }

  reset(): void {
    this.overlap.fill(0);
  }
}
