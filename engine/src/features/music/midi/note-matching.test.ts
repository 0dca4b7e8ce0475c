// Onset-only note matching (mir_eval style) used by the eval and the bench.
import { describe, expect, it } from 'vitest';
import { matchNotes } from './note-matching.ts';

describe('matchNotes', () => {
  it('matches same pitch within the onset tolerance, each note once', () => {
    const ref = [
      { pitch: 60, onset: 1.0 },
      { pitch: 60, onset: 1.04 },
      { pitch: 64, onset: 2.0 },
    ];
    const est = [
      { pitch: 60, onset: 1.02 },
      { pitch: 64, onset: 2.07 }, // outside 50 ms
      { pitch: 65, onset: 2.0 }, // wrong pitch
    ];
    const s = matchNotes(ref, est);
    expect(s.matched).toBe(1);
    expect(s.precision).toBeCloseTo(1 / 3);
    expect(s.recall).toBeCloseTo(1 / 3);
    expect(s.f1).toBeCloseTo(1 / 3);
  });

  it('finds the maximum matching where a greedy nearest choice would not', () => {
    const ref = [
      { pitch: 60, onset: 1.0 },
      { pitch: 60, onset: 1.06 },
    ];
    const est = [
      { pitch: 60, onset: 1.03 },
      { pitch: 60, onset: 1.1 },
    ];
    expect(matchNotes(ref, est).matched).toBe(2);
  });

  it('scores empty inputs as zero, not NaN', () => {
    expect(matchNotes([], [])).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });
});
