import { describe, expect, it } from 'vitest';
import type { TtsTiming } from '../../voices/index.ts';
import { splitWords, spokenSpans } from './word-spans.ts';

const word = (textOffset: number, textLength: number, startSeconds: number): TtsTiming => ({
  kind: 'word',
  textOffset,
  textLength,
  startSeconds,
});

describe('word spans', () => {
  it('splits words, keeping inner apostrophes, hyphens and decimals', () => {
    expect(splitWords("Don't re-read 3.5 pages, général!").map((w) => w.text)).toEqual([
      "Don't",
      're-read',
      '3.5',
      'pages',
      'général',
    ]);
  });

  it('gives every word a span: numbers spoken as several words, two words spoken as one', () => {
    const text = 'In 1455 of the year';
    const words = splitWords(text);
    // eSpeak: one event per spoken number word, none for "the" (spoken with "of").
    const timings = [
      word(0, 2, 0),
      word(3, 4, 0.2),
      word(4, 4, 0.5),
      word(8, 2, 1.0),
      word(15, 4, 1.4),
    ];
    const energy = new Float32Array(200).fill(-20);
    const spans = spokenSpans(words, timings, 2, energy);
    expect(spans.map((s) => s.word)).toEqual([0, 1, 2, 3, 4]);
    expect(spans[1]).toMatchObject({ start: 0.2, end: 1.0 });
    // "of the" shares 1.0–1.4 by letters (2 : 3).
    expect(spans[2]!.start).toBe(1.0);
    expect(spans[2]!.end).toBeCloseTo(1.16, 5);
    expect(spans[3]!.end).toBeCloseTo(1.4, 5);
  });

  it("ends a word where eSpeak's sound stops, not at the next word after a pause", () => {
    const words = splitWords('Stop. Go');
    const energy = new Float32Array(150).fill(-20);
    energy.fill(-90, 40, 100); // silence from 0.40 s to 1.00 s
    const spans = spokenSpans(words, [word(0, 4, 0), word(6, 2, 1.0)], 1.5, energy);
    expect(spans[0]!.end).toBeCloseTo(0.4, 5);
  });
});
