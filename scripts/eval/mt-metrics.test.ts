// chrF and BLEU against sacreBLEU 2.6.0's corpus_chrf / corpus_bleu with default settings on the
// same three sentence pairs (86.3535 and 74.1297, computed with the PyPI package).
import { describe, expect, it } from 'vitest';
import { corpusBleu, corpusChrf } from './mt-metrics.ts';

const hyps = [
  'the cat sat on the mat .',
  'hello world, good morning!',
  'Das ist ein kleiner Test.',
];
const refs = [
  'the cat is on the mat .',
  'hello world, good morning!',
  'Dies ist ein kleiner Test.',
];

describe('translation metrics', () => {
  it('match sacreBLEU', () => {
    expect(corpusChrf(hyps, refs)).toBeCloseTo(86.3535, 3);
    expect(corpusBleu(hyps, refs)).toBeCloseTo(74.1297, 3);
  });
  it('give 100 for identical text and 0 for nothing shared', () => {
    expect(corpusChrf(refs, refs)).toBeCloseTo(100, 6);
    expect(corpusBleu(refs, refs)).toBeCloseTo(100, 6);
    expect(corpusBleu(['zzz qqq'], ['the cat'])).toBe(0);
  });
});
