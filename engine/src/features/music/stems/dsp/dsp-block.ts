/**
 * Separates one block of stereo audio into the requested DSP stems: STFT of each channel, the
 * base masks, each stem's mask from its recipe, inverse STFT. Blocks are what the streaming
 * driver (dsp-stream.ts) feeds, with context on both sides so their seams are inaudible.
 */
import { bandWeight, binHz } from './bands.ts';
import { baseMasks } from './dsp-masks.ts';
import { DSP_RECIPES, DSP_STEREO_SPLITS } from './dsp-recipes.ts';
import { istft, stft, type Spectrogram, type StftConfig } from './stft.ts';

export const DSP_STFT: StftConfig = { size: 4096, hop: 1024 };

/** Stereo planes per stem, each the block's length. */
export type StemPlanes = Map<string, [Float32Array, Float32Array]>;

function masked(spec: Spectrogram, mask: Float32Array): Spectrogram {
  const re = new Float32Array(spec.re.length);
  const im = new Float32Array(spec.im.length);
  for (let i = 0; i < re.length; i++) {
    re[i] = spec.re[i]! * mask[i]!;
    im[i] = spec.im[i]! * mask[i]!;
  }
  return { frames: spec.frames, bins: spec.bins, re, im };
}

function stereoSplit(
  [l, r]: [Float32Array, Float32Array],
  part: 'mid' | 'side',
): [Float32Array, Float32Array] {
  const a = new Float32Array(l.length);
  const b = new Float32Array(l.length);
  for (let i = 0; i < l.length; i++) {
    const mid = 0.5 * (l[i]! + r[i]!);
    const side = 0.5 * (l[i]! - r[i]!);
    if (part === 'mid') {
      a[i] = mid;
      b[i] = mid;
    } else {
      a[i] = side;
      b[i] = -side;
    }
  }
  return [a, b];
}

export function separateBlock(
  left: Float32Array,
  right: Float32Array,
  sampleRate: number,
  stems: readonly string[],
  cfg: StftConfig = DSP_STFT,
): StemPlanes {
  const length = left.length;
  const specL = stft(left, cfg);
  const specR = stft(right, cfg);
  const masks = baseMasks(specL, specR, { sampleRate, size: cfg.size });
  const { frames, bins } = specL;
  const bandCache = new Map<string, Float32Array>();
  const band = (from: number, to: number): Float32Array => {
    const key = `${from}-${to}`;
    let w = bandCache.get(key);
    if (!w) {
      w = new Float32Array(bins);
      for (let k = 0; k < bins; k++) w[k] = bandWeight(binHz(k, cfg.size, sampleRate), from, to);
      bandCache.set(key, w);
    }
    return w;
  };
  const out: StemPlanes = new Map();
  const needed = new Set<string>();
  for (const stem of stems) needed.add(DSP_STEREO_SPLITS[stem]?.of ?? stem);
  for (const stem of needed) {
    const recipe = DSP_RECIPES[stem];
    if (!recipe) throw new Error(`the DSP tier cannot produce "${stem}"`);
    const mask = new Float32Array(frames * bins);
    for (const term of recipe) {
      const base = masks[term.base];
      if (!term.band) {
        for (let i = 0; i < mask.length; i++) mask[i] = mask[i]! + base[i]!;
        continue;
      }
      const w = band(term.band[0], term.band[1]);
      for (let t = 0; t < frames; t++) {
        const o = t * bins;
        for (let k = 0; k < bins; k++) mask[o + k] = mask[o + k]! + base[o + k]! * w[k]!;
      }
    }
    out.set(stem, [
      istft(masked(specL, mask), cfg, length),
      istft(masked(specR, mask), cfg, length),
    ]);
  }
  for (const stem of stems) {
    const split = DSP_STEREO_SPLITS[stem];
    const source = split ? out.get(split.of) : undefined;
    if (split && source) out.set(stem, stereoSplit(source, split.part));
  }
  for (const stem of [...out.keys()]) if (!stems.includes(stem)) out.delete(stem);
  return out;
}
