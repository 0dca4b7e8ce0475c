/**
 * Frame-level spectral features for alignment: MFCCs on a 10 ms grid from 25 ms Hann windows,
 * over a Slaney mel filterbank limited to 0–8 kHz, so a 16 kHz recording and eSpeak's 22.05 kHz
 * speech land on the same frequency scale and the same time grid without resampling. Cepstral
 * mean and variance are normalised per signal: that removes the channel (microphone, room,
 * eSpeak's formant synthesiser) and leaves the phonetic shape, which is what DTW must match.
 */
import { fft } from '../../../audio/fft.ts';
import { melFilterbank } from './mel-filterbank.ts';

export const FRAME_SECONDS = 0.01;
const WINDOW_SECONDS = 0.025;
const N_MELS = 40;
/** c1…c12: c0 (loudness) is left out, the rest is the spectral envelope. */
const N_CEPS = 12;
const MAX_HZ = 8000;

export interface FeatureFrames {
  /** Frame-major: frame f occupies [f·dims, (f+1)·dims). */
  data: Float32Array;
  frames: number;
  dims: number;
  /** Log energy per frame (dB re full scale), for silence detection. */
  energyDb: Float32Array;
}

function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p <<= 1;
  return p;
}

const dctCache = new Map<string, Float32Array>();

/** DCT-II basis (orthonormal), rows c1..cN over N_MELS bands. */
function dctBasis(nMels: number, nCeps: number): Float32Array {
  const key = `${nMels}:${nCeps}`;
  const cached = dctCache.get(key);
  if (cached) return cached;
  const basis = new Float32Array(nCeps * nMels);
  const scale = Math.sqrt(2 / nMels);
  for (let c = 0; c < nCeps; c++) {
    for (let m = 0; m < nMels; m++)
      basis[c * nMels + m] = scale * Math.cos((Math.PI * (c + 1) * (m + 0.5)) / nMels);
  }
  dctCache.set(key, basis);
  return basis;
}

/** MFCC frames of mono PCM at any rate ≥ 16 kHz (lower rates lose the top bands). */
export function mfccFrames(samples: Float32Array, sampleRate: number): FeatureFrames {
  const window = Math.round(WINDOW_SECONDS * sampleRate);
  const nFft = nextPow2(window);
  const bins = nFft / 2 + 1;
  const hop = FRAME_SECONDS * sampleRate;
  const frames = Math.max(1, Math.floor((samples.length - window) / hop) + 1);
  const bank = melFilterbank({
    sampleRate,
    nFft,
    nMels: N_MELS,
    fMax: Math.min(MAX_HZ, sampleRate / 2),
  });
  const dct = dctBasis(N_MELS, N_CEPS);
  const hann = Float64Array.from(
    { length: window },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / window),
  );
  const re = new Float64Array(nFft);
  const im = new Float64Array(nFft);
  const power = new Float64Array(bins);
  const logMel = new Float64Array(N_MELS);
  const data = new Float32Array(frames * N_CEPS);
  const energyDb = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const start = Math.round(f * hop);
    re.fill(0);
    im.fill(0);
    let energy = 0;
    for (let i = 0; i < window; i++) {
      const s = samples[start + i] ?? 0;
      energy += s * s;
      re[i] = s * hann[i]!;
    }
    energyDb[f] = 10 * Math.log10(energy / window + 1e-10);
    fft(re, im);
    for (let k = 0; k < bins; k++) power[k] = re[k]! * re[k]! + im[k]! * im[k]!;
    for (let m = 0; m < N_MELS; m++) {
      let sum = 0;
      const row = m * bins;
      for (let k = 0; k < bins; k++) sum += bank[row + k]! * power[k]!;
      logMel[m] = Math.log(sum + 1e-10);
    }
    for (let c = 0; c < N_CEPS; c++) {
      let sum = 0;
      for (let m = 0; m < N_MELS; m++) sum += dct[c * N_MELS + m]! * logMel[m]!;
      data[f * N_CEPS + c] = sum;
    }
  }
  normalise(data, frames, N_CEPS);
  return { data, frames, dims: N_CEPS, energyDb };
}

/** Cepstral mean and variance normalisation over the whole signal, per coefficient. */
function normalise(data: Float32Array, frames: number, dims: number): void {
  for (let d = 0; d < dims; d++) {
    let mean = 0;
    for (let f = 0; f < frames; f++) mean += data[f * dims + d]!;
    mean /= frames;
    let variance = 0;
    for (let f = 0; f < frames; f++) variance += (data[f * dims + d]! - mean) ** 2;
    const std = Math.sqrt(variance / frames) || 1;
    for (let f = 0; f < frames; f++) data[f * dims + d] = (data[f * dims + d]! - mean) / std;
  }
}

/** Averages groups of `factor` frames: the coarse pass of the multi-resolution DTW. */
export function downsampleFrames(features: FeatureFrames, factor: number): FeatureFrames {
  const frames = Math.max(1, Math.ceil(features.frames / factor));
  const { dims } = features;
  const data = new Float32Array(frames * dims);
  const energyDb = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const from = f * factor;
    const to = Math.min(features.frames, from + factor);
    for (let g = from; g < to; g++) {
      for (let d = 0; d < dims; d++)
        data[f * dims + d]! += features.data[g * dims + d]! / (to - from);
      energyDb[f] = Math.max(energyDb[f] === 0 ? -Infinity : energyDb[f]!, features.energyDb[g]!);
    }
  }
  return { data, frames, dims, energyDb };
}
