import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { extractManuscript } from './extract.ts';
import { makeEpub, zip, type FixtureChapter } from './test-fixtures/books.ts';
import { tempFile } from './test-fixtures/files.ts';

const chapters: FixtureChapter[] = ['One', 'Two', 'Three'].map((n, i) => ({
  title: `Chapter ${n}`,
  paragraphs: [
    `It was the ${n.toLowerCase()} morning of the voyage, and the sea lay flat and grey under a low sky.`,
    `“Are we there yet?” asked Mia.`,
    `“Not yet,” said her father, and he pointed at the line of the coast, ${i + 1} miles away.`,
  ],
}));

async function extract(data: Buffer, name = 'book.epub') {
  return extractManuscript(tempFile(data, name), { filename: name });
}

async function refusal(data: Buffer, name = 'book.epub'): Promise<AppError> {
  try {
    await extract(data, name);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the EPUB to be refused');
}

describe('EPUB', () => {
  it('reads metadata, spine order and nav titles; paragraphs come out clean', async () => {
    const book = await extract(
      makeEpub(chapters, { title: 'The Crossing', author: 'Ada Writer', language: 'en-GB' }),
    );
    expect(book).toMatchObject({
      format: 'epub',
      title: 'The Crossing',
      author: 'Ada Writer',
      language: 'en',
    });
    expect(book.chapters.map((c) => [c.kind, c.title])).toEqual([
      ['chapter', 'Chapter One'],
      ['chapter', 'Chapter Two'],
      ['chapter', 'Chapter Three'],
    ]);
    expect(book.chapters[0]?.paragraphs).toEqual(chapters[0]?.paragraphs);
  });

  it('makes the title page, contents and Gutenberg boilerplate skippable', async () => {
    const book = await extract(makeEpub(chapters, { matter: true }));
    const kinds = book.chapters.map((c) => c.kind);
    expect(kinds.filter((k) => k === 'chapter')).toHaveLength(3);
    expect(kinds[0]).toBe('front_matter');
    expect(kinds[kinds.length - 1]).toBe('back_matter');
    const narrated = book.chapters
      .filter((c) => c.kind === 'chapter')
      .flatMap((c) => c.paragraphs)
      .join(' ');
    expect(narrated).not.toMatch(/Gutenberg|Contents/);
  });

  it('cuts one file into chapters at the nav’s #fragment anchors', async () => {
    const book = await extract(makeEpub(chapters, { oneFile: true }));
    expect(book.chapters.map((c) => [c.title, c.paragraphs.length])).toEqual([
      ['Chapter One', 3],
      ['Chapter Two', 3],
      ['Chapter Three', 3],
    ]);
  });

  it('reads an EPUB 2 table of contents (NCX)', async () => {
    const book = await extract(makeEpub(chapters, { nav: 'ncx', oneFile: true }));
    expect(book.chapters.map((c) => c.title)).toEqual([
      'Chapter One',
      'Chapter Two',
      'Chapter Three',
    ]);
  });

  it('falls back to headings when the book has no navigation', async () => {
    const book = await extract(makeEpub(chapters, { nav: 'none' }));
    expect(book.chapters.map((c) => c.title)).toEqual([
      'Chapter One',
      'Chapter Two',
      'Chapter Three',
    ]);
    expect(book.warnings.join(' ')).toMatch(/no usable table of contents/);
  });

  it('refuses an EPUB without a spine, or without a package document', async () => {
    const noSpine = await refusal(makeEpub(chapters, { spine: false }));
    expect(noSpine.code).toBe('unsupported_media');
    expect(noSpine.message).toMatch(/no spine/);
    const noOpf = await refusal(
      zip(
        [
          ['mimetype', 'application/epub+zip'],
          ['OEBPS/c1.xhtml', '<p>hi</p>'],
        ],
        true,
      ),
    );
    expect(noOpf.message).toMatch(/no package document/);
  });

  it('refuses a zip bomb before it fills memory', async () => {
    const bomb = zip(
      [
        ['mimetype', 'application/epub+zip'],
        [
          'META-INF/container.xml',
          '<container><rootfiles><rootfile full-path="c.opf"/></rootfiles></container>',
        ],
        [
          'c.opf',
          '<package><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/></spine></package>',
        ],
        ['a.xhtml', new Uint8Array(40 * 1024 * 1024).fill(0x20)],
      ],
      true,
    );
    const error = await refusal(bomb);
    expect(error.code).toBe('payload_too_large');
  });

  it('does not narrate page numbers or note references', async () => {
    const custom = zip(
      [
        ['mimetype', 'application/epub+zip'],
        [
          'META-INF/container.xml',
          '<container><rootfiles><rootfile full-path="c.opf"/></rootfiles></container>',
        ],
        [
          'c.opf',
          '<package><metadata><title>T</title></metadata><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/></spine></package>',
        ],
        [
          'a.xhtml',
          '<html xmlns:epub="http://www.idpf.org/2007/ops"><body><h1>Chapter One</h1><p>The ship<span epub:type="pagebreak" title="12">12</span> sailed at dawn.<a epub:type="noteref" href="#n1">1</a> It&nbsp;was cold.</p><p><span class="pagenum">[Pg 13]</span>Then the wind rose.</p></body></html>',
        ],
      ],
      true,
    );
    const book = await extract(custom);
    expect(book.chapters[0]?.paragraphs).toEqual([
      'The ship sailed at dawn. It was cold.',
      'Then the wind rose.',
    ]);
  });
});
