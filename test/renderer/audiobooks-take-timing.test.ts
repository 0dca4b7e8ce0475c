// The pure side of take playback (renderer/src/features/audiobooks/take-timing.ts): which word
// is spoken at a playhead time, the text cut into highlightable pieces, take URLs made absolute.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TakeTiming } from '../../renderer/src/features/audiobooks/narration-types.ts';
import {
  absoluteUrl,
  formatTakeTime,
  highlightUnits,
  takeSpeed,
  textPieces,
  unitAt,
} from '../../renderer/src/features/audiobooks/take-timing.ts';

const TEXT = 'The keeper climbed. He looked out.';
function word(text_offset: number, text_length: number, start_seconds: number): TakeTiming {
  return { kind: 'word', text_offset, text_length, start_seconds };
}
const WORDS: TakeTiming[] = [
  word(0, 3, 0.05),
  word(4, 6, 0.3),
  word(11, 7, 0.72),
  word(20, 2, 1.6),
  word(23, 6, 1.8),
  word(30, 3, 2.25),
];
const SENTENCES: TakeTiming[] = [
  { kind: 'sentence', text_offset: 20, text_length: 14, start_seconds: 1.6 },
  { kind: 'sentence', text_offset: 0, text_length: 19, start_seconds: 0 },
];

describe('take timing', () => {
  it('follows words when the engine gave word timings, else sentences, in time order', () => {
    expect(highlightUnits([...SENTENCES, ...WORDS])).toEqual(WORDS);
    expect(highlightUnits(SENTENCES).map((s) => s.start_seconds)).toEqual([0, 1.6]);
    expect(highlightUnits([])).toEqual([]);
  });

  it('finds the word being spoken at a playhead time', () => {
    expect(unitAt(WORDS, 0)).toBe(-1); // before the first word starts
    expect(unitAt(WORDS, 0.05)).toBe(0);
    expect(unitAt(WORDS, 0.5)).toBe(1);
    expect(unitAt(WORDS, 0.72)).toBe(2);
    expect(unitAt(WORDS, 1.7)).toBe(3);
    expect(unitAt(WORDS, 99)).toBe(5); // the last word stays lit after the end
    expect(unitAt([], 1)).toBe(-1);
  });

  it('agrees with a linear scan for any sorted timings and time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: 0, max: 100, noNaN: true }), { maxLength: 40 }),
        fc.float({ min: -1, max: 101, noNaN: true }),
        (starts, time) => {
          const units = [...starts].sort((a, b) => a - b).map((s, i) => word(i, 1, s));
          let expected = -1;
          units.forEach((unit, i) => {
            if (unit.start_seconds <= time) expected = i;
          });
          expect(unitAt(units, time)).toBe(expected);
        },
      ),
    );
  });

  it('cuts the text into word pieces and the text between them', () => {
    const pieces = textPieces(TEXT, WORDS);
    expect(pieces.map((p) => p.text).join('')).toBe(TEXT);
    expect(pieces.filter((p) => p.unit !== null).map((p) => p.text)).toEqual([
      'The',
      'keeper',
      'climbed',
      'He',
      'looked',
      'out',
    ]);
    expect(pieces.find((p) => p.text === 'looked')?.unit).toBe(4);
  });

  it('never loses or repeats text for overlapping or out-of-range timings', () => {
    const odd = [word(0, 10, 0), word(4, 3, 0.2), word(50, 4, 1), word(30, 99, 2)];
    const pieces = textPieces(TEXT, odd);
    expect(pieces.map((p) => p.text).join('')).toBe(TEXT);
    expect(pieces.find((p) => p.unit === 1)).toBeUndefined(); // inside the first: left plain
    expect(pieces.at(-1)).toEqual({ text: 'out.', unit: 3 }); // clipped to the text's end
  });

  it('makes origin-relative take URLs absolute and leaves absolute ones alone', () => {
    const signed = '/api/v1/downloads/abc?expires=1&signature=x';
    expect(absoluteUrl('', signed)).toBe(signed);
    expect(absoluteUrl('http://127.0.0.1:7341/', signed)).toBe(`http://127.0.0.1:7341${signed}`);
    expect(absoluteUrl('http://127.0.0.1:7341', 'api/x')).toBe('http://127.0.0.1:7341/api/x');
    expect(absoluteUrl('http://a', 'http://127.0.0.1:9/x.mp3')).toBe('http://127.0.0.1:9/x.mp3');
  });

  it('reads the speed a take was made at and formats take times', () => {
    expect(takeSpeed({ settings: { speed: 1.25 } })).toBe(1.25);
    expect(takeSpeed({ settings: {} })).toBe(1);
    expect(takeSpeed({ settings: { speed: 'fast' } })).toBe(1);
    expect(formatTakeTime(7.44)).toBe('0:07.4');
    expect(formatTakeTime(65.06)).toBe('1:05.1');
    expect(formatTakeTime(59.97)).toBe('0:59.9');
    expect(formatTakeTime(Number.NaN)).toBe('–');
  });
});
