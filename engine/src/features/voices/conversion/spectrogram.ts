/**
 * OpenVoice's linear spectrogram (`mel_processing.spectrogram_torch` with the converter's
 * config: n_fft 1024, hop 256, window 1024 periodic Hann, reflect-padded by (n_fft − hop)/2 at
 * both ends, center off, magnitude √(re² + im² + 1e-6)) as [513][T] rows, frame-major inside a
 * bin. The FFT is the engine's own (cleanup's RealFft).
 */
import { RealFft } from '../../../audio/fft-plan.ts';

export const N_FFT = 1024;
export const HOP = 256;
export const BINS = N_FFT / 2 + 1;
export const CONVERTER_RATE = 22_050;

const WINDOW = Float32Array.from(
  { length: N_FFT },
  (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / N_FFT),
);

function reflectPad(audio: Float32Array, pad: number): Float32Array {
  const out = new Float32Array(audio.length + 2 * pad);
  for (let i = 0; i < out.length; i++) {
    let j = i - pad;
    if (j < 0) j = -j;
    if (j >= audio.length) j = 2 * (audio.length - 1) - j;
    out[i] = audio[Math.max(0, Math.min(audio.length - 1, j))] ?? 0;
  }
  return out;
}

/** Magnitudes as [BINS × frames] (bin-major: the converter's [1,513,T] layout). */
export function linearSpectrogram(audio: Float32Array): { data: Float32Array; frames: number } {
  const padded = reflectPad(audio, (N_FFT - HOP) / 2);
  const frames = Math.max(1, 1 + Math.floor((padded.length - N_FFT) / HOP));
  const fft = new RealFft(N_FFT);
  const re = new Float32Array(BINS);
  const im = new Float32Array(BINS);
  const frame = new Float32Array(N_FFT);
  const data = new Float32Array(BINS * frames);
  for (let t = 0; t < frames; t++) {
    for (let n = 0; n < N_FFT; n++) frame[n] = (padded[t * HOP + n] ?? 0) * (WINDOW[n] ?? 0);
    fft.forward(frame, re, im);
    for (let k = 0; k < BINS; k++)
      data[k * frames + t] = Math.sqrt((re[k] ?? 0) ** 2 + (im[k] ?? 0) ** 2 + 1e-6);
  }
  return { data, frames };
}

/** The same magnitudes frame-major ([frames × BINS]: the tone extractor's [1,T,513]). */
export function transposeSpectrogram(spec: { data: Float32Array; frames: number }): Float32Array {
  const out = new Float32Array(spec.data.length);
  for (let k = 0; k < BINS; k++)
    for (let t = 0; t < spec.frames; t++) out[t * BINS + k] = spec.data[k * spec.frames + t] ?? 0;
  return out;
}
