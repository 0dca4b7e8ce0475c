/**
 * Is "straw-" + "berries" one word broken at a line end, or a compound ("well-" + "known")?
 * Issue 14: a PDF's line-end hyphenations were read as two words. The rule, in order:
 *
 * 1. The book's own usage: the joined word written whole elsewhere in the book, and the
 *    hyphenated form never → one word; the hyphenated form written mid-line, and the joined word
 *    never → a compound.
 * 2. An English dictionary, for English books (`an-array-of-english-words`, ~275,000 words with
 *    their inflections): the joined form a word ("strawberries", "beautiful") → one word; else
 *    both halves words ("well" + "known", "self" + "possessed") → a compound.
 * 3. Otherwise the kind of text decides: in typeset text (PDF) a hyphen before a lower-case
 *    continuation is a syllable break; in plain text (TXT, DOCX) it is a real hyphen.
 *
 * A hyphen followed by a space inside a line ("straw- berries", left by some PDF producers) is
 * decided the same way, except before a conjunction ("pre- and post-war"), where it is a
 * suspended compound and stays as written.
 */
import { createRequire } from 'node:module';

/** Words seen whole inside lines; tells a line-end hyphen in "some-\nthing" from "well-\nknown". */
export class Vocabulary {
  private readonly words = new Map<string, number>();

  add(text: string): void {
    // The last token of a line ending in a hyphen is a fragment, not a word.
    const body = text.replace(/[\p{L}]+[-‐]\s*$/u, '');
    for (const match of body.matchAll(/[\p{L}]+(?:[-‐][\p{L}]+)*/gu)) {
      const word = match[0].toLowerCase().replace(/‐/g, '-');
      this.count(word);
      if (word.includes('-')) for (const part of word.split('-')) this.count(part);
    }
  }

  private count(word: string): void {
    this.words.set(word, (this.words.get(word) ?? 0) + 1);
  }

  has(word: string): boolean {
    return this.words.has(word.toLowerCase());
  }

  /** English text: its commonest function words are there, often. */
  english(): boolean {
    return ['the', 'and', 'of'].every((w) => (this.words.get(w) ?? 0) >= 3);
  }
}

let dictionary: Set<string> | null = null;

/** The English word list, loaded once on first use (3 MB; only books with hyphens need it). */
function englishWords(): Set<string> {
  dictionary ??= new Set(createRequire(import.meta.url)('an-array-of-english-words') as string[]);
  return dictionary;
}

export type Hyphenation = 'typeset' | 'plain';

const SUSPENDED = new Set([
  'and',
  'or',
  'nor',
  'to',
  'und',
  'oder',
  'et',
  'ou',
  'e',
  'o',
  'y',
  'ni',
]);

/**
 * Whether `a` + hyphen + `b` is one word broken by a hyphen (`join`) or a compound (`keep`).
 * `a` and `b` are the letters either side of the hyphen.
 */
export function hyphenDecision(
  a: string,
  b: string,
  vocabulary: Vocabulary | null,
  hyphenation: Hyphenation,
): 'join' | 'keep' {
  const joined = `${a}${b}`.toLowerCase();
  const compound = `${a}-${b}`.toLowerCase();
  if (vocabulary?.has(joined) && !vocabulary.has(compound)) return 'join';
  if (vocabulary?.has(compound) && !vocabulary.has(joined)) return 'keep';
  if (vocabulary?.english() === true) {
    const words = englishWords();
    if (words.has(joined)) return 'join';
    if (words.has(a.toLowerCase()) && words.has(b.toLowerCase())) return 'keep';
  }
  return hyphenation === 'typeset' && /^\p{Ll}/u.test(b) ? 'join' : 'keep';
}

/**
 * "straw- berries": a hyphen and a space left inside a line by some PDF producers. Joined by
 * hyphenDecision; kept as written before a conjunction ("pre- and post-war").
 */
export function repairSplitWords(
  text: string,
  vocabulary: Vocabulary,
  hyphenation: Hyphenation = 'typeset',
): string {
  return text.replace(/(\p{L}+)[-‐] (\p{Ll}+)/gu, (whole, a: string, b: string) => {
    if (SUSPENDED.has(b)) return whole;
    return hyphenDecision(a, b, vocabulary, hyphenation) === 'join' ? `${a}${b}` : `${a}-${b}`;
  });
}
