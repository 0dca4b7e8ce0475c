/**
 * A faithful small stand-in for the War of the Worlds PDF of issue 14 (the book itself is not in
 * the shared data): chapter titles in small capitals (each word's capital its own large item, so
 * that "A" of "AND SHEPPERTON" on the title's second line was once read as a drop capital and
 * moved, losing the line), and body text with
 * syllable breaks at line ends, true compounds broken at their hyphen, and a hyphen left with a
 * space inside a line ("straw- berries") as some PDF producers write it.
 */
import { describe, expect, it } from 'vitest';
import { extractManuscript } from './extract.ts';
import { makePdf, type PdfText } from './test-fixtures/books.ts';
import { tempFile } from './test-fixtures/files.ts';

/** Helvetica advance widths of the capitals (per 1000 em), to place small-capital runs. */
const WIDTH: Record<string, number> = {
  A: 667,
  C: 722,
  D: 722,
  E: 667,
  H: 722,
  I: 278,
  N: 722,
  O: 778,
  P: 667,
  R: 722,
  S: 667,
  T: 611,
  U: 722,
  W: 944,
  Y: 667,
  B: 667,
  G: 778,
  L: 556,
  ' ': 278,
};
const widthOf = (text: string, size: number) =>
  [...text].reduce((sum, c) => sum + (WIDTH[c] ?? 667), 0) * (size / 1000);

/**
 * A title line in small capitals: each word's first letter at 26 pt, the rest at 18 pt, each
 * run its own text item (as a PDF with a small-caps font gives them).
 */
function smallCaps(line: string, y: number): PdfText[] {
  const items: PdfText[] = [];
  let x = 40;
  for (const word of line.split(' ')) {
    items.push({ text: word[0] as string, x, y, size: 26 });
    x += widthOf(word[0] as string, 26);
    if (word.length > 1) {
      items.push({ text: word.slice(1), x, y, size: 18 });
      x += widthOf(word.slice(1), 18);
    }
    x += widthOf(' ', 18);
  }
  return items;
}

function body(lines: string[], top: number): PdfText[] {
  return lines.map((text, i) => ({ text, x: i === 0 ? 90 : 72, y: top - i * 14, size: 11 }));
}

const PROSE = [
  'After getting this grain of knowledge I went out into the garden, where',
  'the evening was still and the air smelt of the straw- berries that my wife',
  'had been gathering. Beyond the hedge the common lay open to the sand-',
  'pits, and I could see a well-known figure among the people there, the',
  'old grocer, who stood bareheaded and quite self-possessed, watching.',
  'The sky over Weybridge was a deep and beauti-',
  'ful blue, and nothing in the world seemed less likely than a',
  'war. Yet the little crowd was uneasy, and the talk was all of the',
  'cylinder and of the strange, ungainly creatures that had crawled out of',
  'it. I turned back into the house with a heavy heart, and sat for a',
  'long while by the window, thinking of what I had seen that day and',
  'wondering what the morning would bring to us all in this quiet place.',
];

function book(): Buffer {
  const pages: PdfText[][] = [];
  for (const [n, title] of [
    ['ELEVEN', ['IN THE WINDOW']],
    ['TWELVE', ['WHAT I SAW OF THE DESTRUCTION OF WEYBRIDGE', 'AND SHEPPERTON']],
  ] as const) {
    const page: PdfText[] = smallCaps(`CHAPTER ${n}`, 724);
    title.forEach((line, k) => page.push(...smallCaps(line, 690 - k * 26)));
    page.push(...body([...PROSE, ...PROSE], 600));
    pages.push(page);
  }
  return makePdf(pages);
}

describe('PDF: War of the Worlds layout', () => {
  it('keeps a chapter title wrapped over two lines, kerning split included', async () => {
    const result = await extractManuscript(tempFile(book(), 'wotw.pdf'), { filename: 'wotw.pdf' });
    expect(result.chapters.map((c) => c.title)).toEqual([
      'CHAPTER ELEVEN. IN THE WINDOW',
      'CHAPTER TWELVE. WHAT I SAW OF THE DESTRUCTION OF WEYBRIDGE AND SHEPPERTON',
    ]);
    const text = result.chapters.flatMap((c) => c.paragraphs).join('\n');
    expect(text).not.toMatch(/ND SHEPPERTON/);
  });

  it('rejoins syllable breaks and keeps compounds broken at their hyphen', async () => {
    const result = await extractManuscript(tempFile(book(), 'wotw.pdf'), { filename: 'wotw.pdf' });
    const text = result.chapters[1]?.paragraphs.join('\n') ?? '';
    expect(text).toContain('the strawberries that my wife');
    expect(text).toContain('the sandpits');
    expect(text).toContain('deep and beautiful blue');
    expect(text).toContain('a well-known figure');
    expect(text).toContain('quite self-possessed');
    expect(text).not.toMatch(/\p{L}- \p{L}/u);
  });
});
