import { describe, expect, it } from 'vitest';
import { batches } from '../cast/detection-limits.ts';
import { withinTolerance } from './screenplay-annotation.ts';

const line = (text: string) => ({ text, speaker: null, direction: '' });

describe('screenplay annotation checks', () => {
  it('accepts lines within ±5 % of the original word count (rule 10)', () => {
    const original = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(withinTolerance(original, [line(words(60)), line(words(40))])).toBe(true);
    expect(withinTolerance(original, [line(words(105))])).toBe(true);
    expect(withinTolerance(original, [line(words(95))])).toBe(true);
    expect(withinTolerance(original, [line(words(106))])).toBe(false);
    expect(withinTolerance(original, [line(words(94))])).toBe(false);
  });

  it('batches consecutive paragraphs by words and count', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, wordCount: 100 }));
    const out = batches(rows, 1000);
    expect(out.map((b) => b.length)).toEqual(Array.from({ length: 10 }, () => 10));
    expect(batches([{ wordCount: 5000 }], 1000)).toHaveLength(1);
    expect(
      batches(Array.from({ length: 90 }, () => ({ wordCount: 1 }))).map((b) => b.length),
    ).toEqual([40, 40, 10]);
  });
});
