/**
 * Counts and estimates shared by every part of a book (docs/api/audiobook.md, "Counts and
 * estimates"). Words are runs of letters or digits (apostrophes and hyphens inside a word keep it
 * one word), so "don't" and "well-known" count once and punctuation never counts. Characters are
 * Unicode code points of the text as it will be narrated: what narration is metered by.
 */

/** Finished-audio pace used for every estimate: a typical audiobook narration (150–160 wpm). */
export const WORDS_PER_MINUTE = 155;

/** Document 2, "Pricing": 0.04 USD per minute of output. */
export const PRICE_USD_PER_MINUTE = 0.04;

const WORD = /[\p{L}\p{N}]+(?:['’\-‐][\p{L}\p{N}]+)*/gu;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

export function countCharacters(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/** Minutes of finished audio for `words` at WORDS_PER_MINUTE and the book's speed multiplier. */
export function estimateMinutes(words: number, speed = 1): number {
  if (words <= 0) return 0;
  return words / (WORDS_PER_MINUTE * (speed > 0 ? speed : 1));
}

/** One decimal, for display fields. */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
