import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { sniffFormat } from './sniff.ts';
import { makeDocx, makeEpub, makePdf } from './test-fixtures/books.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function refusal(head: Buffer, name: string): AppError {
  try {
    sniffFormat(head, name);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error(`expected ${name} to be refused`);
}

describe('sniffFormat', () => {
  it('recognises each format from its content', () => {
    expect(sniffFormat(makePdf([[{ text: 'x', x: 72, y: 700, size: 12 }]]), 'book.pdf')).toBe(
      'pdf',
    );
    expect(sniffFormat(makeEpub([{ title: 'One', paragraphs: ['Text.'] }]), 'book.epub')).toBe(
      'epub',
    );
    expect(sniffFormat(makeDocx([{ text: 'Hello' }]), 'Book.DOCX')).toBe('docx');
    expect(sniffFormat(Buffer.from('Chapter 1\n\nIt was a dark night.'), 'book.txt')).toBe('txt');
    expect(sniffFormat(Buffer.from('\ufeffUTF-8 with a BOM'), 'book.txt')).toBe('txt');
    expect(sniffFormat(Buffer.from([0xff, 0xfe, 0x41, 0x00]), 'utf16.txt')).toBe('txt');
  });

  it('refuses a DOCX that is really a PNG, naming what it is', () => {
    const error = refusal(PNG, 'novel.docx');
    expect(error.code).toBe('unsupported_media');
    expect(error.message).toMatch(/PNG image/);
  });

  it('refuses content that disagrees with the extension', () => {
    expect(
      refusal(makePdf([[{ text: 'x', x: 72, y: 700, size: 12 }]]), 'book.txt').message,
    ).toMatch(/content is a PDF/);
    expect(refusal(Buffer.from('plain words'), 'book.pdf').message).toMatch(/named as a PDF/);
    expect(refusal(makeEpub([{ title: 'One', paragraphs: ['Text.'] }]), 'book.txt').code).toBe(
      'unsupported_media',
    );
    expect(refusal(Buffer.from('d0cf11e0a1b11ae10000', 'hex'), 'old.docx').message).toMatch(
      /legacy Word/,
    );
  });

  it('refuses unknown or missing extensions', () => {
    expect(refusal(Buffer.from('text'), 'book.mobi').message).toMatch(/\.mobi are not supported/);
    expect(refusal(Buffer.from('text'), 'README').message).toMatch(/no extension/);
  });
});
