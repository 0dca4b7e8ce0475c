/** The sliding-window medians against a plain sort, edges included. */
import { describe, expect, it } from 'vitest';
import { medianAlongFrequency, medianAlongTime } from './median.ts';

function bruteMedian(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : 0.5 * (s[mid - 1]! + s[mid]!);
}

describe('median filters', () => {
  const frames = 23;
  const bins = 19;
  const grid = new Float32Array(frames * bins);
  let seed = 3;
  for (let i = 0; i < grid.length; i++) {
    seed = (seed * 16807) % 2147483647;
    // Repeated values too, so removal must find the right duplicate.
    grid[i] = Math.floor((seed / 2147483647) * 7) / 7;
  }

  it('along time equals a sorted kernel of up to 17 frames, clipped at the edges', () => {
    const out = medianAlongTime(grid, frames, bins, 17);
    for (let t = 0; t < frames; t++) {
      for (let k = 0; k < bins; k++) {
        const values: number[] = [];
        for (let u = Math.max(0, t - 8); u <= Math.min(frames - 1, t + 8); u++)
          values.push(grid[u * bins + k]!);
        expect(out[t * bins + k]).toBeCloseTo(bruteMedian(values), 6);
      }
    }
  });

  it('along frequency equals a sorted kernel of up to 5 bins', () => {
    const out = medianAlongFrequency(grid, frames, bins, 5);
    for (let t = 0; t < frames; t++) {
      for (let k = 0; k < bins; k++) {
        const values: number[] = [];
        for (let j = Math.max(0, k - 2); j <= Math.min(bins - 1, k + 2); j++)
          values.push(grid[t * bins + j]!);
        expect(out[t * bins + k]).toBeCloseTo(bruteMedian(values), 6);
      }
    }
  });
});
