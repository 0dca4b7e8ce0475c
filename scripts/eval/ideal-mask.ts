/**
 * The ideal ratio mask: an oracle that knows the clean reference and keeps, in every STFT bin, the
 * share of the noisy magnitude that is speech, √(|S|² / (|S|² + |N|²)) with N = noisy − clean, on
 * the noisy phase. No real-valued mask over these bins can do much better, so the denoise eval
 * prints it beside the engines as the ceiling of mask-based enhancement on each pair: on the
 * 16 kHz VoiceBank pairs it gains only +4.7 to +7.6 dB SI-SDR, which bounds what a gain target on
 * them can ask of any mask stage (DeepFilterNet3's mask above 4.8 kHz, its deep filter below).
 *
 * Frames of 20 ms with 50 % overlap and the Vorbis window, as DeepFilterNet3's STFT (960/480 at
 * 48 kHz), at the pair's own rate.
 */
import {
  deepFilterStft,
  StftAnalyzer,
  StftSynthesizer,
} from '../../engine/src/features/cleanup/stft.ts';

/** Frame length of the oracle's STFT, as DeepFilterNet3's 960 samples at 48 kHz. */
const FRAME_SECONDS = 0.02;

export function idealRatioMask(
  clean: Float32Array,
  noisy: Float32Array,
  sampleRate: number,
): Float32Array {
  const hop = Math.round((FRAME_SECONDS * sampleRate) / 2);
  const spec = deepFilterStft(2 * hop, hop);
  const speech = new StftAnalyzer(spec);
  const mixture = new StftAnalyzer(spec);
  const synthesis = new StftSynthesizer(spec);
  const length = Math.min(clean.length, noisy.length);
  // One frame more than the input so the synthesis delay (fftSize − hop) can be trimmed off.
  const frames = Math.ceil(length / hop) + 2;
  const out = new Float32Array(frames * hop);
  const hopOf = (x: Float32Array, t: number): Float32Array => {
    const part = new Float32Array(hop);
    if (t * hop < length) part.set(x.subarray(t * hop, Math.min(length, (t + 1) * hop)));
    return part;
  };
  for (let t = 0; t < frames; t++) {
    const s = speech.push(hopOf(clean, t));
    const x = mixture.push(hopOf(noisy, t));
    for (let k = 0; k < x.re.length; k++) {
      const ps = s.re[k]! * s.re[k]! + s.im[k]! * s.im[k]!;
      const nr = x.re[k]! - s.re[k]!;
      const ni = x.im[k]! - s.im[k]!;
      const total = ps + nr * nr + ni * ni;
      const gain = total > 0 ? Math.sqrt(ps / total) : 0;
      x.re[k]! *= gain;
      x.im[k]! *= gain;
    }
    synthesis.push(x, out, t * hop);
  }
  return out.slice(hop, hop + length);
}
