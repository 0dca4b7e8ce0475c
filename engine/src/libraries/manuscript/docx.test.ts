import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { extractManuscript } from './extract.ts';
import { makeDocx, zip, type DocxParagraph } from './test-fixtures/books.ts';
import { tempFile } from './test-fixtures/files.ts';

const body = (seed: string): DocxParagraph[] => [
  {
    text: `${seed} opened the door and looked out over the wet fields towards the distant line of the hills.`,
  },
  { text: '“Is anyone there?” she called.' },
  { text: 'Nobody answered.' },
];

async function extract(data: Buffer, name = 'book.docx') {
  return extractManuscript(tempFile(data, name), { filename: name });
}

describe('DOCX', () => {
  it('cuts at heading styles, folds part headings in, and reads core properties', async () => {
    const book = await extract(
      makeDocx(
        [
          { text: 'The Long Road', style: 'Title' },
          { text: 'Part One', style: 'Heading1' },
          { text: 'Chapter 1: Departure', style: 'Heading2' },
          ...body('Anna'),
          { text: 'Chapter 2: The Inn', style: 'Heading2', pageBreakBefore: true },
          ...body('Mara'),
          { text: 'A Scene Break', style: 'Heading3' },
          { text: 'The inn was quiet after midnight, and the fire had burned down to a red glow.' },
          { text: 'Part Two', style: 'Heading1' },
          { text: 'Chapter 3: Home', style: 'ChapterHead' },
          ...body('Lena'),
        ],
        { title: 'The Long Road', creator: 'Ada Writer', lang: 'it-IT' },
      ),
    );
    expect(book).toMatchObject({
      format: 'docx',
      title: 'The Long Road',
      author: 'Ada Writer',
      language: 'it',
    });
    expect(book.chapters.filter((c) => c.kind === 'chapter').map((c) => c.title)).toEqual([
      'Part One. Chapter 1: Departure',
      'Chapter 2: The Inn',
      'Part Two. Chapter 3: Home',
    ]);
    expect(book.chapters.find((c) => c.title === 'Chapter 2: The Inn')?.paragraphs).toContain(
      'A Scene Break',
    );
  });

  it('finds chapters typed as plain paragraphs, and skips the contents list', async () => {
    const book = await extract(
      makeDocx([
        { text: 'CONTENTS' },
        { text: 'Letter 1' },
        { text: 'Letter 2' },
        { text: 'Chapter 1' },
        { text: 'Letter 1' },
        ...body('Walton'),
        { text: 'Letter 2' },
        ...body('Walton again'),
        { text: 'Chapter 1' },
        ...body('Victor'),
        { text: 'CHAPTERII.' },
        ...body('Victor again'),
      ]),
    );
    expect(book.chapters.map((c) => [c.kind, c.title])).toEqual([
      ['front_matter', 'Front matter'],
      ['chapter', 'Letter 1'],
      ['chapter', 'Letter 2'],
      ['chapter', 'Chapter 1'],
      ['chapter', 'CHAPTERII.'],
    ]);
  });

  it('keeps line breaks inside a paragraph as spaces and ignores empty paragraphs', async () => {
    const book = await extract(
      makeDocx([
        { text: 'Chapter 1', style: 'Heading1' },
        { text: 'Roses are red,\nviolets are blue.' },
        { text: '   ' },
      ]),
    );
    expect(book.chapters[0]?.paragraphs).toEqual(['Roses are red, violets are blue.']);
  });

  it('refuses a DOCX that is really a PNG, and a zip that is no Word document', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await expect(extract(png)).rejects.toMatchObject({
      code: 'unsupported_media',
      message: expect.stringMatching(/PNG image/),
    });
    const notWord = zip([
      ['[Content_Types].xml', '<Types/>'],
      ['hello.txt', 'hi'],
    ]);
    const error = await extract(notWord).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/not a Word document/);
  });
});
