/**
 * How alike two recordings' spectra are, for tests of cloned voices spoken by generated models
 * (which copy their reference's spectral envelope, not its identity): the log of each band's
 * power (bands between the given edges, Hz; mean over 2048-sample frames), compared by cosine
 * after removing the mean (so loudness does not count, only the shape).
 */
import { fft } from '../../engine/src/audio/fft.ts';

const SIZE = 2048;

export function spectralEnvelope(
  samples: Float32Array,
  sampleRate: number,
  edges: readonly number[],
): number[] {
  const power = new Float64Array(SIZE / 2);
  let frames = 0;
  for (let start = 0; start + SIZE <= samples.length; start += SIZE) {
    const re = new Float64Array(SIZE);
    const im = new Float64Array(SIZE);
    for (let i = 0; i < SIZE; i++)
      re[i] = (samples[start + i] ?? 0) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / SIZE));
    fft(re, im);
    for (let k = 0; k < SIZE / 2; k++)
      power[k] = (power[k] ?? 0) + (re[k] ?? 0) ** 2 + (im[k] ?? 0) ** 2;
    frames += 1;
  }
  const bands = [];
  for (let b = 0; b + 1 < edges.length; b++) {
    const lo = Math.floor(((edges[b] ?? 0) * SIZE) / sampleRate);
    const hi = Math.max(lo + 1, Math.floor(((edges[b + 1] ?? 0) * SIZE) / sampleRate));
    let sum = 0;
    for (let k = lo; k < hi; k++) sum += power[k] ?? 0;
    bands.push(Math.log10(sum / Math.max(1, frames) + 1e-12));
  }
  return bands;
}

export function envelopeSimilarity(a: readonly number[], b: readonly number[]): number {
  const centre = (v: readonly number[]) => {
    const mean = v.reduce((s, x) => s + x, 0) / v.length;
    return v.map((x) => x - mean);
  };
  const x = centre(a);
  const y = centre(b);
  let dot = 0;
  let nx = 0;
  let ny = 0;
  for (let i = 0; i < x.length; i++) {
    dot += (x[i] ?? 0) * (y[i] ?? 0);
    nx += (x[i] ?? 0) ** 2;
    ny += (y[i] ?? 0) ** 2;
  }
  return nx > 0 && ny > 0 ? dot / Math.sqrt(nx * ny) : 0;
}
