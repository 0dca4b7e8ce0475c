/**
 * DeepFilterNet's two input features, computed frame by frame with libDF's running
 * normalisation (the state carries across the whole stream, so chunking the model never resets
 * it):
 *
 * - ERB features: band power in dB, minus an exponential running mean, divided by 40
 *   (`band_mean_norm_erb`; the mean starts as a line from −60 dB to −90 dB over the bands).
 * - Complex features of the lowest nbDf bins: each bin divided by the square root of its running
 *   mean magnitude (`band_unit_norm`; starts as a line from 0.001 to 0.0001).
 *
 * Both use alpha = normAlpha(hop, sr, τ) (dfn3-config.ts).
 */
import { bandPowers } from './erb-bands.ts';
import type { Spectrum } from './stft.ts';

const MEAN_NORM_INIT: [number, number] = [-60, -90];
const UNIT_NORM_INIT: [number, number] = [0.001, 0.0001];

function linspace(from: number, to: number, count: number): Float64Array {
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++)
    out[i] = count === 1 ? from : from + ((to - from) * i) / (count - 1);
  return out;
}

export class Dfn3Features {
  private readonly widths: readonly number[];
  private readonly nbDf: number;
  private readonly alpha: number;
  private erbState: Float64Array;
  private unitState: Float64Array;
  private readonly power: Float32Array;

  constructor(widths: readonly number[], nbDf: number, alpha: number) {
    this.widths = widths;
    this.nbDf = nbDf;
    this.alpha = alpha;
    this.power = new Float32Array(widths.length);
    this.erbState = linspace(MEAN_NORM_INIT[0], MEAN_NORM_INIT[1], widths.length);
    this.unitState = linspace(UNIT_NORM_INIT[0], UNIT_NORM_INIT[1], nbDf);
  }

  /** Writes the frame's ERB features (length nbErb) into `erbOut`. */
  erb(spectrum: Spectrum, erbOut: Float32Array): void {
    const a = this.alpha;
    bandPowers(spectrum.re, spectrum.im, this.widths, this.power);
    for (let b = 0; b < this.widths.length; b++) {
      const db = 10 * Math.log10(this.power[b]! + 1e-10);
      const state = db * (1 - a) + this.erbState[b]! * a;
      this.erbState[b] = state;
      erbOut[b] = (db - state) / 40;
    }
  }

  /** Writes the normalised complex features of the first nbDf bins into reOut/imOut. */
  complex(spectrum: Spectrum, reOut: Float32Array, imOut: Float32Array): void {
    const a = this.alpha;
    for (let k = 0; k < this.nbDf; k++) {
      const re = spectrum.re[k]!;
      const im = spectrum.im[k]!;
      const state = Math.hypot(re, im) * (1 - a) + this.unitState[k]! * a;
      this.unitState[k] = state;
      const scale = 1 / Math.sqrt(state);
      reOut[k] = re * scale;
      imOut[k] = im * scale;
    }
  }

  reset(): void {
    this.erbState = linspace(MEAN_NORM_INIT[0], MEAN_NORM_INIT[1], this.widths.length);
    this.unitState = linspace(UNIT_NORM_INIT[0], UNIT_NORM_INIT[1], this.nbDf);
  }
}
