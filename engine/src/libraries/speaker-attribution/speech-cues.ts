/**
 * Cues outside the reporting clause that put a line in doubt or show who is talked to: someone
 * the narration makes speak anywhere in the paragraph, the subject of an action beat before a
 * quote, and the names a speech addresses.
 */
import { KIN_WORDS } from './kin-ties.ts';
import type { Lexicon } from './lexicon.ts';
import { isAdverb, parseNameForward, parseSubjectBackward, verbAt } from './name-phrases.ts';
import { isSentenceEnd, isWord, type Token } from './tokens.ts';

/**
 * Names standing beside a reporting verb anywhere in a narration text (`the Gryphon said`,
 * `said Alice`): a paragraph whose narration makes someone else speak is in doubt.
 */
export function namesBesideVerbs(tokens: Token[], lex: Lexicon): string[] {
  const found: string[] = [];
  for (let v = 0; v < tokens.length; v++) {
    const verb = verbAt(tokens, v, lex);
    if (verb.end < 0 || verb.pronoun) continue;
    const after = parseNameForward(tokens, verb.end, lex);
    if (after !== null && !after.notTheSpeaker) found.push(after.name);
    let p = v - 1;
    if (isAdverb(tokens[p])) p--;
    if (isWord(tokens[p]) && (tokens[p] as Token).cap) {
      const before = parseSubjectBackward(tokens, 0, p, lex);
      if (before?.kind === 'named') found.push(before.name);
    }
  }
  return found;
}

const EXCLAMATIONS = new Set(
  'god heaven heavens lord jove christ jesus mercy gracious goodness dio madonna dieu gott'.split(
    ' ',
  ),
);
const SENTENCE_LEAD = new Set(['—', '–', '(', '!', '?', '.', ';', '"', '“', '«', '»', '„', '‘']);
const VOCATIVE_END = new Set([',', '.', '!', '?', ';', '—', '–', '…', '"', '”', '»', '«']);

/**
 * Names a speech addresses: a name after a comma and before a comma or the end of a sentence
 * ("…, my dear Charles?"), or opening a sentence and followed by a comma ("Mr. Bennet, how
 * can you…"). Exclamations ("Good God!") are not names. The caller keeps only names it knows
 * as speakers, since a capitalised word opening a sentence need not be a name.
 */
export function vocatives(tokens: Token[], lex: Lexicon): string[] {
  const found: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const prev = tokens[i - 1];
    const afterComma =
      prev !== undefined &&
      (prev.text === ',' ||
        (isWord(prev) && ['dear', 'caro', 'cara', 'cher', 'chère'].includes(prev.lower)));
    const sentenceStart = prev === undefined || SENTENCE_LEAD.has(prev.text);
    // A bare kin word ("I don't know, aunt.", "Uncle, you know my wish"): the caller ties it to
    // the one aunt or uncle the book names, if any (kin-ties.ts).
    const word = tokens[i];
    if ((afterComma || sentenceStart) && isWord(word) && KIN_WORDS.has(word.lower)) {
      const next = tokens[i + 1];
      const ends = afterComma
        ? next === undefined || VOCATIVE_END.has(next.text)
        : next !== undefined && next.text === ',';
      if (ends) {
        found.push(word.lower);
        continue;
      }
    }
    if ((!afterComma && !sentenceStart) || !isWord(tokens[i]) || !(tokens[i] as Token).cap)
      continue;
    const name = parseNameForward(tokens, i, lex);
    if (name === null || name.notTheSpeaker) continue;
    const next = tokens[name.end];
    const endOk = afterComma
      ? next === undefined || VOCATIVE_END.has(next.text)
      : next !== undefined && next.text === ',';
    if (!endOk) continue;
    const words = name.name.toLowerCase().split(/\s+/);
    if (words.some((w) => EXCLAMATIONS.has(w.replace(/\.$/, '')))) continue;
    found.push(name.name);
    i = name.end - 1;
  }
  return found;
}

/**
 * The subject of an action beat: the last sentence before a quote starting with a name and a
 * lower-case word (`Woolsey shook his head. “…”`). The quote is then probably that person's.
 */
export function beatSubject(tokens: Token[], lex: Lexicon): string | null {
  let end = tokens.length;
  while (end > 0 && tokens[end - 1]?.kind === 'punct') end--;
  let start = end;
  while (start > 0 && !isSentenceEnd(tokens[start - 1])) start--;
  const name = parseNameForward(tokens, start, lex);
  if (name === null || name.notTheSpeaker || name.end >= end) return null;
  const next = tokens[name.end];
  return isWord(next) && !next.cap ? name.name : null;
}
