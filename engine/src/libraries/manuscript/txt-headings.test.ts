import { describe, expect, it } from 'vitest';
import { chapterLabel, parseNumberToken, parseRoman } from './txt-headings.ts';

describe('chapter labels', () => {
  it.each([
    ['CHAPTER I.', 'chapter', 1, null],
    ['CHAPTER I. Down the Rabbit-Hole', 'chapter', 1, 'Down the Rabbit-Hole'],
    ['Chapter 12: The Storm', 'chapter', 12, 'The Storm'],
    ['CHAPTERXXVII.', 'chapter', 27, null],
    ['Chapter the Fourth', 'chapter', 4, null],
    ['CHAPTER TWENTY-ONE', 'chapter', 21, null],
    ['Letter 4', 'chapter', 4, null],
    ['Adventure XII', 'chapter', 12, null],
    // Italian
    ['CAPITOLO PRIMO', 'chapter', 1, null],
    ['Capitolo 3', 'chapter', 3, null],
    ['Capitolo XIV. La tempesta', 'chapter', 14, 'La tempesta'],
    ['Parte seconda', 'part', 2, null],
    // German
    ['Kapitel 3', 'chapter', 3, null],
    ['Erstes Kapitel', 'chapter', 1, null],
    ['3. Kapitel', 'chapter', 3, null],
    ['Zwölftes Kapitel', 'chapter', 12, null],
    ['Teil II', 'part', 2, null],
    // French, Spanish
    ['Chapitre premier', 'chapter', 1, null],
    ['Capítulo tres', 'chapter', 3, null],
    // Parts, specials, bare numerals
    ['BOOK ONE', 'part', 1, null],
    ['Part II. The Return', 'part', 2, 'The Return'],
    ['I.', 'numeral', 1, null],
    ['XIV', 'numeral', 14, null],
    ['IV. The Storm', 'numeral', 4, 'The Storm'],
    ['12.', 'numeral', 12, null],
    ['II The Little Shop-Window', 'numeral', 2, 'The Little Shop-Window'],
    ['01 My Early Home', 'numeral', 1, 'My Early Home'],
    ['[ 3 ]', 'numeral', 3, null],
    ['— II —', 'numeral', 2, null],
    ['_Chapter II_', 'chapter', 2, null],
    ['_Twenty-one_', 'numeral', 21, null],
    ['PROLOGUE', 'special', null, null],
    ['Epilog', 'special', null, null],
    ['Epilogo', 'special', null, null],
  ])('%s', (line, type, n, title) => {
    expect(chapterLabel(line)).toEqual({ type, n, title });
  });

  it('splits number words glued to a title, as PDF outlines write them', () => {
    expect(chapterLabel('CHAPTER ONETHE EVE OF THE WAR')).toEqual({
      type: 'chapter',
      n: 1,
      title: 'THE EVE OF THE WAR',
    });
    expect(chapterLabel('CHAPTER TENTHE EPILOGUE')?.n).toBe(10);
    expect(chapterLabel('CHAPTER SEVENTEENTHE THUNDER CHILD')?.n).toBe(17);
  });

  it.each([
    'I am not a heading.',
    'In the beginning was the word',
    'It was the best of times, it was the worst of times.',
    'Chaplain Jones arrived',
    'Part of the problem was the rain',
    'Book',
    'MIX the flour',
    '',
  ])('is not fooled by %j', (line) => {
    expect(chapterLabel(line)).toBeNull();
  });

  it('parses roman numerals strictly and number tokens in several languages', () => {
    expect(parseRoman('XLIX')).toBe(49);
    expect(parseRoman('MCMXC')).toBe(1990);
    expect(parseRoman('IIII')).toBeNull();
    expect(parseRoman('VX')).toBeNull();
    expect(parseNumberToken('xii.')).toBe(12);
    expect(parseNumberToken('Forty-Two')).toBe(42);
    expect(parseNumberToken('dodicesimo')).toBe(12);
    expect(parseNumberToken('siebtes')).toBe(7);
    expect(parseNumberToken('word')).toBeNull();
  });
});
