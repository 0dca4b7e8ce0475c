/**
 * A small word/punctuation tokenizer for the reporting clauses around a quote. Abbreviated
 * titles keep their period ("Mr.", "Dr.") and single-letter initials keep theirs ("J."), so a
 * period left as its own token ends a sentence ("said the Major.").
 */
import type { Lexicon } from './lexicon.ts';

export interface Token {
  text: string;
  /** Lower case, without an abbreviation period. */
  lower: string;
  kind: 'word' | 'punct';
  /** Starts with an upper-case letter. */
  cap: boolean;
  /** UTF-16 offsets into the tokenized text. */
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*|[^\s\p{L}\p{M}\p{N}]/gu;
const UPPER = /^\p{Lu}/u;
const SENTENCE_END = new Set(['.', '!', '?', ';', '…']);

export function tokenize(text: string, lexicon: Lexicon): Token[] {
  const out: Token[] = [];
  let lastEnd = -1;
  for (const match of text.matchAll(TOKEN)) {
    const value = match[0];
    const index = match.index;
    const prev = out[out.length - 1];
    if (
      value === '.' &&
      prev !== undefined &&
      prev.kind === 'word' &&
      lastEnd === index &&
      (lexicon.abbreviations.has(prev.lower) || /^\p{Lu}$/u.test(prev.text))
    ) {
      prev.text += '.';
      prev.end = index + 1;
      lastEnd = index + 1;
      continue;
    }
    const isWord = /[\p{L}\p{M}\p{N}]/u.test(value);
    out.push({
      text: value,
      lower: value.toLowerCase(),
      kind: isWord ? 'word' : 'punct',
      cap: isWord && UPPER.test(value),
      start: index,
      end: index + value.length,
    });
    lastEnd = index + value.length;
  }
  return out;
}

export function isSentenceEnd(token: Token | undefined): boolean {
  return token !== undefined && token.kind === 'punct' && SENTENCE_END.has(token.text);
}

export function isWord(token: Token | undefined): token is Token {
  return token !== undefined && token.kind === 'word';
}

/** "Elizabeth's" / "Elizabeth’s": the name part, or null when the word is not possessive. */
export function possessiveStem(token: Token): string | null {
  const m = /^(.+)['’]s$/u.exec(token.text);
  return m?.[1] ?? null;
}
