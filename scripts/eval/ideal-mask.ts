/**
 * Oracle masks: they know the clean reference S and the noise N = noisy − clean, and scale every
 * STFT bin of the noisy spectrum X by a real gain, on the noisy phase. The denoise eval prints
 * them beside the engines as reference points for what masking can reach on each pair:
 * - `ratio` (the ideal ratio mask, the field's usual oracle): √(|S|² / (|S|² + |N|²));
 * - `phase-sensitive`: Re(S·X̄)/|X|² clipped to [0, 1], the best gain in [0, 1] per bin (it also
 *   accounts for the phase difference between speech and mixture), so the ceiling of a bounded
 *   mask such as DeepFilterNet3's ERB gains. A complex filter (DeepFilterNet3's deep filter below
 *   4.8 kHz) can in principle go further.
 *
 * Frames of 20 ms with 50 % overlap and the Vorbis window, as DeepFilterNet3's STFT (960/480 at
 * 48 kHz), at the pair's own rate.
 */
import {
  deepFilterStft,
  StftAnalyzer,
  StftSynthesizer,
  type Spectrum,
} from '../../engine/src/features/cleanup/stft.ts';

/** Frame length of the oracle's STFT, as DeepFilterNet3's 960 samples at 48 kHz. */
const FRAME_SECONDS = 0.02;

export type OracleMask = 'ratio' | 'phase-sensitive';

export function idealMask(
  clean: Float32Array,
  noisy: Float32Array,
  sampleRate: number,
  kind: OracleMask = 'ratio',
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
      const gain = kind === 'ratio' ? ratioGain(s, x, k) : phaseSensitiveGain(s, x, k);
      x.re[k]! *= gain;
      x.im[k]! *= gain;
    }
    synthesis.push(x, out, t * hop);
  }
  return out.slice(hop, hop + length);
}

function ratioGain(s: Spectrum, x: Spectrum, k: number): number {
  const ps = s.re[k]! * s.re[k]! + s.im[k]! * s.im[k]!;
  const nr = x.re[k]! - s.re[k]!;
  const ni = x.im[k]! - s.im[k]!;
  const total = ps + nr * nr + ni * ni;
  return total > 0 ? Math.sqrt(ps / total) : 0;
}

function phaseSensitiveGain(s: Spectrum, x: Spectrum, k: number): number {
  const px = x.re[k]! * x.re[k]! + x.im[k]! * x.im[k]!;
  if (px === 0) return 0;
  const projection = (s.re[k]! * x.re[k]! + s.im[k]! * x.im[k]!) / px;
  return Math.min(1, Math.max(0, projection));
}
