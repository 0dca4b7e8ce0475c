import { describe, expect, it } from 'vitest';
import { hyphenDecision, repairSplitWords, Vocabulary } from './hyphenation.ts';

/** An English book's vocabulary (the dictionary is used for English text only). */
function english(extra = ''): Vocabulary {
  const v = new Vocabulary();
  v.add(
    `the man and the woman of the town went out of the house and the garden of the inn and ${extra}`,
  );
  return v;
}

describe('hyphenDecision', () => {
  it('follows the book first: a word it writes whole, or a compound it writes mid-line', () => {
    const v = english('a wonderful self-made fortune; he bowed');
    expect(hyphenDecision('won', 'derful', v, 'plain')).toBe('join');
    expect(hyphenDecision('self', 'made', v, 'typeset')).toBe('keep');
  });

  it('then the English dictionary: a known word joins, two known halves stay a compound', () => {
    const v = english();
    expect(hyphenDecision('straw', 'berries', v, 'typeset')).toBe('join');
    expect(hyphenDecision('beauti', 'ful', v, 'plain')).toBe('join');
    expect(hyphenDecision('well', 'known', v, 'typeset')).toBe('keep');
    expect(hyphenDecision('self', 'possessed', v, 'typeset')).toBe('keep');
  });

  it('else the kind of text: typeset joins a lower-case continuation, plain keeps the hyphen', () => {
    const italian = new Vocabulary();
    italian.add('il signore e la signora della casa');
    expect(hyphenDecision('scri', 'vania', italian, 'typeset')).toBe('join');
    expect(hyphenDecision('scri', 'vania', italian, 'plain')).toBe('keep');
    expect(hyphenDecision('Anglo', 'Saxon', null, 'typeset')).toBe('keep');
  });
});

describe('repairSplitWords', () => {
  it('joins "straw- berries" inside a line, keeps compounds and suspended hyphens', () => {
    expect(
      repairSplitWords('the straw- berries, a well- known man, pre- and post-war', english()),
    ).toBe('the strawberries, a well-known man, pre- and post-war');
  });
});
