/**
 * The DSP tier's four base soft masks over a stereo spectrogram: vocals, drums, bass, other.
 * They sum to exactly 1 in every bin, so the four stems always sum back to the mix.
 *
 * - drums = percussive share from median-filtering HPSS (Fitzgerald 2010) with Wiener-style
 *   power-2 soft masks.
 * - bass = the harmonic share below a ~180 Hz crossover.
 * - vocals = the harmonic share above it, weighted by how centred the bin is between the
 *   channels (2·Re(L·R̄)/(|L|²+|R|²), 1 only when left and right agree in level and phase:
 *   mid/side centre extraction, Avendano & Jot 2002) sharpened to the 4th power, and by a
 *   150 Hz–8 kHz voice band. A mono mix is all "centre", so its vocals are simply the harmonic
 *   voice band; the response says this tier is the lower quality one.
 * - other = the rest of the harmonic share.
 */
import { binHz, bandWeight, lowWeight } from './bands.ts';
import { medianAlongFrequency, medianAlongTime } from './median.ts';
import type { Spectrogram } from './stft.ts';

export const BASE_STEMS = ['vocals', 'drums', 'bass', 'other'] as const;
export type BaseStem = (typeof BASE_STEMS)[number];

export type BaseMasks = Record<BaseStem, Float32Array>;

export interface MaskOptions {
  sampleRate: number;
  /** FFT size the spectrograms were made with. */
  size: number;
  /** Median kernel lengths (odd), in frames and bins. */
  timeKernel?: number;
  freqKernel?: number;
}

export const BASS_CROSSOVER_HZ = 180;
const VOICE_LOW_HZ = 150;
const VOICE_HIGH_HZ = 8000;
const CENTRE_SHARPNESS = 4;

export function baseMasks(left: Spectrogram, right: Spectrogram, options: MaskOptions): BaseMasks {
  const { frames, bins } = left;
  const cells = frames * bins;
  const magnitude = new Float32Array(cells);
  const centre = new Float32Array(cells);
  for (let i = 0; i < cells; i++) {
    const lr = left.re[i]!;
    const li = left.im[i]!;
    const rr = right.re[i]!;
    const ri = right.im[i]!;
    const power = lr * lr + li * li + rr * rr + ri * ri;
    magnitude[i] = Math.sqrt(power * 0.5);
    const cross = 2 * (lr * rr + li * ri);
    centre[i] = power > 1e-20 ? Math.max(0, cross / power) ** CENTRE_SHARPNESS : 0;
  }
  const harmonicEnv = medianAlongTime(magnitude, frames, bins, options.timeKernel ?? 17);
  const percussiveEnv = medianAlongFrequency(magnitude, frames, bins, options.freqKernel ?? 17);

  const lowShare = new Float32Array(bins);
  const voiceBand = new Float32Array(bins);
  for (let k = 0; k < bins; k++) {
    const hz = binHz(k, options.size, options.sampleRate);
    lowShare[k] = lowWeight(hz, BASS_CROSSOVER_HZ);
    voiceBand[k] = bandWeight(hz, VOICE_LOW_HZ, VOICE_HIGH_HZ);
  }

  const vocals = new Float32Array(cells);
  const drums = new Float32Array(cells);
  const bass = new Float32Array(cells);
  const other = new Float32Array(cells);
  for (let t = 0; t < frames; t++) {
    for (let k = 0; k < bins; k++) {
      const i = t * bins + k;
      const h = harmonicEnv[i]! * harmonicEnv[i]!;
      const p = percussiveEnv[i]! * percussiveEnv[i]!;
      // Silence: no evidence either way; call it harmonic "other" (masks must still sum to 1).
      const harmonic = h + p > 1e-24 ? h / (h + p) : 1;
      const percussive = 1 - harmonic;
      const low = harmonic * lowShare[k]!;
      const high = harmonic - low;
      const voice = high * centre[i]! * voiceBand[k]!;
      drums[i] = percussive;
      bass[i] = low;
      vocals[i] = voice;
      other[i] = high - voice;
    }
  }
  return { vocals, drums, bass, other };
}
