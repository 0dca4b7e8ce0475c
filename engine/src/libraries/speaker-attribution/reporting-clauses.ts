/**
 * Reporting clauses next to a quote (spec "Character voices (cast)", rule 6: "a reporting verb
 * next to a name (English or Italian, titles included)"). Three places are read, nothing else:
 * - the start of the narration right after a quote: `said Elizabeth`, `Mr. Darcy replied`,
 *   `disse don Abbondio`, `dit-il`;
 * - the end of the narration right before a quote: `Elizabeth said, “`, `Renzo rispose: «`, and
 *   in English a participle whose sentence's subject speaks (`Lucy rose to her feet, exclaiming:`);
 * - an incise inside the speech, for languages that keep it there: `— Moi, dit Bouvard, …`.
 * A subject that names nobody (`he said`, `said his wife`, `Elizabeth's mother said`, two names)
 * is reported as unnamed: the caller keeps the line with the narrator and stops turn-taking.
 */
import type { Lexicon } from './lexicon.ts';
import {
  CLITICS,
  isAdverb,
  isEpithet,
  NEGATIONS,
  parseNameForward,
  parseSubjectBackward,
  parseSubjectForward,
  pronounSubject,
  TO_WORDS,
  unnamed,
  verbAt,
  type Subject,
} from './name-phrases.ts';
import { isSentenceEnd, isWord, type Token } from './tokens.ts';

export type { Subject } from './name-phrases.ts';

/** The clause that starts the narration after a quote, or null when it is no reporting clause. */
export function clauseAfterQuote(
  tokens: Token[],
  lex: Lexicon,
  tagExpected = false,
): Subject | null {
  let i = 0;
  while (i < tokens.length && tokens[i]?.kind === 'punct') i++;
  let end = i;
  while (end < tokens.length && !isSentenceEnd(tokens[end])) end++;
  const window = tokens.slice(0, end);
  // Verb first: `said Elizabeth`, `then said she`, `lui dit-elle`.
  let v = i;
  if (isAdverb(window[v]) || (isWord(window[v]) && CLITICS.has((window[v] as Token).lower))) v++;
  const verb = verbAt(window, v, lex, tagExpected);
  if (verb.end >= 0) {
    if (verb.pronoun) return pronounSubject(verb.pronounWord ?? '');
    // `rispose subito don Abbondio`, `said presently Elizabeth`: an adverb may come between.
    const at = isAdverb(window[verb.end]) ? verb.end + 1 : verb.end;
    const next = window[at];
    if (isWord(next) && NEGATIONS.has(next.lower)) return unnamed(false);
    return parseSubjectForward(window, at, lex)?.subject ?? null;
  }
  // A name beside the quote with a verb we cannot read (`Slim stated`, `fleered Happy Jack`):
  // someone is named but we cannot tell who speaks, so the line is in doubt. An article is no
  // verb, nor is an epithet: `the Cat remarked`, `old Cotter said` are read below, subject first.
  const lead = window[v];
  const unreadInversion =
    isWord(lead) &&
    !lead.cap &&
    !lex.articles.has(lead.lower) &&
    !isEpithet(lead) &&
    parseNameForward(window, v + 1, lex);
  if (
    unreadInversion &&
    !unreadInversion.notTheSpeaker &&
    unreadInversion.end >= window.length - 1
  ) {
    return unnamed(false);
  }
  // Subject first: `Elizabeth said`, `he replied`, `the old man answered`.
  const subject = parseSubjectForward(window, i, lex);
  if (subject === null) return null;
  let k = subject.end;
  if (isAdverb(window[k])) k++;
  const after = verbAt(window, k, lex, tagExpected);
  if (after.end < 0) return subject.subject.kind === 'named' ? unnamed(false) : null;
  const next = window[after.end];
  if (isWord(next) && NEGATIONS.has(next.lower)) return unnamed(false);
  return subject.subject;
}

const TRAILING = new Set([',', ':', '—', '–', '-', '(']);

/** The clause that ends the narration before a quote (`Elizabeth said, “`), or null. */
export function clauseBeforeQuote(tokens: Token[], lex: Lexicon): Subject | null {
  let end = tokens.length;
  while (end > 0 && TRAILING.has((tokens[end - 1] as Token).text)) end--;
  if (end === 0 || tokens[end - 1]?.kind === 'punct') return null;
  let start = end;
  while (start > 0 && !isSentenceEnd(tokens[start - 1])) start--;
  for (let v = end - 1; v >= Math.max(start, end - 7); v--) {
    if (lex.english && PARTICIPLES.has(tokens[v]?.lower ?? '')) {
      if (!tailIsComplement(tokens, v + 1, end, lex)) continue;
      return participleSubject(tokens, start, v, end, lex);
    }
    const verb = verbAt(tokens, v, lex);
    if (verb.end < 0) continue;
    if (verb.pronoun) return pronounSubject(verb.pronounWord ?? '');
    // Inversion at the very end: `Then said Elizabeth:`.
    const inverted = parseSubjectForward(tokens, verb.end, lex);
    if (inverted !== null && inverted.end === end) return inverted.subject;
    const leading = sentenceSubject(tokens, start, v, end, lex);
    if (!tailIsComplement(tokens, verb.end, end, lex)) return leading;
    let p = v - 1;
    if (isAdverb(tokens[p])) p--;
    if (isWord(tokens[p]) && CLITICS.has((tokens[p] as Token).lower)) p--;
    // A reporting verb right before the quote whose subject we cannot read
    // (`Margaret, thoughtful again, said:`): someone speaks, we cannot tell who.
    return parseSubjectBackward(tokens, start, p, lex) ?? leading ?? unnamed(false);
  }
  return null;
}

const AND_WORDS = new Set(['and', 'et', 'e', 'ed', 'und']);

/** Present participles of reporting verbs that lead into a quote (`turned to his son, saying,`). */
const PARTICIPLES = new Set(
  `saying crying calling exclaiming adding asking replying answering whispering muttering
  murmuring shouting remarking observing continuing`.split(/\s+/),
);

/**
 * The subject of a sentence whose reporting verb is a participle right before the quote: its
 * named subject (as sentenceSubject reads it), or a he/she opening it (`And he turned to his son,
 * saying,`) when no capitalised word or other subject pronoun comes between; else nobody.
 */
function participleSubject(
  tokens: Token[],
  start: number,
  v: number,
  end: number,
  lex: Lexicon,
): Subject | null {
  const named = sentenceSubject(tokens, start, v, end, lex);
  if (named !== null) return named;
  const s = pastOpener(tokens, start);
  const first = tokens[s];
  if (!isWord(first) || !lex.pronouns.has(first.lower)) return null;
  for (let k = s + 1; k < v; k++) {
    const t = tokens[k];
    if (isWord(t) && (t.cap || (lex.pronouns.has(t.lower) && !OBJECT_PRONOUNS.has(t.lower)))) {
      return null;
    }
  }
  return pronounSubject(first.lower);
}

/** Relative pronouns open an apposition about the subject (`Jean, qui riait, dit :`). */
const RELATIVES = new Set('who which that qui que che cui der die das'.split(' '));

/** Words that may open a sentence before its subject (`And Anna said:`, `Puis Jean dit :`). */
const OPENERS = new Set(
  'and but then so et mais puis alors enfin e ma poi allora und aber dann'.split(' '),
);

/** Where the subject may start: after one opener (`And`, `Puis`) at `start`, if there is one. */
function pastOpener(tokens: Token[], start: number): number {
  const first = tokens[start];
  return isWord(first) && OPENERS.has(first.lower) ? start + 1 : start;
}

/**
 * The named subject opening the sentence of a reporting verb at `v` that its own clause does not
 * name: `Anna put down her cup and said:`, `Jean, qui riait encore, répondit tout bas :`. Only
 * when nothing else in the sentence could be the speaker: no other capitalised word, no
 * pronoun subject, and a short tail after the verb.
 */
function sentenceSubject(
  tokens: Token[],
  start: number,
  v: number,
  end: number,
  lex: Lexicon,
): Subject | null {
  const s = pastOpener(tokens, start);
  const subject = parseSubjectForward(tokens, s, lex);
  if (subject === null || subject.subject.kind !== 'named') return null;
  if (end - v > 5) return null;
  // Right before the verb (past an adverb or a clitic): the subject itself, `and`, or the comma
  // closing an apposition; an auxiliary (`Anna had said:`) is another construction.
  let p = v - 1;
  if (isAdverb(tokens[p])) p--;
  if (isWord(tokens[p]) && CLITICS.has((tokens[p] as Token).lower)) p--;
  const joint = tokens[p];
  const joined = joint?.text === ',' || (isWord(joint) && AND_WORDS.has(joint.lower));
  if (p !== subject.end - 1 && !joined) return null;
  // A `to the Knave` after the verb names the listener, not another possible speaker.
  const verbEnd = verbAt(tokens, v, lex).end;
  const last = verbEnd >= 0 && tailIsComplement(tokens, verbEnd, end, lex) ? v : end;
  for (let k = subject.end; k < last; k++) {
    const t = tokens[k];
    if (!isWord(t)) continue;
    const pronoun =
      lex.pronouns.has(t.lower) &&
      !CLITICS.has(t.lower) &&
      !RELATIVES.has(t.lower) &&
      !OBJECT_PRONOUNS.has(t.lower);
    if (t.cap || pronoun) return null;
  }
  return subject.subject;
}

/** Pronouns that are never a sentence's subject (`turned away from him, and said`). */
const OBJECT_PRONOUNS = new Set(
  'him her them me us himself herself themselves myself itself'.split(' '),
);

/** After the verb only an adverb and a short `to his wife` phrase may follow. */
function tailIsComplement(tokens: Token[], from: number, end: number, lex: Lexicon): boolean {
  let k = from;
  if (isAdverb(tokens[k])) k++;
  if (k < end && isWord(tokens[k]) && TO_WORDS.has((tokens[k] as Token).lower)) {
    k++;
    const object = parseSubjectForward(tokens, k, lex);
    if (object === null) return false;
    k = object.end;
  }
  if (isAdverb(tokens[k])) k++;
  return k >= end;
}

/** A reporting clause inside the speech: tokens `from` (its first word) to `to` (exclusive). */
export interface Incise {
  subject: Subject;
  words: number;
  from: number;
  to: number;
}

/**
 * Incises inside the speech (French, Italian, German typesetting): a comma, a reporting verb
 * and its subject, then a comma or the end of a sentence. Returns each clause and its words.
 */
export function incisesInSpeech(tokens: Token[], lex: Lexicon): Incise[] {
  const found: Incise[] = [];
  for (let c = 0; c < tokens.length; c++) {
    const mark = tokens[c]?.text;
    // `, dit Bouvard,` and, after an exclamation or a question, `! dit Bouvard.` (lower case).
    const opensIncise =
      mark === ',' || ((mark === '!' || mark === '?' || mark === '…') && !tokens[c + 1]?.cap);
    if (!opensIncise) continue;
    let v = c + 1;
    if (isWord(tokens[v]) && CLITICS.has((tokens[v] as Token).lower)) v++;
    const verb = verbAt(tokens, v, lex);
    if (verb.end < 0) continue;
    let end = verb.end;
    let subject: Subject | null = verb.pronoun ? pronounSubject(verb.pronounWord ?? '') : null;
    if (subject === null) {
      const parsed = parseSubjectForward(tokens, verb.end, lex);
      if (parsed === null) continue;
      subject = parsed.subject;
      end = parsed.end;
    }
    while (end < tokens.length && end - c < 10 && isWord(tokens[end])) end++;
    const stop = tokens[end];
    if (stop !== undefined && stop.text !== ',' && !isSentenceEnd(stop)) continue;
    found.push({
      subject,
      words: tokens.slice(c + 1, end).filter(isWord).length,
      from: c + 1,
      to: end,
    });
    c = end - 1;
  }
  return found;
}
