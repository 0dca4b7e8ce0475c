import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../errors.ts';
import { extractManuscript } from './extract.ts';
import { makePdf, typesetPages } from './test-fixtures/books.ts';
import { tempFile } from './test-fixtures/files.ts';

/** Two chapters of wrapped, indented prose with a syllable break at a line end. */
function book() {
  const wrapped = (seed: string) => [
    { text: `${seed} had never seen the sea before that summer, and when at last`, indent: true },
    { text: 'the road came over the hill and the whole bay lay open below, she' },
    { text: 'stopped the cart and sat quite still, and for a long time she won-' },
    { text: 'dered whether it was real.' },
    { text: '“Is that it?” she asked.', indent: true },
    { text: '“That is it,” said the driver, and he laughed at her face.', indent: true },
  ];
  const lines = (seed: string) => Array.from({ length: 6 }, () => wrapped(seed)).flat();
  return typesetPages(
    [
      { heading: 'The Bay', lines: lines('Maria') },
      { heading: 'The Town', lines: lines('Teresa') },
    ],
    20,
  );
}

async function extract(data: Buffer, options: { signal?: AbortSignal } = {}) {
  return extractManuscript(tempFile(data, 'book.pdf'), { filename: 'book.pdf', ...options });
}

describe('PDF', () => {
  it('follows the outline, removes running headers and page numbers, rejoins hyphenated words', async () => {
    const { pages, outline } = book();
    const result = await extract(
      makePdf(pages, outline, { title: 'Summer', author: 'Ada Writer' }),
    );
    expect(result).toMatchObject({
      format: 'pdf',
      title: 'Summer',
      author: 'Ada Writer',
      language: 'en',
    });
    expect(result.chapters.map((c) => [c.kind, c.title])).toEqual([
      ['chapter', 'The Bay'],
      ['chapter', 'The Town'],
    ]);
    const paragraphs = result.chapters[0]?.paragraphs ?? [];
    expect(paragraphs).toHaveLength(18);
    expect(paragraphs[0]).toBe(
      'Maria had never seen the sea before that summer, and when at last the road came over the hill and the whole bay lay open below, she stopped the cart and sat quite still, and for a long time she wondered whether it was real.',
    );
    expect(paragraphs[1]).toBe('“Is that it?” she asked.');
    const all = result.chapters.flatMap((c) => c.paragraphs).join(' ');
    expect(all).not.toMatch(/THE BAY \d|THE TOWN \d|\b[1-9]\b/);
  });

  it('finds chapters by type size when there is no outline', async () => {
    const { pages } = book();
    const result = await extract(makePdf(pages));
    expect(result.chapters.map((c) => c.title)).toEqual(['The Bay', 'The Town']);
  });

  it('keeps a title page and contents out of narration', async () => {
    const { pages, outline } = book();
    const front = [
      [
        { text: 'SUMMER', x: 200, y: 600, size: 36 },
        { text: 'by Ada Writer', x: 230, y: 540, size: 14 },
      ],
      [
        { text: 'Contents', x: 72, y: 700, size: 24 },
        { text: 'The Bay 3', x: 72, y: 650, size: 11 },
        { text: 'The Town 5', x: 72, y: 630, size: 11 },
      ],
    ];
    const shifted = outline.map((o) => ({ ...o, page: o.page + 2 }));
    const result = await extract(makePdf([...front, ...pages], shifted));
    expect(result.chapters.map((c) => c.kind)).toEqual(['front_matter', 'chapter', 'chapter']);
  });

  it('refuses a truncated PDF with a reason, and a PDF without text', async () => {
    const { pages, outline } = book();
    const pdf = makePdf(pages, outline);
    await expect(extract(pdf.subarray(0, Math.floor(pdf.length / 2)))).rejects.toMatchObject({
      code: 'unsupported_media',
      message: expect.stringMatching(/incomplete/),
    });
    await expect(extract(makePdf([[], []]))).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringMatching(/no text layer/),
    });
    const garbage = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(2000, 0x41),
      Buffer.from('\n%%EOF\n'),
    ]);
    await expect(extract(garbage)).rejects.toMatchObject({ code: 'unsupported_media' });
  });

  it('stops between pages when the job is cancelled', async () => {
    const { pages } = book();
    const controller = new AbortController();
    controller.abort();
    await expect(extract(makePdf(pages), { signal: controller.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
  });
});
