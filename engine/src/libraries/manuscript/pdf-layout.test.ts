import { describe, expect, it } from 'vitest';
import { Vocabulary } from './paragraphs.ts';
import { linesToBlocks, measureLayout, removePageFurniture } from './pdf-layout.ts';
import { pageLines, type PdfItem, type PdfLine } from './pdf-lines.ts';

/** Items with a width of 5 units per character, as a monospaced stand-in for real fonts. */
function item(str: string, x: number, y: number, size = 10): PdfItem {
  return { str, x, y, size, width: str.length * size * 0.5 };
}

function line(page: number, text: string, y: number, x = 72, size = 10): PdfLine {
  return { page, text, y, x0: x, x1: x + text.length * size * 0.5, size };
}

describe('pageLines', () => {
  it('joins items on one baseline left to right, restoring spaces from gaps', () => {
    const lines = pageLines(
      [item('world', 110, 700), item('Hello', 72, 700.4), item('Next line', 72, 686)],
      0,
    );
    expect(lines.map((l) => l.text)).toEqual(['Hello world', 'Next line']);
  });

  it('puts a drop capital back at the start of its word, or before it', () => {
    const to = pageLines(
      [
        item('T', 72, 650, 40),
        item('O Sherlock Holmes she is', 92.2, 678),
        item('the woman, he said.', 92, 664),
        item('and more text here', 72, 636),
      ],
      0,
    );
    expect(to[0]?.text).toBe('TO Sherlock Holmes she is');
    const i = pageLines(
      [
        item('I', 72, 650, 40),
        item('HAD called upon my friend', 95, 678),
        item('one day', 92, 664),
      ],
      0,
    );
    expect(i[0]?.text).toBe('I HAD called upon my friend');
  });

  it('drops superscript note markers but keeps numbers in the text', () => {
    const lines = pageLines([item('It was 1888 in London', 72, 700), item('12', 180, 704, 6)], 0);
    expect(lines[0]?.text).toBe('It was 1888 in London');
  });

  it('reads a two-column poem column by column', () => {
    const items = ['one', 'two', 'three', 'four'].flatMap((w, k) => [
      item(`Left line ${w} of the poem`, 72, 700 - k * 14),
      item(`Right line ${w} of the poem`, 330, 700 - k * 14 - (k === 2 ? 5 : 0)),
    ]);
    const texts = pageLines(items, 0).map((l) => l.text);
    expect(texts.slice(0, 4).every((t) => t.startsWith('Left'))).toBe(true);
    expect(texts.slice(4).every((t) => t.startsWith('Right'))).toBe(true);
  });
});

describe('removePageFurniture', () => {
  const body = (page: number, from: number, n: number): PdfLine[] =>
    Array.from({ length: n }, (_, k) =>
      line(page, `Body text line ${k} of page ${page} goes on and on here.`, from - k * 14),
    );

  it('removes running headers, page numbers and footnotes, and keeps the text', () => {
    const pages = [0, 1, 2, 3].map((p) => [
      line(
        p,
        p % 2 ? `CHAPTER I. DOWN THE RABBIT-HOLE ${p + 5}` : `${p + 5} ALICE’S ADVENTURES`,
        760,
      ),
      ...body(p, 720, 10),
      line(p, '1 A footnote in small type.', 560, 72, 7),
      line(p, `– ${p + 5} –`, 40),
    ]);
    const layout = measureLayout(pages.flat());
    const kept = removePageFurniture(pages, layout);
    for (const page of kept) {
      expect(page).toHaveLength(10);
      expect(page.every((l) => l.text.startsWith('Body text'))).toBe(true);
    }
  });

  it('removes a repeated book-title header that carries no number', () => {
    const pages = [0, 1, 2, 3, 4].map((p) => [
      line(p, 'The War of the Worlds', 760),
      ...body(p, 720, 8),
      line(p, `${p + 1} of 293`, 40),
    ]);
    const kept = removePageFurniture(pages, measureLayout(pages.flat()));
    expect(kept.flat().some((l) => /War of the Worlds|of 293/.test(l.text))).toBe(false);
  });

  it('keeps a chapter heading at the top of its page', () => {
    const pages = [
      [line(0, 'Chapter I', 700, 72, 24), ...body(0, 640, 10)],
      ...[1, 2, 3].map((p) => body(p, 720, 10)),
    ];
    const kept = removePageFurniture(pages, measureLayout(pages.flat()));
    expect(kept[0]?.[0]?.text).toBe('Chapter I');
  });

  it('drops hair-thin producer stamps', () => {
    const pages = [[line(0, 'eBook brought to you by', 780, 400, 3), ...body(0, 720, 5)]];
    const kept = removePageFurniture(pages, measureLayout(pages.flat()));
    expect(kept[0]?.some((l) => l.text.includes('eBook'))).toBe(false);
  });
});

describe('linesToBlocks', () => {
  it('makes paragraphs at indents, headings from larger type, and rejoins hyphenated words across pages', () => {
    const lines: PdfLine[] = [
      line(0, 'Chapter I', 700, 72, 24),
      line(0, 'Down the Rabbit-Hole', 670, 72, 24),
      line(0, 'Alice was beginning to get very tired of sitting by her sis-', 620),
      line(0, 'ter on the bank, and of having nothing to do. Once or twice she had won-', 606),
      line(1, 'dered what the book was about, without pictures.', 740),
      line(1, '‘What is the use of a book,’ thought Alice, ‘without pictures or', 726, 90),
      line(1, 'conversations?’', 712),
      line(1, '‘Bingley.’', 698, 90),
      line(1, '‘Is he married?’', 684, 90),
      line(1, 'So she was considering in her own mind whether the pleasure of a three-', 670, 90),
      line(1, 'legged table was worth it; a three-legged table is rare.', 656),
    ];
    const layout = measureLayout(lines);
    const vocabulary = new Vocabulary();
    for (const l of lines) vocabulary.add(l.text);
    const blocks = linesToBlocks(lines, layout, vocabulary);
    expect(blocks.map((b) => [b.heading ?? 0, b.text])).toEqual([
      [1, 'Chapter I'],
      [1, 'Down the Rabbit-Hole'],
      [
        0,
        'Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do. Once or twice she had wondered what the book was about, without pictures.',
      ],
      [0, '‘What is the use of a book,’ thought Alice, ‘without pictures or conversations?’'],
      [0, '‘Bingley.’'],
      [0, '‘Is he married?’'],
      [
        0,
        'So she was considering in her own mind whether the pleasure of a three-legged table was worth it; a three-legged table is rare.',
      ],
    ]);
  });
});
