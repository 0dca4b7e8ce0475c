/**
 * The book's characters for the context pass (spec "Character voices (cast)", rule 8: "alternate
 * names merged as aliases; an alias set by the caller is never changed"). Every name the book
 * gives a speaker, addresses or titles is a form; forms are grouped into characters:
 *
 * 1. Forms with the same words after their titles are one character when their titles agree
 *    ("Mr. Utterson" = "Mr Utterson"). A bare form ("Utterson") joins the one titled group of
 *    its words; beside two ("Mr. Bennet", "Mrs. Bennet") it stays apart, being ambiguous.
 * 2. A one-word group joins a group of a longer name holding that word: as the first name
 *    ("Elizabeth" → "Elizabeth Bennet", "Sir Henry" → "Sir Henry Baskerville") or as the surname
 *    ("Holmes", "Mr. Holmes" → "Sherlock Holmes"), when exactly one such longer name is there, or
 *    exactly one of them speaks ("Baskerville" → Sir Henry, not the late Sir Charles). A woman's
 *    title with a surname ("Mrs. Bennet", "Miss Bennet") never joins a first name's group: it
 *    names the wife or the eldest daughter, not "Elizabeth Bennet".
 * 3. A short form joins the one character going by its full first name ("Lizzy", "Eliza" →
 *    "Elizabeth"; first-names.ts).
 * 4. Genders that disagree never join (titles, first names, and he/she read near the name:
 *    mentions.ts).
 * 5. The caller's aliases come first and are kept as given: their names are grouped as the
 *    caller said, and the caller's main name is the character's name.
 *
 * A character's name is the caller's main name, else its form most used in reporting clauses,
 * else its most frequent form, else the one of most words, else the longest.
 */
import type { Lexicon } from './lexicon.ts';
import { firstNameGender, fullFormsOf } from './first-names.ts';
import { nameKey } from './names.ts';
import { namesAPlace } from './places.ts';

export type Gender = 'male' | 'female';

export interface NameForm {
  name: string;
  /** Times the form is the subject of a reporting clause (a speaker). */
  spoken: number;
  /** Times the form appears at all (clauses, vocatives, narration). */
  seen: number;
  /** The book uses it as a person's name (a given name opening sentences as their subject). */
  person?: boolean;
  /** Times the narration puts it where a place goes ("at Netherfield"; places.ts). */
  place?: number;
}

export interface Character {
  name: string;
  forms: string[];
  gender: Gender | null;
  /** The caller fixed this character's grouping (one of its forms is a caller alias). */
  fixed: boolean;
}

export interface CharacterIndex {
  characters: Character[];
  /** The character a form (any case) belongs to. */
  of: (name: string) => Character | undefined;
}

const TITLE_EQUIVALENTS: Record<string, string> = {
  mister: 'mr',
  missus: 'mrs',
  doctor: 'dr',
  captain: 'capt',
  colonel: 'col',
  general: 'gen',
  lieutenant: 'lt',
  sergeant: 'sgt',
  professor: 'prof',
  reverend: 'rev',
  monsieur: 'm',
  madame: 'mme',
  mademoiselle: 'mlle',
  signore: 'signor',
  dottore: 'dottor',
  monsignore: 'monsignor',
};

interface Parsed {
  titles: string[];
  rest: string[];
}

export function parseName(name: string, lex: Lexicon): Parsed {
  const words = name
    .toLowerCase()
    .replace(/[.]/g, ' ')
    .replace(/['’]s\b/g, '')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const titles: string[] = [];
  const rest: string[] = [];
  for (const w of words) {
    if (rest.length === 0 && lex.articles.has(w)) continue;
    if (rest.length === 0 && lex.titles.has(w)) titles.push(TITLE_EQUIVALENTS[w] ?? w);
    else rest.push(w);
  }
  return { titles, rest };
}

export function titleGender(titles: string[], lex: Lexicon): Gender | null {
  for (const t of titles) {
    if (lex.maleTitles.has(t)) return 'male';
    if (lex.femaleTitles.has(t)) return 'female';
  }
  return null;
}

/** Titles anybody may carry; the others (Lady, Sir, Colonel, …) mark rank. */
const COURTESY = new Set(['mr', 'mrs', 'miss', 'ms', 'master', 'mme', 'mlle', 'm']);

const FEMALE_SURNAME_TITLES = new Set(['mrs', 'miss', 'ms', 'mme', 'mlle', 'signora', 'signorina']);

const wordCount = (name: string) => name.trim().split(/\s+/).length;

class Groups {
  private parent = new Map<string, string>();
  find(key: string): string {
    let root = key;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    this.parent.set(key, root);
    return root;
  }
  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
  }
}

export function buildCharacters(args: {
  forms: NameForm[];
  lex: Lexicon;
  /** Caller aliases: name → main name. */
  aliases: { name: string; alias_of: string }[];
  /** Gender read from the text per form key (gender.ts); titles win over it. */
  textGender: (name: string) => Gender | null;
}): CharacterIndex {
  const { lex } = args;
  const byKey = new Map<string, NameForm>();
  const add = (form: NameForm) => {
    const key = nameKey(form.name);
    if (key === '') return;
    const known = byKey.get(key);
    if (known === undefined) byKey.set(key, { ...form });
    else {
      known.spoken += form.spoken;
      known.seen += form.seen;
      known.person ||= form.person;
      if (form.place) known.place = (known.place ?? 0) + form.place;
    }
  };
  for (const form of args.forms) add(form);
  for (const alias of args.aliases) {
    add({ name: alias.name, spoken: 0, seen: 0 });
    add({ name: alias.alias_of, spoken: 0, seen: 0 });
  }
  const groups = new Groups();
  const fixed = new Set<string>();
  const mains = new Map<string, string>();
  for (const alias of args.aliases) {
    const a = nameKey(alias.name);
    const b = nameKey(alias.alias_of);
    groups.union(b, a);
    fixed.add(a);
    fixed.add(b);
    mains.set(b, alias.alias_of.trim());
  }
  const parsed = new Map([...byKey.keys()].map((k) => [k, parseName(k, lex)]));
  const genderOfKey = (key: string): Gender | null => {
    const p = parsed.get(key);
    if (p === undefined) return null;
    // A first name says a gender; a lone word may be a place ("Denver") unless it speaks.
    const form = byKey.get(key);
    const person =
      p.rest.length >= 2 || (form !== undefined && (form.spoken > 0 || form.person === true));
    const first = p.titles.length === 0 && person ? p.rest[0] : undefined;
    return (
      titleGender(p.titles, lex) ??
      (first === undefined ? null : firstNameGender(first)) ??
      args.textGender(key)
    );
  };
  const groupGender = (root: string): Gender | null | 'mixed' => {
    let found: Gender | null = null;
    for (const key of byKey.keys()) {
      if (groups.find(key) !== root) continue;
      const g = genderOfKey(key);
      if (g === null) continue;
      if (found !== null && found !== g) return 'mixed';
      found = g;
    }
    return found;
  };
  const compatible = (a: string, b: string): boolean => {
    const ga = groupGender(groups.find(a));
    const gb = groupGender(groups.find(b));
    if (ga === 'mixed' || gb === 'mixed') return false;
    return ga === null || gb === null || ga === gb;
  };
  const holdsFixed = (root: string) => [...fixed].some((k) => groups.find(k) === root);
  /** Two forms that could name one person: same words, or one's word inside the other's. */
  const related = (x: string, y: string): boolean => {
    const px = parsed.get(x)?.rest ?? [];
    const py = parsed.get(y)?.rest ?? [];
    if (px.join(' ') === py.join(' ')) return true;
    const [short, longer] = px.length <= py.length ? [px, py] : [py, px];
    const w = short[0];
    return short.length === 1 && (longer[0] === w || longer[longer.length - 1] === w);
  };
  /**
   * Never joins two groups the caller made, and adds to a caller's group only forms that could
   * name each of the caller's names in it ("Sir Henry Baskerville" to "Sir Henry" = "Baskerville",
   * never "Mr. Utterson" to a caller's "Utterson" = "Enfield").
   */
  const autoJoin = (into: string, key: string) => {
    const a = groups.find(into);
    const b = groups.find(key);
    if (a === b || (holdsFixed(a) && holdsFixed(b))) return;
    const [callers, joining] = holdsFixed(a) ? [a, b] : holdsFixed(b) ? [b, a] : [null, null];
    if (callers !== null && joining !== null) {
      const fixedKeys = [...fixed].filter((k) => groups.find(k) === callers);
      const newcomers = [...byKey.keys()].filter((k) => groups.find(k) === joining);
      if (!newcomers.every((n) => fixedKeys.every((f) => related(n, f)))) return;
    }
    if (compatible(into, key)) groups.union(into, key);
  };

  // 1. Same words after the titles.
  const byRest = new Map<string, string[]>();
  for (const [key, p] of parsed) {
    const rest = p.rest.join(' ');
    byRest.set(rest, [...(byRest.get(rest) ?? []), key]);
  }
  for (const keys of byRest.values()) {
    const byTitle = new Map<string, string[]>();
    for (const key of keys) {
      const title = (parsed.get(key) as Parsed).titles.join(' ');
      byTitle.set(title, [...(byTitle.get(title) ?? []), key]);
    }
    for (const same of byTitle.values())
      for (const k of same.slice(1)) autoJoin(same[0] as string, k);
    const titled = [...byTitle.entries()].filter(([t]) => t !== '');
    const bare = byTitle.get('');
    if (bare === undefined || (parsed.get(bare[0] as string)?.rest.length ?? 0) === 0) continue;
    // A bare surname beside several titled ones is a man's ("Bingley" beside "Mr. Bingley" and
    // "Miss Bingley"): women are not called by their bare surname.
    const men = titled.filter(([t]) => titleGender(t.split(' '), lex) === 'male');
    const target = titled.length === 1 ? titled[0] : men.length === 1 ? men[0] : undefined;
    if (target !== undefined) autoJoin(target[1][0] as string, bare[0] as string);
  }

  // 2. One-word groups into the one longer name holding the word.
  const spokenOf = (root: string) =>
    [...byKey.entries()].some(([k, f]) => groups.find(k) === root && f.spoken > 0);
  const long = [...parsed.entries()].filter(([, p]) => p.rest.length >= 2);
  const membersOf = (root: string) => [...byKey.keys()].filter((k) => groups.find(k) === root);
  const titlesOf = (keys: string[]) => new Set(keys.flatMap((k) => parsed.get(k)?.titles ?? []));
  const oneWord = [...parsed.entries()].filter(([, p]) => p.rest.length === 1);
  // Untitled names first ("Elizabeth" → "Elizabeth Bennet"), so that a long name's gender is
  // known before a titled surname ("Mr. Bennet") looks at it; twice, since a join can make a
  // long name a speaker ("Sir Henry" → "Sir Henry Baskerville", then "Baskerville" → them).
  oneWord.sort((a, b) => a[1].titles.length - b[1].titles.length);
  for (let round = 0; round < 2; round++) {
    for (const [key, p] of oneWord) {
      const own = groups.find(key);
      // The titles of the whole group count: "Fitzwilliam" beside "Colonel Fitzwilliam" is a
      // colonel's surname, not Darcy's first name.
      const titles = titlesOf(membersOf(own));
      const word = p.rest[0] as string;
      const womanSurname = [...titles].some((t) => FEMALE_SURNAME_TITLES.has(t));
      const candidates = new Set<string>();
      for (const [other, q] of long) {
        const root = groups.find(other);
        if (root === own) continue;
        const first = q.rest[0] === word;
        const last = q.rest[q.rest.length - 1] === word;
        const sameTitle = q.titles.length > 0 && q.titles.every((t) => titles.has(t));
        // Untitled: a first name or a surname. A woman's title with a surname names a wife or
        // an eldest daughter, never one of the daughters' full names ("Miss Bennet" is not
        // "Miss Lydia Bennet"). A man's title: the long name's own title ("Sir Henry" → "Sir
        // Henry Baskerville"), or a surname ("Mr. Holmes" → "Sherlock Holmes").
        const fits =
          titles.size === 0
            ? first || last
            : womanSurname
              ? first && (sameTitle || q.titles.length === 0)
              : sameTitle
                ? first || last
                : last && q.titles.length === 0;
        if (!fits) continue;
        // "Mr. Holmes" → "Sherlock Holmes" only when the long name is known to be a man's.
        const manBySurname = titles.size > 0 && !sameTitle && !womanSurname;
        if (manBySurname && groupGender(root) !== titleGender([...titles], lex)) continue;
        candidates.add(root);
      }
      let targets = [...candidates];
      if (targets.length > 1) targets = targets.filter(spokenOf);
      if (targets.length === 1) autoJoin(targets[0] as string, key);
    }
  }

  // 3. A short form into the one character going by its full first name ("Lizzy" → Elizabeth).
  for (const [key, p] of parsed) {
    if (p.titles.length > 0 || p.rest.length !== 1) continue;
    const fulls = fullFormsOf(p.rest[0] as string);
    if (fulls.length === 0) continue;
    const targets = new Set<string>();
    for (const [other, q] of parsed) {
      if (q.titles.length === 0 && fulls.includes(q.rest[0] ?? '')) targets.add(groups.find(other));
    }
    // Nicknames are for the family circle: never for "Lady Catherine" or "Sir Henry".
    for (const root of targets) {
      const ranked = [...byKey.keys()].some(
        (k) => groups.find(k) === root && parsed.get(k)?.titles.some((t) => !COURTESY.has(t)),
      );
      if (ranked) targets.delete(root);
    }
    targets.delete(groups.find(key));
    if (targets.size === 1) autoJoin([...targets][0] as string, key);
  }

  // Characters and their names.
  const members = new Map<string, string[]>();
  for (const key of byKey.keys()) {
    const root = groups.find(key);
    members.set(root, [...(members.get(root) ?? []), key]);
  }
  const characters: Character[] = [];
  const ofKey = new Map<string, Character>();
  for (const [root, keys] of members) {
    if (isPlace(keys, byKey, parsed, fixed)) continue;
    const forms = keys.map((k) => byKey.get(k) as NameForm);
    const callerMain = keys.map((k) => mains.get(k)).find((m) => m !== undefined);
    const best = [...forms].sort(
      (a, b) =>
        b.spoken - a.spoken ||
        b.seen - a.seen ||
        wordCount(b.name) - wordCount(a.name) ||
        b.name.length - a.name.length,
    )[0] as NameForm;
    const gender = groupGender(root);
    const character: Character = {
      name: callerMain ?? best.name,
      forms: forms.map((f) => f.name),
      gender: gender === 'mixed' ? null : gender,
      fixed: keys.some((k) => fixed.has(k)),
    };
    characters.push(character);
    for (const k of keys) ofKey.set(k, character);
  }
  return { characters, of: (name) => ofKey.get(nameKey(name)) };
}

/**
 * A group of forms naming a place, not a person (places.ts): one of its forms is a place's name
 * or sits where places go, and none speaks in a reporting clause, carries a title, is a first
 * name or was named by the caller (a caller's name is a speaker, whatever it looks like).
 */
function isPlace(
  keys: string[],
  byKey: Map<string, NameForm>,
  parsed: Map<string, Parsed>,
  fixed: Set<string>,
): boolean {
  const forms = keys.map((k) => byKey.get(k) as NameForm);
  if (!forms.some((f) => (f.place ?? 0) > 0 || namesAPlace(f.name))) return false;
  if (forms.some((f) => f.spoken > 0 || f.person === true)) return false;
  return keys.every((k) => {
    const p = parsed.get(k);
    if (fixed.has(k) || p === undefined || p.titles.length > 0) return false;
    return p.rest.length === 0 || firstNameGender(p.rest[0] as string) === null;
  });
}
