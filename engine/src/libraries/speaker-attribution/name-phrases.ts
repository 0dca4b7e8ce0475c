/**
 * The phrases a reporting clause is made of: a reporting verb (lexicon.ts, plus unlisted English
 * past tenses where a tag is certain) and its subject, which is a name (titles, articles and
 * particles included: "Mr. Darcy", "la Signora Prassede", "Lady Catherine de Bourgh"), a
 * pronoun, or a determiner phrase ("his wife"). Only a name is a speaker; the other two are
 * subjects that name nobody.
 */
import type { Lexicon } from './lexicon.ts';
import { isWord, possessiveStem, type Token } from './tokens.ts';

export type Subject =
  | { kind: 'named'; name: string }
  /**
   * `firstPerson`: "I said", a first-person narrator taking part in the talk. `word`: the
   * pronoun ("she") or the phrase ("his wife", "the lawyer") in lower case, where one was read:
   * the context pass resolves it to a character.
   */
  | { kind: 'unnamed'; pronoun: boolean; firstPerson?: boolean; word?: string };

const ADVERBS = new Set(
  'then again now still also too once presently poi allora ancora subito alors encore dann noch'.split(
    ' ',
  ),
);
const NEEDS_PARTICLE = new Set(['went', 'goes', 'put', 'puts', 'broke', 'breaks', 'fuhr']);
export const CLITICS = new Set('lui leur me te nous vous gli le mi ti ci si ihm ihr'.split(' '));
const AND = new Set(['and', 'e', 'ed', 'et', 'und']);
export const NEGATIONS = new Set([
  'nothing',
  'not',
  'no',
  'never',
  'niente',
  'nulla',
  'rien',
  'nichts',
]);
export const TO_WORDS = new Set(['to', 'at', 'unto', 'of', 'a', 'à', 'zu']);
/** Words that end a descriptor phrase ("his lady | to him", "the man | with the hat"). */
const PHRASE_STOPS = new Set(
  'to at unto of with in on from for by and or but as that who which while when'.split(' '),
);
const ELIDED_ARTICLE = /^l['’]/u;

const named = (name: string): Subject => ({ kind: 'named', name });
export const unnamed = (pronoun: boolean, word?: string): Subject =>
  word === undefined ? { kind: 'unnamed', pronoun } : { kind: 'unnamed', pronoun, word };
const FIRST_PERSON = new Set(['i', 'we', 'io', 'noi', 'je', 'nous', 'ich', 'wir']);
export const pronounSubject = (lower: string): Subject => ({
  kind: 'unnamed',
  pronoun: true,
  firstPerson: FIRST_PERSON.has(lower),
  word: lower,
});

export function isAdverb(t: Token | undefined): boolean {
  if (!isWord(t) || t.cap) return false;
  return ADVERBS.has(t.lower) || t.lower.endsWith('ly') || t.lower.endsWith('mente');
}

/**
 * After a quote ending in a comma the narration is a reporting tag, whatever its verb: there an
 * English past tense we do not list is read as one too (`mourned Anne`, `Slim stated`).
 */
const PAST_TENSE = /^\p{Ll}{2,}ed$/u;

const INDEFINITE = new Set(['a', 'an', 'un', 'une', 'uno', 'una', 'ein', 'eine']);

/** A reporting verb at `i`; returns the index after it (and its particle), or -1. */
export function verbAt(
  tokens: Token[],
  i: number,
  lex: Lexicon,
  tagExpected = false,
): { end: number; pronoun: boolean; pronounWord?: string } {
  const t = tokens[i];
  if (!isWord(t)) return { end: -1, pronoun: false };
  if (tagExpected && PAST_TENSE.test(t.lower) && !lex.verbs.has(t.lower)) {
    return { end: i + 1, pronoun: false };
  }
  const parts = t.lower.split('-');
  const head = parts[0] ?? '';
  if (parts.length > 1 && lex.verbs.has(head)) {
    // dit-il, répondit-elle, demanda-t-il
    const rest = parts.slice(1).filter((p) => p !== 't');
    if (rest.length > 0 && rest.every((p) => lex.pronouns.has(p)))
      return { end: i + 1, pronoun: true, pronounWord: rest[rest.length - 1] as string };
    return { end: -1, pronoun: false };
  }
  if (!lex.verbs.has(t.lower)) return { end: -1, pronoun: false };
  const next = tokens[i + 1];
  // `said in an altered tone`: before an indefinite article the particle is a preposition
  // (`went on the doctor` is an inverted subject).
  const after = tokens[i + 2];
  const hasParticle =
    isWord(next) &&
    lex.particles.has(next.lower) &&
    !(isWord(after) && INDEFINITE.has(after.lower));
  if (NEEDS_PARTICLE.has(t.lower) && !hasParticle) return { end: -1, pronoun: false };
  return { end: hasParticle ? i + 2 : i + 1, pronoun: false };
}

/** A capitalised word that can be part of a name (not a pronoun, function word or verb). */
function isNameWord(t: Token, lex: Lexicon): boolean {
  return !lex.notNames.has(t.lower) && !lex.pronouns.has(t.lower) && !lex.verbs.has(t.lower);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface NameParse {
  name: string;
  end: number;
  /** "Elizabeth's mother", "Jane and Elizabeth": a name is there but it is not the speaker. */
  notTheSpeaker: boolean;
}

/** Lower-case words English puts before a bare name as a fixed epithet ("poor Tom"). */
const EPITHETS = new Set(['old', 'young', 'little', 'poor', 'dear']);

export const isEpithet = (t: Token | undefined): boolean =>
  isWord(t) && !t.cap && EPITHETS.has(t.lower);

/**
 * A name starting at `i`: [epithet] [article] [titles] Capitalised words (with de/of/van
 * particles).
 */
export function parseNameForward(tokens: Token[], i: number, lex: Lexicon): NameParse | null {
  const parts: string[] = [];
  let j = i;
  // An epithet before a name is no part of it: `said old Cotter`, `added little Amy`.
  const epithet = tokens[j];
  if (isEpithet(epithet) && tokens[j + 1]?.cap) j++;
  const first = tokens[j];
  if (isWord(first) && (lex.articles.has(first.lower) || ELIDED_ARTICLE.test(first.lower))) {
    const next = tokens[j + 1];
    if (ELIDED_ARTICLE.test(first.lower) && first.lower.length > 2) {
      const rest = first.text.slice(2);
      if (!/^\p{Lu}/u.test(rest)) return null;
      return { name: capitalise(first.text), end: j + 1, notTheSpeaker: false };
    }
    if (!isWord(next) || !next.cap || lex.notNames.has(next.lower)) return null;
    parts.push(first.text);
    j++;
  }
  let capitalTitle = false;
  while (isWord(tokens[j]) && lex.titles.has((tokens[j] as Token).lower.replace(/\.$/, ''))) {
    const t = tokens[j] as Token;
    parts.push(t.text);
    capitalTitle ||= t.cap;
    j++;
  }
  let proper = 0;
  let possessive = false;
  while (proper < 4) {
    const t = tokens[j];
    if (!isWord(t)) break;
    if (t.cap && isNameWord(t, lex)) {
      const stem = possessiveStem(t);
      parts.push(stem ?? t.text);
      proper++;
      j++;
      if (stem !== null) {
        possessive = true;
        break;
      }
    } else if (parts.length > 0 && lex.nameParticles.has(t.lower) && tokens[j + 1]?.cap) {
      parts.push(t.text);
      j++;
    } else break;
  }
  if (proper === 0 && !(capitalTitle && parts.length > 0)) return null;
  const after = tokens[j];
  const plural = isWord(after) && AND.has(after.lower) && tokens[j + 1]?.cap === true;
  return { name: capitalise(parts.join(' ')), end: j, notTheSpeaker: possessive || plural };
}

/** The subject phrase starting at `i`: a name, a pronoun, or a determiner phrase. */
export function parseSubjectForward(
  tokens: Token[],
  i: number,
  lex: Lexicon,
): { subject: Subject; end: number } | null {
  const t = tokens[i];
  if (!isWord(t)) return null;
  const name = parseNameForward(tokens, i, lex);
  if (name !== null) {
    return { subject: name.notTheSpeaker ? unnamed(false) : named(name.name), end: name.end };
  }
  if (lex.pronouns.has(t.lower)) return { subject: pronounSubject(t.lower), end: i + 1 };
  if (lex.determiners.has(t.lower) || ELIDED_ARTICLE.test(t.lower) || possessiveStem(t)) {
    let j = i + 1;
    while (j < i + 4 && isWord(tokens[j]) && !(tokens[j] as Token).cap) {
      const w = tokens[j] as Token;
      if (verbAt(tokens, j, lex).end >= 0 || PHRASE_STOPS.has(w.lower) || isAdverb(w)) break;
      j++;
    }
    const phrase = tokens
      .slice(i, j)
      .map((w) => w.lower)
      .join(' ');
    return { subject: unnamed(false, phrase), end: j };
  }
  return null;
}

/** Walks back from `p` over a name; returns where it starts, or -1. */
function nameStartBackward(tokens: Token[], start: number, p: number, lex: Lexicon): number {
  let q = p;
  while (q - 1 >= start) {
    const prev = tokens[q - 1] as Token;
    if (prev.kind !== 'word') break;
    const title = lex.titles.has(prev.lower.replace(/\.$/, ''));
    const capital = prev.cap && isNameWord(prev, lex);
    const particle = lex.nameParticles.has(prev.lower) && q - 2 >= start && tokens[q - 2]?.cap;
    const article = lex.articles.has(prev.lower);
    if (title || capital || particle || article) q--;
    else break;
    if (article) break;
  }
  return q;
}

/** The subject of a clause ending at `p` (inclusive), read backwards. */
export function parseSubjectBackward(
  tokens: Token[],
  start: number,
  p: number,
  lex: Lexicon,
): Subject | null {
  const t = tokens[p];
  if (!isWord(t) || p < start) return null;
  if (lex.pronouns.has(t.lower)) return pronounSubject(t.lower);
  if (t.cap && isNameWord(t, lex)) {
    const q = nameStartBackward(tokens, start, p, lex);
    const name = parseNameForward(tokens, q, lex);
    if (name === null || name.end !== p + 1) return null;
    return name.notTheSpeaker ? unnamed(false) : named(name.name);
  }
  if (!t.cap) {
    for (let q = p - 1; q >= Math.max(start, p - 3); q--) {
      const w = tokens[q];
      if (!isWord(w)) break;
      if (lex.determiners.has(w.lower) || possessiveStem(w) !== null) {
        const phrase = tokens
          .slice(q, p + 1)
          .map((x) => x.lower)
          .join(' ');
        return unnamed(false, phrase);
      }
    }
  }
  return null;
}
