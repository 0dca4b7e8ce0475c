/**
 * How much one speaker detection or annotation job takes (document 2, rules 9 and 11), and the
 * batches the annotation job applies its answers in (one transaction and one progress step each).
 */

/**
 * Words one detection or annotation job takes (document 2, rule 9 and 11: "the annotation word
 * limit", value not shown). 200,000 words covers all but the longest novels in one pass.
 */
export const ANNOTATION_WORD_LIMIT = 200_000;

/** Words per batch of the annotation job. */
export const BATCH_WORDS = 1200;
export const BATCH_PARAGRAPHS = 40;

/** Consecutive paragraphs in batches of at most BATCH_WORDS words / BATCH_PARAGRAPHS lines. */
export function batches<T extends { wordCount: number }>(rows: T[], maxWords = BATCH_WORDS): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let words = 0;
  for (const row of rows) {
    if (
      current.length > 0 &&
      (words + row.wordCount > maxWords || current.length >= BATCH_PARAGRAPHS)
    ) {
      out.push(current);
      current = [];
      words = 0;
    }
    current.push(row);
    words += row.wordCount;
  }
  if (current.length > 0) out.push(current);
  return out;
}
