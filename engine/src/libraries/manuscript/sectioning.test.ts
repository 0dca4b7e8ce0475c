import { describe, expect, it } from 'vitest';
import { sectionBlocks, stripTocDecorations } from './sectioning.ts';
import type { Block } from './types.ts';

const b = (text: string, heading?: number): Block => (heading ? { text, heading } : { text });
const prose = (seed: string, n = 3): Block[] =>
  Array.from({ length: n }, (_, i) =>
    b(
      `${seed} paragraph ${i}: the wind came in off the water and rattled the old shutters of the house again.`,
    ),
  );

const titles = (blocks: Block[]): Array<string | null> => sectionBlocks(blocks).map((s) => s.title);

describe('sectionBlocks', () => {
  it('uses the book’s own contents list to find headings that carry no number', () => {
    const blocks = [
      b('Contents'),
      b('STORY OF THE DOOR'),
      b('SEARCH FOR MR. HYDE'),
      b('THE LAST NIGHT'),
      b('STORY OF THE DOOR'),
      ...prose('one'),
      b('SEARCH FOR MR. HYDE'),
      ...prose('two'),
      b('THE LAST NIGHT'),
      ...prose('three'),
    ];
    expect(titles(blocks)).toEqual([
      null,
      'STORY OF THE DOOR',
      'SEARCH FOR MR. HYDE',
      'THE LAST NIGHT',
    ]);
    expect(sectionBlocks(blocks)[0]?.blocks.map((x) => x.text)).toEqual([
      'Contents',
      'STORY OF THE DOOR',
      'SEARCH FOR MR. HYDE',
      'THE LAST NIGHT',
    ]);
  });

  it('matches contents entries to shorter headings by their chapter number', () => {
    const blocks = [
      b('Contents'),
      b('CHAPTER I. Down the Rabbit-Hole'),
      b('CHAPTER II. The Pool of Tears'),
      b('CHAPTER III. A Caucus-Race'),
      b('CHAPTER I.'),
      ...prose('one'),
      b('CHAPTER II.'),
      ...prose('two'),
      b('CHAPTER III.'),
      ...prose('three'),
    ];
    expect(titles(blocks)).toEqual([null, 'CHAPTER I.', 'CHAPTER II.', 'CHAPTER III.']);
  });

  it('cuts at explicit heading levels, folding a part heading’s level in', () => {
    const blocks = [
      b('A Novel', 1),
      b('Part One', 1),
      b('The Beginning', 2),
      ...prose('a'),
      b('The Middle', 2),
      ...prose('b'),
      b('Part Two', 1),
      b('The End', 2),
      ...prose('c'),
    ];
    const sections = sectionBlocks(blocks);
    expect(sections.map((s) => s.title)).toEqual([
      'A Novel',
      'Part One',
      'The Beginning',
      'The Middle',
      'Part Two',
      'The End',
    ]);
    expect(sections.map((s) => s.blocks.length)).toEqual([0, 0, 3, 3, 0, 3]);
  });

  it('finds chapter patterns in plain paragraphs, with subtitles, in English, Italian and German', () => {
    expect(
      titles([
        b('CHAPTER I.'),
        b('Down the Rabbit-Hole'),
        ...prose('a'),
        b('CHAPTER II.'),
        ...prose('b'),
      ]),
    ).toEqual(['CHAPTER I. Down the Rabbit-Hole', 'CHAPTER II.']);
    expect(
      titles([b('CAPITOLO PRIMO'), ...prose('a'), b('CAPITOLO SECONDO'), ...prose('b')]),
    ).toEqual(['CAPITOLO PRIMO', 'CAPITOLO SECONDO']);
    expect(
      titles([b('Erstes Kapitel'), ...prose('a'), b('Zweites Kapitel'), ...prose('b')]),
    ).toHaveLength(2);
  });

  it('accepts bare roman numerals only when they count up', () => {
    expect(
      titles([
        b('DIE VERWANDLUNG'),
        b('I.'),
        ...prose('a'),
        b('II.'),
        ...prose('b'),
        b('III.'),
        ...prose('c'),
      ]),
    ).toEqual([null, 'I.', 'II.', 'III.']);
    expect(titles([...prose('a'), b('IV.'), ...prose('b'), b('IX'), ...prose('c')])).toEqual([
      null,
    ]);
  });

  it('lets numbering run on across parts, and ignores numbered scenes inside named chapters', () => {
    expect(
      titles([
        b('Book I'),
        b('I.'),
        ...prose('a'),
        b('II.'),
        ...prose('b'),
        b('Book II'),
        b('III.'),
        ...prose('c'),
      ]),
    ).toEqual(['Book I', 'I.', 'II.', 'Book II', 'III.']);
    expect(
      titles([
        b('CHAPTER I'),
        b('I'),
        ...prose('a'),
        b('II'),
        ...prose('b'),
        b('CHAPTER II'),
        ...prose('c'),
      ]),
    ).toEqual(['CHAPTER I', 'CHAPTER II']);
  });

  it('uses title lines after a wide gap when nothing else marks the stories', () => {
    const story = (seed: string): Block[] => prose(seed, 25);
    const blocks = [
      { ...b('THE SISTERS'), breakBefore: true },
      ...story('a'),
      { ...b('AN ENCOUNTER'), breakBefore: true },
      ...story('b'),
      { ...b('ARABY'), breakBefore: true },
      ...story('c'),
    ];
    expect(titles(blocks)).toEqual(['THE SISTERS', 'AN ENCOUNTER', 'ARABY']);
  });

  it('does not take a contents list for chapters', () => {
    const blocks = [
      b('Letter 1'),
      b('Letter 2'),
      b('Letter 3'),
      b('Letter 4'),
      b('Letter 1'),
      ...prose('a'),
      b('Letter 2'),
      ...prose('b'),
    ];
    const sections = sectionBlocks(blocks);
    expect(sections.map((s) => s.title)).toEqual([null, 'Letter 1', 'Letter 2']);
  });

  it('falls back to file boundaries, then to one section', () => {
    const docs = [
      { ...b('First file text here.'), breakBefore: true },
      ...prose('a'),
      { ...b('Second file.'), breakBefore: true },
      ...prose('b'),
    ];
    expect(sectionBlocks(docs)).toHaveLength(2);
    expect(sectionBlocks(prose('only', 5))).toEqual([{ title: null, blocks: prose('only', 5) }]);
  });

  it('strips bullets and page numbers from contents entries', () => {
    expect(stripTocDecorations('• A Scandal In Bohemia 3')).toBe('A Scandal In Bohemia');
    expect(stripTocDecorations('IV The Rabbit Sends in a Little Bill . . . . . 19')).toBe(
      'IV The Rabbit Sends in a Little Bill',
    );
    expect(stripTocDecorations('CHAPTER 12')).toBe('CHAPTER 12');
  });
});
