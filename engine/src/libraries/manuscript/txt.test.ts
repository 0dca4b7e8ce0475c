import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { extractPlainText } from './extract.ts';
import { decodeText } from './txt.ts';

const wrap = (text: string, width = 66): string => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
};

const para = (seed: string): string =>
  wrap(
    `${seed} walked slowly along the river, where the water ran dark and cold beneath the old stone bridge, and the evening bells rang over the roofs of the sleeping town.`,
  );

function kinds(text: string): Array<[string, string]> {
  return extractPlainText(text).chapters.map((c) => [c.kind, c.title]);
}

describe('extractPlainText', () => {
  it('finds English chapters with titles and joins hard-wrapped lines', () => {
    const text = `CHAPTER I.\nDown the Rabbit-Hole\n\n${para('Alice')}\n\n${para('The Rabbit')}\n\n\nCHAPTER II.\nThe Pool of Tears\n\n${para('She')}\n`;
    const book = extractPlainText(text);
    expect(book.chapters.map((c) => c.title)).toEqual([
      'CHAPTER I. Down the Rabbit-Hole',
      'CHAPTER II. The Pool of Tears',
    ]);
    expect(book.chapters[0]?.paragraphs[0]).toBe(
      'Alice walked slowly along the river, where the water ran dark and cold beneath the old stone bridge, and the evening bells rang over the roofs of the sleeping town.',
    );
    expect(book.language).toBe('en');
  });

  it('finds Italian chapters (CAPITOLO) and guesses the language', () => {
    const it1 = wrap(
      'Il vecchio pescatore guardava il mare che si muoveva lento sotto la luna, e non diceva niente a nessuno della sua giornata.',
    );
    const text = `CAPITOLO PRIMO\n\n${it1}\n\n${it1}\n\nCAPITOLO SECONDO\n\n${it1}\n\nCAPITOLO TERZO\n\n${it1}`;
    expect(kinds(text)).toEqual([
      ['chapter', 'CAPITOLO PRIMO'],
      ['chapter', 'CAPITOLO SECONDO'],
      ['chapter', 'CAPITOLO TERZO'],
    ]);
    expect(extractPlainText(text).language).toBe('it');
  });

  it('finds German parts in roman numerals and keeps »dialogue« paragraphs apart', () => {
    const de = wrap(
      'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett zu einem ungeheueren Ungeziefer verwandelt, und er wusste nicht, was mit ihm geschehen war.',
    );
    const text = `DIE VERWANDLUNG\n\nVON\n\nFRANZ KAFKA\n\nI.\n\n${de}\n\n»Was ist mit mir geschehen?« dachte er.\n»Es war kein Traum.«\n\nII.\n\n${de}\n\nIII.\n\n${de}\n`;
    const book = extractPlainText(text);
    expect(book.chapters.map((c) => [c.kind, c.title])).toEqual([
      ['front_matter', 'Vorspann'],
      ['chapter', 'I.'],
      ['chapter', 'II.'],
      ['chapter', 'III.'],
    ]);
    expect(book.chapters[1]?.paragraphs.slice(1)).toEqual([
      '»Was ist mit mir geschehen?« dachte er.',
      '»Es war kein Traum.«',
    ]);
    expect(book).toMatchObject({ title: 'Die Verwandlung', author: 'Franz Kafka', language: 'de' });
  });

  it('sets the Project Gutenberg header and licence aside as skippable sections', () => {
    const text = [
      'The Project Gutenberg eBook of Persuasion, by Jane Austen',
      'This eBook is for the use of anyone anywhere at no cost and with almost no restrictions whatsoever.',
      'Title: Persuasion\nAuthor: Jane Austen\nLanguage: English',
      '*** START OF THE PROJECT GUTENBERG EBOOK PERSUASION ***',
      'Contents',
      'Chapter 1\nChapter 2',
      'Chapter 1',
      para('Sir Walter'),
      'Chapter 2',
      para('Anne'),
      'Finis',
      '*** END OF THE PROJECT GUTENBERG EBOOK PERSUASION ***',
      'Section 1. General Terms of Use and Redistributing Project Gutenberg electronic works',
      para('Project Gutenberg volunteers'),
    ].join('\n\n');
    const book = extractPlainText(text);
    expect(book.chapters.map((c) => [c.kind, c.title])).toEqual([
      ['front_matter', 'Project Gutenberg header'],
      ['front_matter', 'Front matter'],
      ['chapter', 'Chapter 1'],
      ['chapter', 'Chapter 2'],
      ['back_matter', 'Project Gutenberg licence'],
    ]);
    expect(book).toMatchObject({ title: 'Persuasion', author: 'Jane Austen', language: 'en' });
    expect(book.warnings.join(' ')).toMatch(/Project Gutenberg/);
  });

  it('makes text without headings one chapter, and accepts a title', () => {
    const book = extractPlainText('Just one short paragraph of pasted text.', {
      title: 'My Story',
    });
    expect(book.title).toBe('My Story');
    expect(book.chapters).toEqual([
      {
        title: 'Chapter 1',
        kind: 'chapter',
        paragraphs: ['Just one short paragraph of pasted text.'],
      },
    ]);
    expect(extractPlainText('Chapter 1\n\nText.').chapters).toEqual([
      { title: 'Chapter 1', kind: 'chapter', paragraphs: ['Text.'] },
    ]);
  });

  it('refuses empty text with a validation error', () => {
    for (const text of ['', '   \n\n \t ']) {
      expect(() => extractPlainText(text)).toThrow(AppError);
      try {
        extractPlainText(text);
      } catch (error) {
        expect((error as AppError).code).toBe('validation_error');
      }
    }
    expect(() => extractPlainText('* * *\n\n———')).toThrow(/no readable text/);
  });

  it('decodes UTF-8, UTF-16 and Windows-1252 files, with any line endings', () => {
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0x63, 0x61, 0x66, 0xc3, 0xa9]))).toBe('café');
    expect(decodeText(Buffer.from([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]))).toBe('hi');
    expect(decodeText(Buffer.from([0x93, 0x63, 0x61, 0x66, 0xe9, 0x94]))).toBe('“café”');
    const book = extractPlainText(
      'Chapter 1\r\n\r\nThe first line of a paragraph, long enough to wrap\r\nonto a second.\r\n\r\nChapter 2\r\rMore text.\r',
    );
    expect(book.chapters.map((c) => c.paragraphs)).toEqual([
      ['The first line of a paragraph, long enough to wrap onto a second.'],
      ['More text.'],
    ]);
  });
});
