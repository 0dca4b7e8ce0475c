/**
 * Kin words the book has tied to one character: "Aunt Polly" makes a bare "aunt" hers, and
 * "Uncle John" beside "John Linden" makes "uncle" John Linden's. Such a tie lets the context pass
 * read "said his uncle" as a name and a bare vocative ("I don't know, aunt.") as an address.
 *
 * A kin word is tied only when every name the book gives with it (a character's form, a vocative,
 * a narration mention: "Uncle John", "Aunt Polly") leads to the same one character: two aunts, or
 * an aunt the book never names, tie nothing. A name with the kin word leads to the character
 * holding that name, else to the one character whose first name is the word after the kin word.
 */
import { parseName, type Character, type CharacterIndex } from './characters.ts';
import type { Lexicon } from './lexicon.ts';

/** Kin words used as titles ("Aunt Polly", "l'oncle Jules"), in lower case. */
export const KIN_WORDS: ReadonlySet<string> = new Set([
  'uncle',
  'aunt',
  'auntie',
  'oncle',
  'tante',
  'onkel',
]);

/** The one character a name with a kin title leads to, else null. */
function characterOf(
  name: string,
  index: CharacterIndex,
  lex: Lexicon,
  firstNames: Map<string, Set<Character>>,
): Character | null {
  const own = index.of(name);
  if (own !== undefined) return own;
  const first = parseName(name, lex).rest[0];
  const holders = first === undefined ? undefined : firstNames.get(first);
  return holders?.size === 1 ? ([...holders][0] as Character) : null;
}

/**
 * Kin word → the one character every name with it leads to. `names`: the names the book gives
 * anywhere (vocatives, narration); the characters' own forms are read too.
 */
export function tieKinWords(
  index: CharacterIndex,
  names: string[],
  lex: Lexicon,
): Map<string, Character> {
  const firstNames = new Map<string, Set<Character>>();
  for (const character of index.characters) {
    for (const form of character.forms) {
      const parsed = parseName(form, lex);
      const first = parsed.rest[0];
      if (first === undefined || parsed.rest.length < 2) continue;
      const set = firstNames.get(first) ?? new Set<Character>();
      set.add(character);
      firstNames.set(first, set);
    }
  }
  const found = new Map<string, Set<Character | null>>();
  const all = [...index.characters.flatMap((c) => c.forms), ...names];
  for (const name of all) {
    const parsed = parseName(name, lex);
    const kin = parsed.titles.find((t) => KIN_WORDS.has(t));
    if (kin === undefined || parsed.rest.length === 0) continue;
    const set = found.get(kin) ?? new Set<Character | null>();
    set.add(characterOf(name, index, lex, firstNames));
    found.set(kin, set);
  }
  const ties = new Map<string, Character>();
  for (const [kin, set] of found) {
    const [only] = [...set];
    if (set.size === 1 && only !== null && only !== undefined) ties.set(kin, only);
  }
  return ties;
}

/** The index, where a bare kin word ("uncle", "Aunt") names the character the book tied it to. */
export function withKinTies(index: CharacterIndex, ties: Map<string, Character>): CharacterIndex {
  if (ties.size === 0) return index;
  return {
    characters: index.characters,
    of: (name) => index.of(name) ?? ties.get(name.trim().toLowerCase()),
  };
}
