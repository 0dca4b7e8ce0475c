/**
 * Mel filterbanks in the Slaney convention (librosa's default: `htk=False`, `norm='slaney'`),
 * which is what Whisper's `mel_filters.npz` holds (librosa.filters.mel(sr=16000, n_fft=400,
 * n_mels=80)). mel-filterbank.test.ts checks this code against that real file, so features
 * computed here live on the same frequency scale the speech models were trained on.
 *
 * Written out rather than imported: it is a few lines of arithmetic, and it must work for any
 * sample rate and FFT size (eSpeak speaks at 22.05 kHz, recordings arrive at 16 kHz).
 */

const F_SP = 200 / 3;
const MIN_LOG_HZ = 1000;
const MIN_LOG_MEL = MIN_LOG_HZ / F_SP;
const LOG_STEP = Math.log(6.4) / 27;

export function hzToMel(hz: number): number {
  return hz >= MIN_LOG_HZ ? MIN_LOG_MEL + Math.log(hz / MIN_LOG_HZ) / LOG_STEP : hz / F_SP;
}

export function melToHz(mel: number): number {
  return mel >= MIN_LOG_MEL ? MIN_LOG_HZ * Math.exp(LOG_STEP * (mel - MIN_LOG_MEL)) : F_SP * mel;
}

export interface MelFilterbankOptions {
  sampleRate: number;
  nFft: number;
  nMels: number;
  /** Lowest band edge in Hz (default 0). */
  fMin?: number;
  /** Highest band edge in Hz (default sampleRate / 2). */
  fMax?: number;
}

/**
 * `nMels` rows of `nFft / 2 + 1` weights each (row-major), triangular on the mel scale and
 * area-normalised (Slaney): each filter is scaled by 2 / (its width in Hz).
 */
export function melFilterbank(options: MelFilterbankOptions): Float32Array {
  const { sampleRate, nFft, nMels } = options;
  const fMin = options.fMin ?? 0;
  const fMax = options.fMax ?? sampleRate / 2;
  const bins = Math.floor(nFft / 2) + 1;
  const fftFreqs = Float64Array.from({ length: bins }, (_, i) => (i * sampleRate) / nFft);
  const melMin = hzToMel(fMin);
  const melMax = hzToMel(fMax);
  const edges = Float64Array.from({ length: nMels + 2 }, (_, i) =>
    melToHz(melMin + ((melMax - melMin) * i) / (nMels + 1)),
  );
  const weights = new Float32Array(nMels * bins);
  for (let m = 0; m < nMels; m++) {
    const lower = edges[m]!;
    const centre = edges[m + 1]!;
    const upper = edges[m + 2]!;
    const norm = 2 / (upper - lower);
    for (let k = 0; k < bins; k++) {
      const f = fftFreqs[k]!;
      const rising = (f - lower) / (centre - lower);
      const falling = (upper - f) / (upper - centre);
      const w = Math.max(0, Math.min(rising, falling));
      weights[m * bins + k] = w * norm;
    }
  }
  return weights;
}
