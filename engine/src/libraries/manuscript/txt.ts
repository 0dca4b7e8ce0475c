/**
 * Plain text (uploaded .txt or pasted): decoded (UTF-8, UTF-16 with a BOM, else Windows-1252),
 * cut into blocks at blank lines, hard-wrapped lines joined into paragraphs. Short-line blocks
 * (title pages, contents lists, verse, "CHAPTER I." + title) stay one block per line so the
 * heading patterns can see them.
 */
import { countWords, splitPlainBlock, Vocabulary, wrapWidthOf } from './paragraphs.ts';
import { chapterLabel } from './txt-headings.ts';
import type { Block, ReaderResult } from './types.ts';

export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** Windows-1252: Latin-1 plus typographic quotes, dashes and € in 0x80–0x9F. */
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function decodeWindows1252(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    out += byte >= 0x80 && byte < 0xa0 ? CP1252[byte - 0x80] : String.fromCharCode(byte);
  }
  return out;
}

function normalizeNewlines(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\f\v\u2028\u2029]/g, '\n\n');
}

/** Gutenberg-style "Title: ...", "Author: ...", "Language: ..." lines near the top. */
function headerField(text: string, field: string): string | null {
  const head = text.slice(0, 6000);
  const m = new RegExp(`^\\s*${field}:[ \\t]*(.+)$`, 'im').exec(head);
  return m?.[1]?.trim() || null;
}

export function textToBlocks(text: string): Block[] {
  const lines = normalizeNewlines(text).split('\n');
  const width = wrapWidthOf(lines);
  const vocabulary = new Vocabulary();
  for (const line of lines) vocabulary.add(line);
  const blocks: Block[] = [];
  let group: string[] = [];
  let blankRun = 0;
  const flush = (): void => {
    const kept = group.filter((l) => l.trim());
    group = [];
    if (!kept.length) return;
    // Three or more blank lines (or the start): the gap plain texts put before a chapter or story.
    const wideGap = blankRun >= 3 || blocks.length === 0;
    blankRun = 0;
    const first = blocks.length;
    const allShort =
      kept.length > 1 && kept.every((l) => l.trim().length < Math.max(30, width * 0.6));
    const paragraphs = allShort
      ? kept.map((l) => l.trim())
      : splitPlainBlock(kept, width, vocabulary);
    for (const p of paragraphs) if (p.trim()) blocks.push({ text: p.trim(), preformatted: true });
    const opening = blocks[first];
    if (wideGap && opening) opening.breakBefore = true;
  };
  for (const line of lines) {
    if (line.trim()) {
      group.push(line);
    } else {
      if (group.length) flush();
      blankRun += 1;
    }
  }
  flush();
  return blocks;
}

export function readPlainText(text: string, title?: string): ReaderResult {
  const normalized = normalizeNewlines(text);
  const blocks = textToBlocks(normalized);
  let bookTitle = title?.trim() || headerField(normalized, 'Title');
  let author = headerField(normalized, 'Author');
  // "The Project Gutenberg eBook of Persuasion, by Jane Austen"
  const pg = /^\s*(?:the )?project gutenberg'?s? e-?book,? (?:of )?(.+?)(?:, by (.+))?$/im.exec(
    normalized.slice(0, 400),
  );
  if (pg) {
    bookTitle = bookTitle ?? pg[1]?.trim() ?? null;
    author = author ?? pg[2]?.trim() ?? null;
  }
  // A lone first line right above "Chapter 1" is the book's title.
  const [first, second] = blocks;
  if (!bookTitle && first && second && first.text.length <= 80 && chapterLabel(second.text)) {
    if (!/[.!?,;]$/.test(first.text) && !chapterLabel(first.text))
      bookTitle = titleCase(first.text);
  }
  // Without a header, a short opening block set like "DIE VERWANDLUNG / VON / FRANZ KAFKA".
  if (!bookTitle) {
    const opening = blocks.slice(0, 4);
    const first = opening[0]?.text;
    if (first && first.length <= 80 && opening.length >= 2 && !/[.!?,;]$/.test(first)) {
      const byIndex = opening.findIndex((b) => /^(by|von|di|de|par|por)$/i.test(b.text));
      const byline = opening
        .map((b) => /^(by|von|di|par|por)\s+(.{3,60})$/i.exec(b.text)?.[2])
        .find(Boolean);
      if (byIndex > 0 || byline) {
        bookTitle = titleCase(first);
        author = author ?? (byline ? byline : titleCase(opening[byIndex + 1]?.text ?? '')) ?? null;
      }
    }
  }
  if (!author) {
    const byline = blocks
      .slice(0, 12)
      .map((b) => /^(?:by|von|di|par|por)\s+(\S.{2,60})$/i.exec(b.text)?.[1])
      .find((name) => name && countWords(name) <= 6);
    author = byline ? titleCase(byline.replace(/[.,]$/, '')) : null;
  }
  return {
    title: bookTitle || null,
    author: author || null,
    language: headerField(normalized, 'Language'),
    sections: null,
    blocks,
    warnings: [],
  };
}

function titleCase(text: string): string {
  if (text !== text.toUpperCase()) return text;
  return text
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}
