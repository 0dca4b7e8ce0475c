/**
 * Decides a manuscript's format from its first bytes, never from its name alone: a DOCX that is
 * really a PNG, or a PDF renamed .txt, is refused with a reason the user can act on. The name's
 * extension must agree with the content so that a mislabelled upload is caught at parse time.
 */
import { AppError } from '../../errors.ts';
import type { ManuscriptFormat } from './types.ts';

const EXTENSIONS: Record<string, ManuscriptFormat> = {
  pdf: 'pdf',
  epub: 'epub',
  docx: 'docx',
  txt: 'txt',
  text: 'txt',
};

/** Signatures of files people upload by mistake, named in the error so the user knows why. */
const KNOWN_OTHERS: Array<{ name: string; test: (head: Buffer) => boolean }> = [
  {
    name: 'a PNG image',
    test: (h) => h.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  { name: 'a JPEG image', test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { name: 'a GIF image', test: (h) => h.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    name: 'a legacy Word (.doc) file',
    test: (h) => h.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex')),
  },
  { name: 'an RTF document', test: (h) => h.subarray(0, 5).toString('latin1') === '{\\rtf' },
  { name: 'a RAR archive', test: (h) => h.subarray(0, 4).toString('latin1') === 'Rar!' },
  {
    name: 'a 7-Zip archive',
    test: (h) => h.subarray(0, 6).equals(Buffer.from('377abcaf271c', 'hex')),
  },
  { name: 'a gzip archive', test: (h) => h[0] === 0x1f && h[1] === 0x8b },
  { name: 'an MP3 file', test: (h) => h.subarray(0, 3).toString('latin1') === 'ID3' },
  {
    name: 'a RIFF (WAV/AVI/WebP) file',
    test: (h) => h.subarray(0, 4).toString('latin1') === 'RIFF',
  },
  { name: 'a MOBI/AZW e-book', test: (h) => h.subarray(60, 68).toString('latin1') === 'BOOKMOBI' },
];

export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

function isPdf(head: Buffer): boolean {
  // The header may follow a little junk (some generators add a BOM or whitespace).
  return head.subarray(0, 1024).includes('%PDF-', 0, 'latin1');
}

function isZip(head: Buffer): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05);
}

/** EPUB's first entry is an uncompressed `mimetype` file reading application/epub+zip. */
function looksLikeEpub(head: Buffer): boolean {
  return head.subarray(0, 256).includes('application/epub+zip', 0, 'latin1');
}

/** A DOCX is a zip that names word/ or [Content_Types].xml among its first local headers. */
function looksLikeOoxml(head: Buffer): boolean {
  const s = head.toString('latin1');
  return s.includes('[Content_Types].xml') || s.includes('word/') || s.includes('_rels/');
}

/** Text: no NUL bytes (UTF-16 has a BOM), and few control characters. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return true;
  if (head[0] === 0xff && head[1] === 0xfe) return true;
  if (head[0] === 0xfe && head[1] === 0xff) return true;
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) control += 1;
  }
  return control / head.length < 0.01;
}

function describe(head: Buffer): string | null {
  for (const other of KNOWN_OTHERS) if (other.test(head)) return other.name;
  if (isPdf(head)) return 'a PDF';
  if (isZip(head)) return looksLikeEpub(head) ? 'an EPUB' : 'a zip archive';
  return null;
}

const FORMAT_NAMES: Record<ManuscriptFormat, string> = {
  pdf: 'a PDF',
  epub: 'an EPUB',
  docx: 'a Word (.docx) document',
  txt: 'a plain-text file',
};

function refuse(filename: string, reason: string): AppError {
  return new AppError('unsupported_media', reason, { details: { filename } });
}

/**
 * `head` should be at least the file's first 4 KiB. Throws AppError('unsupported_media') when the
 * content is no manuscript format or disagrees with the extension.
 */
export function sniffFormat(head: Buffer, filename: string): ManuscriptFormat {
  const ext = extensionOf(filename);
  const claimed = EXTENSIONS[ext];
  if (!claimed) {
    throw refuse(
      filename,
      ext
        ? `Files ending in .${ext} are not supported; upload a PDF, EPUB, DOCX or TXT manuscript.`
        : 'The file name has no extension; upload a PDF, EPUB, DOCX or TXT manuscript.',
    );
  }
  const other = KNOWN_OTHERS.find((o) => o.test(head));
  let actual: ManuscriptFormat | null = null;
  if (!other) {
    if (isPdf(head)) actual = 'pdf';
    else if (isZip(head)) {
      if (looksLikeEpub(head)) actual = 'epub';
      else if (claimed === 'epub' || claimed === 'docx')
        actual = claimed; // zip; the reader checks its parts
      else if (looksLikeOoxml(head)) actual = 'docx';
    } else if (looksLikeText(head)) actual = 'txt';
  }
  if (actual === claimed) return actual;
  const found = describe(head);
  const what = found ?? (actual ? FORMAT_NAMES[actual] : 'not a readable manuscript');
  throw refuse(
    filename,
    found || actual
      ? `"${filename}" is named as ${FORMAT_NAMES[claimed]} but its content is ${what}; ` +
          'upload the manuscript itself, or rename it with the right extension.'
      : `"${filename}" is named as ${FORMAT_NAMES[claimed]} but its content is not; the file may be damaged.`,
  );
}
