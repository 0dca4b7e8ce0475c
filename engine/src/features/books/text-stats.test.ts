import { describe, expect, it } from 'vitest';
import { countCharacters, countWords, estimateMinutes, WORDS_PER_MINUTE } from './text-stats.ts';

describe('text stats', () => {
  it('counts words as runs of letters or digits, keeping contractions and hyphens whole', () => {
    expect(countWords('Call me Ishmael.')).toBe(3);
    expect(countWords('“Don’t,” said the well-known man — twice!')).toBe(6);
    expect(countWords('Straße, café, 1851.')).toBe(3);
    expect(countWords('   ')).toBe(0);
    expect(countWords('— … —')).toBe(0);
  });

  it('counts characters as code points', () => {
    expect(countCharacters('abc')).toBe(3);
    expect(countCharacters('naïve 😀')).toBe(7);
  });

  it('estimates minutes at the documented pace and the speed multiplier', () => {
    expect(estimateMinutes(WORDS_PER_MINUTE)).toBe(1);
    expect(estimateMinutes(WORDS_PER_MINUTE * 2, 2)).toBe(1);
    expect(estimateMinutes(0)).toBe(0);
  });
});
