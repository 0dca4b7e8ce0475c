import { describe, expect, it } from 'vitest';
import { diagonalCorridor, multiResolutionWarp, warp } from './dtw.ts';
import { downsampleFrames, type FeatureFrames } from './spectral-features.ts';

/** 1-d "features": a value per frame. */
function frames(values: readonly number[]): FeatureFrames {
  return {
    data: Float32Array.from(values),
    frames: values.length,
    dims: 1,
    energyDb: new Float32Array(values.length),
  };
}

describe('corridor DTW', () => {
  it('pairs identical sequences on the diagonal', () => {
    const a = frames([0, 1, 2, 3, 4, 5]);
    const path = warp(a, a, diagonalCorridor(6, 6, 2));
    expect([...path.ref]).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...path.rec]).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('finds where a stretched recording holds each reference step', () => {
    // Reference: three "phones"; the recording says the middle one three times as long.
    const ref = frames([0, 0, 5, 5, 9, 9]);
    const rec = frames([0, 0, 5, 5, 5, 5, 5, 5, 9, 9]);
    const path = warp(ref, rec, diagonalCorridor(6, 10, 10));
    const firstRecOf = (r: number) => path.rec[[...path.ref].indexOf(r)];
    expect(firstRecOf(2)).toBe(2);
    expect(firstRecOf(4)).toBe(8);
  });

  it('waits out a pause on one reference frame instead of smearing it over a word', () => {
    const ref = frames([0, 0, 4, 4, 8, 8]);
    const rec = frames([0, 0, 4, 4, -9, -9, -9, -9, 8, 8]);
    const pauses = Uint8Array.from([0, 0, 0, 0, 1, 1, 1, 1, 0, 0]);
    const path = warp(ref, rec, diagonalCorridor(6, 10, 10), pauses);
    const recOf4 = [...path.ref].flatMap((r, s) => (r === 4 ? [path.rec[s]!] : []));
    expect(Math.min(...recOf4)).toBe(8);
  });

  it('keeps the coarse-to-fine result equal to the full warp on a simple stretch', () => {
    const ref = frames(Array.from({ length: 80 }, (_, i) => Math.floor(i / 10)));
    const rec = frames(Array.from({ length: 120 }, (_, i) => Math.floor(i / 15)));
    const fine = multiResolutionWarp(
      ref,
      rec,
      { factor: 4, radius: 6, coarse: (n, m) => diagonalCorridor(n, m, 10) },
      downsampleFrames,
    );
    const full = warp(ref, rec, diagonalCorridor(80, 120, 120));
    const onset = (p: typeof full, r: number) => p.rec[[...p.ref].indexOf(r)];
    for (const r of [10, 30, 50, 70]) expect(onset(fine, r)).toBe(onset(full, r));
  });

  it('jumps over a section the recording lacks instead of squeezing it in', () => {
    // Reference sections: 2 2 2 | 6 6 6 | 9 9 9; the recording reads the first and the last.
    const ref = frames([2, 2, 2, 6, 6, 6, 9, 9, 9]);
    const rec = frames([2, 2, 2, 2, 9, 9, 9, 9]);
    const sections = [
      { from: 0, to: 3, penalty: 3 },
      { from: 3, to: 6, penalty: 3 },
      { from: 6, to: 9, penalty: 3 },
    ];
    const path = warp(ref, rec, diagonalCorridor(9, 8, 9), undefined, sections);
    expect([...path.ref].some((r) => r >= 3 && r < 6)).toBe(false);
    const recOf = (r: number) => [...path.ref].flatMap((x, s) => (x === r ? [path.rec[s]!] : []));
    expect(Math.min(...recOf(6))).toBe(4);
    // Without sections, the middle is squeezed into the recording somewhere.
    const squeezed = warp(ref, rec, diagonalCorridor(9, 8, 9));
    expect([...squeezed.ref].some((r) => r >= 3 && r < 6)).toBe(true);
  });

  it('may skip a first or last section, and keeps a section that was read', () => {
    const ref = frames([6, 6, 6, 2, 2, 2, 9, 9, 9]);
    const rec = frames([2, 2, 2, 9, 9, 9]);
    const sections = [
      { from: 0, to: 3, penalty: 3 },
      { from: 3, to: 6, penalty: 3 },
      { from: 6, to: 9, penalty: 3 },
    ];
    const path = warp(ref, rec, diagonalCorridor(9, 6, 9), undefined, sections);
    expect(path.ref[0]).toBe(3);
    expect([...path.ref]).toContain(8);
    const tail = frames([2, 2, 2, 9, 9, 9, 6, 6, 6]);
    const end = warp(tail, rec, diagonalCorridor(9, 6, 9), undefined, sections);
    expect(end.ref.at(-1)).toBe(5);
    expect(end.rec.at(-1)).toBe(5);
  });
});
