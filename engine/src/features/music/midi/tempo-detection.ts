/**
 * Tempo estimation for the MIDI files' tempo map when the caller gives no `tempo_bpm`: a
 * spectral-flux onset envelope (log-compressed 1024-point STFT, hop 256 at 22.05 kHz, rises
 * summed over bins, local mean removed), its autocorrelation over the lags of 30-300 BPM,
 * weighted by a log-normal prior around 120 BPM (one octave wide, as librosa's tempo estimator
 * does) so that half and double tempo lose to the likelier octave, and a parabolic peak fit for
 * sub-frame precision. A song's tempo is stable, so at most the middle four minutes are used.
 */
import { fft } from '../../../audio/fft.ts';

export const MIN_BPM = 30;
export const MAX_BPM = 300;
const FFT_SIZE = 1024;
const HOP = 256;
const MAX_ANALYSED_SECONDS = 240;
const PRIOR_BPM = 120;

/** Onset strength per hop (length ≈ samples / 256). */
export function onsetEnvelope(audio: Float32Array): Float64Array {
  const window = new Float64Array(FFT_SIZE);
  for (let i = 0; i < FFT_SIZE; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE);
  const bins = FFT_SIZE / 2 + 1;
  const frames = Math.max(0, Math.floor((audio.length - FFT_SIZE) / HOP) + 1);
  const envelope = new Float64Array(frames);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  let previous = new Float64Array(bins);
  let current = new Float64Array(bins);
  for (let f = 0; f < frames; f++) {
    const offset = f * HOP;
    for (let i = 0; i < FFT_SIZE; i++) {
      re[i] = audio[offset + i]! * window[i]!;
      im[i] = 0;
    }
    fft(re, im);
    let flux = 0;
    for (let b = 0; b < bins; b++) {
      const magnitude = Math.hypot(re[b]!, im[b]!);
      current[b] = Math.log1p(100 * magnitude);
      if (f > 0 && current[b]! > previous[b]!) flux += current[b]! - previous[b]!;
    }
    envelope[f] = flux;
    [previous, current] = [current, previous];
  }
  // Remove the slowly varying part (about a third of a second) so sustained loudness is not a beat.
  const radius = 16;
  const out = new Float64Array(frames);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < Math.min(frames, radius); i++) {
    sum += envelope[i]!;
    count++;
  }
  for (let f = 0; f < frames; f++) {
    const add = f + radius;
    if (add < frames) {
      sum += envelope[add]!;
      count++;
    }
    const drop = f - radius - 1;
    if (drop >= 0) {
      sum -= envelope[drop]!;
      count--;
    }
    out[f] = Math.max(0, envelope[f]! - sum / count);
  }
  return out;
}

/** Tempo in BPM from an onset envelope at `framesPerSecond`, or null when it has no pulse. */
export function tempoFromEnvelope(envelope: Float64Array, framesPerSecond: number): number | null {
  const n = envelope.length;
  const minLag = Math.max(1, Math.floor((60 * framesPerSecond) / MAX_BPM));
  const maxLag = Math.ceil((60 * framesPerSecond) / MIN_BPM);
  if (n < maxLag * 2) return null;
  let energy = 0;
  for (const v of envelope) energy += v * v;
  if (energy <= 1e-9) return null;
  const acf = new Float64Array(maxLag + 2);
  for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
    let s = 0;
    for (let i = lag; i < n; i++) s += envelope[i]! * envelope[i - lag]!;
    acf[lag] = s / (n - lag);
  }
  let bestLag = -1;
  let bestScore = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const bpm = (60 * framesPerSecond) / lag;
    const prior = Math.exp(-0.5 * Math.log2(bpm / PRIOR_BPM) ** 2);
    const score = acf[lag]! * prior;
    const isPeak = acf[lag]! >= acf[lag - 1]! && acf[lag]! >= acf[lag + 1]!;
    if (isPeak && score > bestScore) {
      bestScore = score;
      bestLag = lag;
    }
  }
  if (bestLag < 0) return null;
  const a = acf[bestLag - 1]!;
  const b = acf[bestLag]!;
  const c = acf[bestLag + 1]!;
  const denominator = a - 2 * b + c;
  const shift =
    denominator === 0 ? 0 : Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / denominator));
  const bpm = (60 * framesPerSecond) / (bestLag + shift);
  return Math.round(bpm * 10) / 10;
}

/** Tempo of mono audio at `sampleRate`, or null for silence or audio too short to tell. */
export function detectTempo(audio: Float32Array, sampleRate: number): number | null {
  const maxSamples = MAX_ANALYSED_SECONDS * sampleRate;
  const start = audio.length > maxSamples ? Math.floor((audio.length - maxSamples) / 2) : 0;
  const section = audio.subarray(start, start + Math.min(audio.length, maxSamples));
  return tempoFromEnvelope(onsetEnvelope(section), sampleRate / HOP);
}
