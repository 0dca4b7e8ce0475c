/**
 * Descriptors a reporting clause uses instead of a name ("said the lawyer", "cried his wife"),
 * and what ties them to a character once the book has said so:
 *
 * - apposition in the narration: "Mr. Utterson the lawyer", "Utterson, the lawyer,",
 *   "the lawyer, Mr. Utterson" make "the lawyer" Utterson's, from that point of the book on,
 *   while no other character is given the same description;
 * - a title used as a noun: "the doctor" is the one character titled Dr. in the scene;
 * - kinship through a name's title: "his wife" of Mr. Bennet is Mrs. Bennet, "her husband" of
 *   Mrs. Bennet is Mr. Bennet, "her father"/"her mother" of Elizabeth Bennet are Mr./Mrs. Bennet,
 *   when the book has a character of that name.
 * The possessor ("his", "her") and the scene are the resolver's (resolve.ts); this file reads
 * the phrases.
 */
import type { Character, CharacterIndex } from './characters.ts';
import { parseName } from './characters.ts';
import type { Lexicon } from './lexicon.ts';
import type { NameMention } from './mentions.ts';
import { isSentenceEnd, isWord, type Token } from './tokens.ts';

/** "the old lawyer" → "old lawyer"; null for a phrase that is no definite description. */
export function definiteHead(phrase: string, lex: Lexicon): string | null {
  const words = phrase.split(' ');
  if (words.length < 2 || !lex.articles.has(words[0] as string)) return null;
  return words.slice(1).join(' ');
}

const KIN: Record<string, { title: string; of: 'male' | 'female' | 'any' }> = {
  wife: { title: 'mrs', of: 'male' },
  lady: { title: 'mrs', of: 'male' },
  husband: { title: 'mr', of: 'female' },
  father: { title: 'mr', of: 'any' },
  mother: { title: 'mrs', of: 'any' },
};

/** "his wife" → the possessor's pronoun and the kin word, when it is a kinship phrase. */
export function kinship(phrase: string): { possessor: string; kin: string } | null {
  const m = /^(his|her)\s+(\w+)$/u.exec(phrase);
  if (m === null || KIN[m[2] as string] === undefined) return null;
  return { possessor: m[1] as string, kin: m[2] as string };
}

/** The character a kin word names for a possessor: Mr. Bennet's wife is Mrs. Bennet. */
export function kinOf(
  possessor: Character,
  kin: string,
  index: CharacterIndex,
  lex: Lexicon,
): Character | null {
  const rule = KIN[kin];
  if (rule === undefined) return null;
  if (rule.of !== 'any' && possessor.gender !== rule.of) return null;
  const surnames = new Set<string>();
  for (const form of possessor.forms) {
    const p = parseName(form, lex);
    const married = p.titles.some((t) => t === 'mr' || t === 'mrs');
    // A surname: the last word of a first-and-last name, or the word after Mr./Mrs.
    if (p.rest.length >= 2 || (married && p.rest.length === 1)) {
      surnames.add(p.rest[p.rest.length - 1] as string);
    }
  }
  const found = new Set<Character>();
  for (const surname of surnames) {
    const target = index.of(`${rule.title === 'mr' ? 'Mr.' : 'Mrs.'} ${surname}`);
    if (target !== undefined && target !== possessor) found.add(target);
  }
  return found.size === 1 ? ([...found][0] as Character) : null;
}

/** Title nouns that describe a titled character: "the doctor" → Dr. Jekyll. */
const TITLE_NOUNS: Record<string, string> = {
  doctor: 'dr',
  captain: 'capt',
  colonel: 'col',
  major: 'major',
  general: 'gen',
  professor: 'prof',
  inspector: 'inspector',
  judge: 'judge',
  squire: 'squire',
  parson: 'parson',
  king: 'king',
  queen: 'queen',
  duke: 'duke',
  duchess: 'duchess',
  count: 'count',
  countess: 'countess',
  baron: 'baron',
  prince: 'prince',
  princess: 'princess',
  lieutenant: 'lt',
  sergeant: 'sgt',
};

/** The characters a title noun may describe ("doctor" → every character titled Dr.). */
export function titledCharacters(head: string, index: CharacterIndex, lex: Lexicon): Character[] {
  const title = TITLE_NOUNS[head];
  if (title === undefined) return [];
  return index.characters.filter((c) =>
    c.forms.some((f) => parseName(f, lex).titles.includes(title)),
  );
}

const HEAD_STOPS = new Set(
  `was were is are had has have did does who whom whose which that and but or of with in on at
  to from for by as said replied answered asked cried`.split(/\s+/),
);

export interface Apposition {
  head: string;
  character: Character;
}

/**
 * Appositions in one stretch of narration: a name and a definite description side by side
 * ("Mr. Utterson the lawyer", "Utterson, the lawyer,", "the lawyer, Mr. Utterson").
 */
export function appositions(
  tokens: Token[],
  mentions: NameMention[],
  index: CharacterIndex,
  lex: Lexicon,
): Apposition[] {
  const found: Apposition[] = [];
  const description = (from: number): { head: string; end: number } | null => {
    const article = tokens[from];
    if (!isWord(article) || !lex.articles.has(article.lower) || article.cap) return null;
    const words: string[] = [];
    let k = from + 1;
    while (k < tokens.length && words.length < 3) {
      const t = tokens[k];
      if (!isWord(t) || t.cap || HEAD_STOPS.has(t.lower)) break;
      words.push(t.lower);
      k++;
    }
    if (words.length === 0) return null;
    const stop = tokens[k];
    // The description ends there: a comma, a sentence end, or a verb or function word follows.
    const closes =
      stop === undefined || stop.text === ',' || isSentenceEnd(stop) || HEAD_STOPS.has(stop.lower);
    return closes ? { head: words.join(' '), end: k } : null;
  };
  for (const m of mentions) {
    const character = index.of(m.name);
    if (character === undefined) continue;
    let k = m.to;
    if (tokens[k]?.text === ',') k++;
    const after = description(k);
    if (after !== null && after.head.length > 2) found.push({ head: after.head, character });
    // "the lawyer, Mr. Utterson"
    if (tokens[m.from - 1]?.text === ',') {
      for (let s = Math.max(0, m.from - 5); s < m.from - 1; s++) {
        const before = description(s);
        if (before !== null && before.end === m.from - 1) {
          found.push({ head: before.head, character });
          break;
        }
      }
    }
  }
  return found;
}
