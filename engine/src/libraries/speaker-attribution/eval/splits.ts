/**
 * The attribution eval's two parts (docs/api/audiobook.md, "Attribution eval"): `dev`, which rules
 * may be written and tuned against, and `held-out`, set aside before the issue 28 tuning and never
 * read for it (scripts/eval/attribution-misses.ts shows dev quotations only). Every report gives
 * both parts; a rule that only moves `dev` is not progress.
 *
 * The earlier split (alternate books into "tune" and "held-out") was read while the rules were
 * written, so neither half is unseen any more; this split replaces it.
 *
 * - LitBank and fr-litbank (excerpts of many books): whole books, by a hash of the book's name;
 *   about a third of them held out.
 * - PDNC (two whole novels here): whole chapters, by a hash of the novel's name and the chapter's
 *   number; about a third of each novel's chapters held out. The passes still read the whole
 *   novel (scenes and characters span chapters); only the scoring is per part.
 *
 * A hash, not a count, decides, so adding a book never moves another one between parts.
 */
import { createHash } from 'node:crypto';
import type { EvalBook } from './eval-book.ts';

export type EvalPart = 'dev' | 'held-out';

export const EVAL_PARTS: readonly EvalPart[] = ['dev', 'held-out'];

/** The share of books (or chapters) held out. */
export const HELD_OUT_SHARE = 1 / 3;

/** A key's place in [0, 1): the first 32 bits of its SHA-256. */
function unit(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

const partOf = (key: string): EvalPart => (unit(key) < HELD_OUT_SHARE ? 'held-out' : 'dev');

/** A chapter heading line ("CHAPTER I.", "Chapter 12"). */
const HEADING = /^\s*(chapter|chapitre|kapitel|capitolo)\b/i;

/** Each paragraph's chapter number: 0 before the first heading, then 1, 2, … */
export function chapterNumbers(paragraphs: readonly string[]): number[] {
  let chapter = 0;
  return paragraphs.map((text) => {
    if (HEADING.test(text)) chapter += 1;
    return chapter;
  });
}

/** Whole novels split by chapter; excerpt corpora by book. */
const BY_CHAPTER: ReadonlySet<string> = new Set(['pdnc']);

/** The part of each of the book's quotations, in `book.quotes` order. */
export function quoteParts(book: EvalBook): EvalPart[] {
  if (!BY_CHAPTER.has(book.corpus)) {
    const part = partOf(`${book.corpus}:${book.name}`);
    return book.quotes.map(() => part);
  }
  const chapters = chapterNumbers(book.paragraphs);
  return book.quotes.map((q) =>
    partOf(`${book.corpus}:${book.name}:${chapters[q.paragraph] ?? 0}`),
  );
}
