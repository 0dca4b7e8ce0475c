import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../errors.ts';
import { extractManuscript, extractPlainText, MAX_MANUSCRIPT_BYTES, sniffFormat } from './index.ts';
import { makeEpub } from './test-fixtures/books.ts';
import { tempFile } from './test-fixtures/files.ts';

describe('extractManuscript', () => {
  it('exports the documented interface', () => {
    expect(MAX_MANUSCRIPT_BYTES).toBe(50 * 1024 * 1024);
    expect(typeof sniffFormat).toBe('function');
    expect(typeof extractPlainText).toBe('function');
  });

  it('reads a TXT upload like pasted text', async () => {
    const file = tempFile(
      'Chapter 1\n\nThe rain had stopped.\n\nChapter 2\n\nThe sun came out.',
      'story.txt',
    );
    const book = await extractManuscript(file, { filename: 'story.txt' });
    expect(book.format).toBe('txt');
    expect(book.chapters.map((c) => c.title)).toEqual(['Chapter 1', 'Chapter 2']);
  });

  it('refuses files over the size limit before reading them', async () => {
    const file = tempFile('', 'huge.txt');
    fs.truncateSync(file, MAX_MANUSCRIPT_BYTES + 1);
    await expect(extractManuscript(file, { filename: 'huge.txt' })).rejects.toMatchObject({
      code: 'payload_too_large',
      message: expect.stringMatching(/limit is 50 MiB/),
    });
  });

  it('refuses empty and missing files with user-facing reasons', async () => {
    await expect(
      extractManuscript(tempFile('', 'empty.txt'), { filename: 'empty.txt' }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      message: 'The manuscript file is empty.',
    });
    await expect(
      extractManuscript(tempFile('  \n\n  ', 'blank.txt'), { filename: 'blank.txt' }),
    ).rejects.toMatchObject({
      code: 'validation_error',
    });
    await expect(
      extractManuscript('/nonexistent/file.txt', { filename: 'file.txt' }),
    ).rejects.toMatchObject({
      code: 'validation_error',
    });
  });

  it('ends as cancelled, not failed, when the signal fires', async () => {
    const controller = new AbortController();
    controller.abort();
    const file = tempFile(makeEpub([{ title: 'One', paragraphs: ['Text.'] }]), 'book.epub');
    await expect(
      extractManuscript(file, { filename: 'book.epub', signal: controller.signal }),
    ).rejects.toBeInstanceOf(CancelledError);
  });
});
