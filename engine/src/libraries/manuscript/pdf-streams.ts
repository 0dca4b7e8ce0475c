/**
 * pdf.js inflates a Flate stream whole before it reads a byte of it, so one page whose content
 * stream inflates to 300 MiB (a few hundred KB in the file) took the engine past 1.3 GB (issue
 * 25). Before pdf.js sees the file, every Flate stream it would read for text (page content,
 * fonts, object streams — not images, which text extraction never decodes) is inflated here with
 * an output cap and thrown away: one that inflates past `PDF_LIMITS.maxStreamBytes` refuses the
 * file with 413 and a reason. Streams that do not inflate (other filters first, damage) are left
 * to pdf.js, which reports damage its own way.
 */
import zlib from 'node:zlib';
import { AppError } from '../../errors.ts';
import { PDF_LIMITS } from './limits.ts';

/** How far back from `stream` the object's dictionary is looked for. */
const DICT_WINDOW = 4096;

interface FlateStream {
  /** Byte offset of the stream data. */
  start: number;
  end: number;
}

/** True when the `stream` at `at` follows a dictionary's `>>` (the keyword, not a word in data). */
function followsDictionary(text: string, at: number): boolean {
  let j = at - 1;
  while (j > 0 && /\s/.test(text[j]!)) j--;
  return text[j] === '>' && text[j - 1] === '>';
}

/** Flate-encoded, non-image streams, found by their `stream` keyword and preceding dictionary. */
function flateStreams(data: Buffer): FlateStream[] {
  const text = data.toString('latin1');
  const out: FlateStream[] = [];
  let at = text.indexOf('stream');
  while (at >= 0) {
    if (!followsDictionary(text, at)) {
      at = text.indexOf('stream', at + 'stream'.length);
      continue;
    }
    let start = at + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const dictStart = text.lastIndexOf('obj', at);
    const dict = text.slice(Math.max(at - DICT_WINDOW, dictStart, 0), at);
    if (/\/FlateDecode|\/Fl\b/.test(dict) && !/\/Subtype\s*\/Image/.test(dict))
      out.push({ start, end });
    at = text.indexOf('stream', end + 'endstream'.length);
  }
  return out;
}

/** Inflated size of one stream, or null when it does not inflate; stops past `cap`. */
function inflatedSize(data: Buffer, cap: number): number | null {
  try {
    return zlib.inflateSync(data, {
      maxOutputLength: cap + 1,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    }).length;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return cap + 1;
    return null;
  }
}

/** 413 when a text-bearing Flate stream inflates past the limit. */
export function checkPdfStreams(data: Buffer): void {
  const cap = PDF_LIMITS.maxStreamBytes;
  for (const stream of flateStreams(data)) {
    const size = inflatedSize(data.subarray(stream.start, stream.end), cap);
    if (size !== null && size > cap)
      throw new AppError(
        'payload_too_large',
        `The PDF holds a compressed stream that expands past ${cap / 1024 / 1024} MiB; no book page needs that. Export the PDF again (or save it as PDF from your editor) and re-upload.`,
        { details: { reason: 'pdf_stream_too_large', max_stream_bytes: cap } },
      );
  }
}
