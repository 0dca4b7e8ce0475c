// The eval's word error rate: substitutions, deletions and insertions over reference words.
import { describe, expect, it } from 'vitest';
import { wordErrorRate } from './voices-measure.ts';

describe('wordErrorRate', () => {
  it('counts each kind of error and ignores case and punctuation', () => {
    expect(wordErrorRate('The cat sat.', 'the cat sat')).toBe(0);
    expect(wordErrorRate('the cat sat', 'the dog sat')).toBeCloseTo(1 / 3);
    expect(wordErrorRate('the cat sat', 'the sat')).toBeCloseTo(1 / 3);
    expect(wordErrorRate('the cat sat', 'the cat sat down')).toBeCloseTo(1 / 3);
    expect(wordErrorRate('one two', '')).toBe(1);
  });
});
