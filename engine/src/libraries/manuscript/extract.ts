/**
 * Entry points: extractManuscript for uploaded files (format sniffed from content, checked
 * against the name) and extractPlainText for TXT content and pasted text. Every failure a user
 * can cause is an AppError with a reason they can act on; cancellation ends as CancelledError.
 * Spec: document 2, "Manuscript" (upload, parse, paste).
 */
import fs from 'node:fs/promises';
import { AppError, throwIfCancelled } from '../../errors.ts';
import { assembleBook } from './assemble.ts';
import { readDocx } from './docx.ts';
import { readEpub } from './epub.ts';
import { MAX_MANUSCRIPT_BYTES, MAX_PASTE_BYTES } from './limits.ts';
import { readPdf } from './pdf.ts';
import { sniffFormat } from './sniff.ts';
import { decodeText, readPlainText } from './txt.ts';
import type { ExtractedBook, ExtractOptions, ReaderResult } from './types.ts';

function tooLarge(bytes: number, limit: number): AppError {
  return new AppError(
    'payload_too_large',
    `The manuscript is ${(bytes / 1024 / 1024).toFixed(1)} MiB; the limit is ${limit / 1024 / 1024} MiB.`,
    { details: { bytes, limit } },
  );
}

export async function extractManuscript(
  file: string,
  opts: ExtractOptions,
): Promise<ExtractedBook> {
  throwIfCancelled(opts.signal);
  let size: number;
  try {
    size = (await fs.stat(file)).size;
  } catch (cause) {
    throw new AppError('validation_error', 'The uploaded manuscript file could not be found.', {
      cause,
    });
  }
  if (size > MAX_MANUSCRIPT_BYTES) throw tooLarge(size, MAX_MANUSCRIPT_BYTES);
  if (size === 0) throw new AppError('validation_error', 'The manuscript file is empty.');
  const data = await fs.readFile(file);
  throwIfCancelled(opts.signal);
  const format = sniffFormat(data.subarray(0, 4096), opts.filename);
  let result: ReaderResult;
  switch (format) {
    case 'epub':
      result = await readEpub(data, opts.signal);
      break;
    case 'docx':
      result = await readDocx(data, opts.signal);
      break;
    case 'pdf':
      result = await readPdf(data, opts.signal);
      break;
    case 'txt':
      result = readPlainText(decodeText(data));
      break;
  }
  throwIfCancelled(opts.signal);
  return assembleBook(format, result, opts.signal);
}

export function extractPlainText(text: string, opts: { title?: string } = {}): ExtractedBook {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_PASTE_BYTES) throw tooLarge(bytes, MAX_PASTE_BYTES);
  if (!text.trim())
    throw new AppError(
      'validation_error',
      'The text is empty; paste or upload the manuscript text.',
    );
  return assembleBook('txt', readPlainText(text, opts.title));
}
