// Manuscripts that would take the engine's memory (issue 25): a TXT over the book text limit is
// refused before it is decoded, and a PDF whose page stream inflates past the stream limit is
// refused before pdf.js inflates it; a PDF within the limit is read.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFlateBombPdf } from '../../../../test/helpers/flate-bomb-pdf.ts';
import { makeTempDir } from '../../../../test/helpers/temp-dir.ts';
import { extractManuscript } from './extract.ts';
import { MAX_BOOK_TEXT, PDF_LIMITS } from './limits.ts';
import { checkPdfStreams } from './pdf-streams.ts';

const temp = makeTempDir('tapehouse-limits-');
afterAll(() => temp.cleanup());

describe('manuscript limits', () => {
  it('refuses a TXT over the book text limit with 413 text_too_long, at once', async () => {
    const file = path.join(temp.dir, 'long.txt');
    fs.writeFileSync(file, Buffer.alloc(MAX_BOOK_TEXT + 1, 'a '));
    const started = Date.now();
    await expect(extractManuscript(file, { filename: 'long.txt' })).rejects.toMatchObject({
      status: 413,
      code: 'payload_too_large',
      details: expect.objectContaining({ reason: 'text_too_long', limit: MAX_BOOK_TEXT }),
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a PDF stream that inflates past the limit before pdf.js reads it', async () => {
    const file = path.join(temp.dir, 'bomb.pdf');
    await writeFlateBombPdf(file, PDF_LIMITS.maxStreamBytes / 1024 / 1024 + 8);
    expect(() => checkPdfStreams(fs.readFileSync(file))).toThrow(
      expect.objectContaining({
        status: 413,
        details: expect.objectContaining({ reason: 'pdf_stream_too_large' }),
      }),
    );
    await expect(extractManuscript(file, { filename: 'bomb.pdf' })).rejects.toMatchObject({
      code: 'payload_too_large',
    });
  });

  it('lets a stream within the limit through', async () => {
    const file = path.join(temp.dir, 'fine.pdf');
    await writeFlateBombPdf(file, 1);
    expect(() => checkPdfStreams(fs.readFileSync(file))).not.toThrow();
  });
});
