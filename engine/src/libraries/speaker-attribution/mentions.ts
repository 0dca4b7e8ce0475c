/**
 * Names in the narration, and the gender the text gives them. Used by the context pass for
 * which characters are in the scene (salience) and for he/she clauses.
 *
 * A name mention is a capitalised name phrase (name-phrases.ts parseNameForward). At a sentence
 * start, where any word is capitalised, a one-word phrase counts only when the caller knows it as
 * a name (a speaker or an addressee elsewhere) or it carries a title.
 *
 * Gender from the text: a sentence that opens with a name and goes on in lower case
 * ("Elizabeth shook her head") votes for the first he/his/him or she/her/hers later in it, and a
 * next sentence opening with "He"/"She" votes too. A name is given a gender with at least two
 * votes and four in five agreeing. Crude, and only used where titles say nothing.
 */
import type { Gender } from './characters.ts';
import type { Lexicon } from './lexicon.ts';
import { parseNameForward } from './name-phrases.ts';
import { isSentenceEnd, isWord, type Token } from './tokens.ts';

export interface NameMention {
  name: string;
  /** Token index where it starts and ends (exclusive). */
  from: number;
  to: number;
  /** The mention opens its sentence and a lower-case word follows: the sentence's subject. */
  subject: boolean;
}

const SENTENCE_LEAD = new Set(['"', '“', '‘', "'", '«', '»', '—', '–', '(', '-']);

export function atSentenceStart(tokens: Token[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && SENTENCE_LEAD.has((tokens[k] as Token).text)) k--;
  return k < 0 || isSentenceEnd(tokens[k]) || tokens[k]?.text === ':';
}

/** Two or more words of two letters or more, all in capitals, within tokens [from, to). */
function shouted(tokens: Token[], from: number, to: number): boolean {
  let caps = 0;
  for (let k = from; k < to; k++) {
    const t = tokens[k];
    if (isWord(t) && /\p{L}{2}/u.test(t.text) && t.text === t.text.toUpperCase()) caps++;
  }
  return caps >= 2;
}

export function nameMentions(
  tokens: Token[],
  lex: Lexicon,
  isKnown: (name: string) => boolean,
): NameMention[] {
  const found: NameMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!isWord(t) || !t.cap) continue;
    const parsed = parseNameForward(tokens, i, lex);
    if (parsed === null || parsed.end <= i) continue;
    // A run of upper-case words is a heading or a title line ("THE PROJECT GUTENBERG EBOOK
    // ALICE'S"), not a name; read as one, it would become a variant of "Alice".
    if (shouted(tokens, i, parsed.end)) {
      i = parsed.end - 1;
      continue;
    }
    const start = atSentenceStart(tokens, i);
    const titled = lex.titles.has(t.lower.replace(/\.$/, '')) && parsed.end - i > 1;
    if (start && !titled && !isKnown(parsed.name)) {
      i = parsed.end - 1;
      continue;
    }
    const next = tokens[parsed.end];
    found.push({
      name: parsed.name,
      from: i,
      to: parsed.end,
      // "Mr. Darcy and Mr. Bingley walked in": neither alone is the subject.
      subject: start && isWord(next) && !next.cap && !parsed.notTheSpeaker,
    });
    i = parsed.end - 1;
  }
  return found;
}

/** Votes for the gender of names, read sentence by sentence (see the file comment). */
export class GenderVotes {
  private votes = new Map<string, { male: number; female: number }>();

  constructor(private readonly lex: Lexicon) {}

  private vote(key: string, gender: Gender): void {
    const v = this.votes.get(key) ?? { male: 0, female: 0 };
    v[gender]++;
    this.votes.set(key, v);
  }

  private genderOf(t: Token | undefined): Gender | null {
    if (!isWord(t)) return null;
    const w = t.lower;
    if (!this.lex.pronouns.has(w) && !['his', 'him', 'her', 'hers'].includes(w)) return null;
    if (this.lex.male.has(w)) return 'male';
    if (this.lex.female.has(w)) return 'female';
    return null;
  }

  /** Reads one stretch of narration; `keyOf` maps a mention to its character key (or null). */
  read(tokens: Token[], mentions: NameMention[], keyOf: (name: string) => string | null): void {
    for (const m of mentions) {
      if (!m.subject) continue;
      const key = keyOf(m.name);
      if (key === null) continue;
      let k = m.to;
      let voted = false;
      for (; k < tokens.length && !isSentenceEnd(tokens[k]); k++) {
        if (mentions.some((o) => o.from === k)) break;
        const g = this.genderOf(tokens[k]);
        if (g !== null) {
          this.vote(key, g);
          voted = true;
          break;
        }
      }
      if (voted) continue;
      while (k < tokens.length && isSentenceEnd(tokens[k])) k++;
      const next = tokens[k];
      if (isWord(next) && next.cap) {
        const g = this.genderOf(next);
        if (g !== null) this.vote(key, g);
      }
    }
  }

  gender(key: string): Gender | null {
    const v = this.votes.get(key);
    if (v === undefined) return null;
    const total = v.male + v.female;
    if (total < 2) return null;
    if (v.male >= 0.8 * total) return 'male';
    if (v.female >= 0.8 * total) return 'female';
    return null;
  }
}

/**
 * Unnamed people the narration brings on ("the old man", "a young woman", "his wife"): their
 * gender, per mention. A pronoun may be theirs, so they stand on stage beside the named.
 */
export function unnamedPeople(tokens: Token[], lex: Lexicon): Gender[] {
  const found: Gender[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!isWord(t) || !lex.determiners.has(t.lower)) continue;
    for (let j = i + 1; j <= i + 3 && j < tokens.length; j++) {
      const w = tokens[j];
      if (!isWord(w) || w.cap) break;
      if (lex.maleNouns.has(w.lower)) found.push('male');
      else if (lex.femaleNouns.has(w.lower)) found.push('female');
      else continue;
      i = j;
      break;
    }
  }
  return found;
}
