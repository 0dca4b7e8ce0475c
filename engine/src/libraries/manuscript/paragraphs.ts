/**
 * Paragraph text as it will be narrated: whitespace normalised, soft hyphens and zero-width
 * characters removed, hard-wrapped lines joined (hyphenated line ends rejoined when the word
 * is one word), dialogue lines kept as their own paragraphs. Issue 5 item 2.
 */

import { hyphenDecision, type Hyphenation, type Vocabulary } from './hyphenation.ts';

export { repairSplitWords, Vocabulary } from './hyphenation.ts';

const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
const SPACES = /[\s\u00A0\u2000-\u200A\u202F\u205F\u3000]+/g;
/** Editorial brackets of transcriptions: illustrations, their copyright lines, page markers. */
const ILLUSTRATION =
  /\[(?:illustration|ilustraci[oó]n|illustrazione|abbildung|image|figure|copyright \d{4}|pg\.? ?\d+|page \d+)\b[^\]]*\]/gi;
const WORD = /[\p{L}\p{N}]+(?:['’\-‐][\p{L}\p{N}]+)*/gu;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** Final clean-up of one paragraph's text; returns '' for text that is no narration at all. */
export function cleanParagraph(text: string): string {
  let t = text.normalize('NFC').replace(INVISIBLE, '').replace(ILLUSTRATION, ' ');
  // Plain-text italics (_word_) and bold (*word*) markers from Gutenberg-style transcriptions.
  t = t.replace(/(^|[\s("“‘'«—–-])_([^_\n]+?)_(?=$|[\s.,;:!?)"”’'»—–-])/g, '$1$2');
  t = t.replace(/(^|[\s("“‘'«])\*([^*\n]+?)\*(?=$|[\s.,;:!?)"”’'»])/g, '$1$2');
  t = t.replace(SPACES, ' ').trim();
  // A lone separator line ("* * *", "———") is a scene break, not words to read.
  if (!/[\p{L}\p{N}]/u.test(t)) return '';
  return t;
}

const DASH_END = /(--|[—–]|\s-)$/;

/**
 * Joins two consecutive lines of one paragraph. A bare line-end hyphen is decided by
 * hyphenation.ts (the book's own words, an English dictionary, then `hyphenation`: 'typeset'
 * for PDF, 'plain' for TXT/DOCX).
 */
export function joinLine(
  left: string,
  right: string,
  vocabulary: Vocabulary | null,
  hyphenation: Hyphenation,
): string {
  const l = left.replace(/\s+$/, '');
  const r = right.trim();
  if (!l) return r;
  if (!r) return l;
  if (l.endsWith('\u00AD')) return l.slice(0, -1) + r; // an explicit soft hyphen
  if (DASH_END.test(l)) return l.endsWith(' -') ? `${l} ${r}` : l + r;
  const hyphen = /([\p{L}]+)[-‐]$/u.exec(l);
  const next = /^([\p{L}]+)/u.exec(r);
  if (hyphen && next) {
    const stem = l.slice(0, -1);
    // "Jack-in-" + "the-box": a break at one of several hyphens of a compound keeps it.
    if (/[\p{L}][-‐][\p{L}]+[-‐]$/u.test(l) || /^[\p{L}]+[-‐][\p{L}]/u.test(r))
      return `${stem}-${r}`;
    const decision = hyphenDecision(
      hyphen[1] as string,
      next[1] as string,
      vocabulary,
      hyphenation,
    );
    return decision === 'join' ? stem + r : `${stem}-${r}`;
  }
  return `${l} ${r}`;
}

export function joinLines(
  lines: string[],
  vocabulary: Vocabulary | null,
  hyphenation: Hyphenation,
): string {
  let out = '';
  for (const line of lines) out = out ? joinLine(out, line, vocabulary, hyphenation) : line.trim();
  return out;
}

const SENTENCE_END = /[.!?…:;]["”’»)\]]*$|["”’»]$/;
const OPENS_NEW = /^[\p{Lu}"“‘'«»„(—–-]/u;

/**
 * Splits one blank-line-delimited block of plain text into paragraphs. `wrapWidth` is the
 * document's usual line length: a line well short of it that ends a sentence closes its
 * paragraph, which keeps one-line dialogue turns apart when a file has no blank lines
 * between them. Indented lines open paragraphs in files that mark them that way.
 */
export function splitPlainBlock(
  lines: string[],
  wrapWidth: number,
  vocabulary: Vocabulary | null,
): string[] {
  const kept = lines.filter((l) => l.trim());
  if (kept.length <= 1) return kept.map((l) => l.trim());
  // Unwrapped text (one paragraph per line, e.g. pasted from a word processor).
  if (wrapWidth > 160) return kept.map((l) => l.trim());
  const indents = kept.map((l) => /^[ \t]*/.exec(l)?.[0].replace(/\t/g, '    ').length ?? 0);
  const minIndent = Math.min(...indents);
  const allSame = indents.every((i) => i === indents[0]);
  const paragraphs: string[][] = [];
  let current: string[] = [];
  kept.forEach((line, i) => {
    const prev = kept[i - 1];
    let starts = i === 0;
    if (
      !starts &&
      !allSame &&
      (indents[i] ?? 0) >= minIndent + 2 &&
      (indents[i - 1] ?? 0) <= minIndent + 1
    ) {
      starts = true;
    }
    if (!starts && prev !== undefined) {
      const prevLen = prev.trim().length;
      if (
        prevLen < wrapWidth * 0.75 &&
        SENTENCE_END.test(prev.trim()) &&
        OPENS_NEW.test(line.trim())
      ) {
        starts = true;
      }
    }
    if (starts && current.length) {
      paragraphs.push(current);
      current = [];
    }
    current.push(line);
  });
  if (current.length) paragraphs.push(current);
  return paragraphs.map((p) => joinLines(p, vocabulary, 'plain'));
}

/** The usual wrap width of a plain text: the 90th percentile of its non-empty line lengths. */
export function wrapWidthOf(lines: string[]): number {
  const lengths = lines
    .map((l) => l.trim().length)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  if (!lengths.length) return 0;
  return lengths[Math.floor(lengths.length * 0.9)] ?? lengths[lengths.length - 1] ?? 0;
}
