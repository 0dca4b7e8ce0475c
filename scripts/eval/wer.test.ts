import { describe, expect, it } from 'vitest';
import { normalise, wer, wordErrors } from './wer.ts';

describe('word error rate', () => {
  it('normalises case and punctuation, keeping apostrophes inside words', () => {
    expect(normalise('Printing, in the ONLY sense — isn’t it? ‘Yes.’')).toEqual([
      'printing',
      'in',
      'the',
      'only',
      'sense',
      "isn't",
      'it',
      'yes',
    ]);
  });

  it('counts substitutions, deletions and insertions', () => {
    expect(wordErrors(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(0);
    expect(wordErrors(['a', 'b', 'c'], ['a', 'x', 'c'])).toBe(1);
    expect(wordErrors(['a', 'b', 'c'], ['a', 'c'])).toBe(1);
    expect(wordErrors(['a', 'b'], ['a', 'b', 'c', 'd'])).toBe(2);
    expect(wordErrors([], ['a'])).toBe(1);
    expect(wer('Hello there, world.', 'hello world')).toEqual({ errors: 1, words: 3 });
  });
});
