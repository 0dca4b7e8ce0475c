/**
 * Library voices for characters when character voices are turned on (spec "Character voices
 * (cast)", rule 3). Pure and deterministic: the same arguments always give the same picks.
 *
 * - A character that already has a cast voice keeps it; that voice is taken.
 * - Only voices that can read the book are suitable: their own language is the book's, or they
 *   list it among their supported languages. Languages compare by primary subtag ("en-GB"
 *   reads an "en-US" book).
 * - Preference, in the spec's order: a voice whose own language is the book's, then one that
 *   supports it, then one of the character's gender hint; after those, an exact regional match
 *   ("en-US" for "en-US"), then the lowest voice id.
 * - Never the narrator's voice, never a voice another character has (nor one picked earlier in
 *   the same call). None left: the character gets null and reads in the narrator voice.
 * - Characters are served in the order given (the caller passes the cast order, most lines
 *   first, so main characters get the best matches); names are compared case-insensitively and
 *   a repeated name is served once.
 */

export interface CatalogVoice {
  id: number;
  language: string;
  supportedLanguages: string[];
  gender: 'male' | 'female' | null;
}

export interface CastVoiceRequest {
  name: string;
  castVoiceId: number | null;
  genderHint: 'male' | 'female' | null;
}

const norm = (tag: string) => tag.trim().toLowerCase().replace(/_/g, '-');
const primary = (tag: string) => norm(tag).split('-')[0] ?? '';

interface Candidate {
  voice: CatalogVoice;
  /** 0: its own language is the book's; 1: it supports the book's language. */
  tier: number;
  /** The exact tag matches, region included. */
  exact: boolean;
}

function candidate(voice: CatalogVoice, book: string): Candidate | null {
  const b = norm(book);
  if (primary(voice.language) === primary(b)) {
    return { voice, tier: 0, exact: norm(voice.language) === b };
  }
  const supported = voice.supportedLanguages.map(norm);
  if (supported.some((s) => primary(s) === primary(b))) {
    return { voice, tier: 1, exact: supported.includes(b) };
  }
  return null;
}

/** Negative when `a` is the better pick for a character with this hint. */
function compare(a: Candidate, b: Candidate, hint: 'male' | 'female' | null): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  const ga = hint !== null && a.voice.gender === hint;
  const gb = hint !== null && b.voice.gender === hint;
  if (ga !== gb) return ga ? -1 : 1;
  if (a.exact !== b.exact) return a.exact ? -1 : 1;
  return a.voice.id - b.voice.id;
}

export function pickCastVoices(args: {
  bookLanguage: string;
  narratorVoiceId: number | null;
  characters: CastVoiceRequest[];
  catalog: CatalogVoice[];
}): Map<string, number | null> {
  const taken = new Set<number>();
  if (args.narratorVoiceId !== null) taken.add(args.narratorVoiceId);
  for (const c of args.characters) if (c.castVoiceId !== null) taken.add(c.castVoiceId);

  const suitable = args.catalog
    .map((voice) => candidate(voice, args.bookLanguage))
    .filter((c): c is Candidate => c !== null);

  const result = new Map<string, number | null>();
  const served = new Set<string>();
  for (const character of args.characters) {
    const key = character.name.trim().toLowerCase();
    if (served.has(key)) continue;
    served.add(key);
    if (character.castVoiceId !== null) {
      result.set(character.name, character.castVoiceId);
      continue;
    }
    let best: Candidate | null = null;
    for (const c of suitable) {
      if (taken.has(c.voice.id)) continue;
      if (best === null || compare(c, best, character.genderHint) < 0) best = c;
    }
    result.set(character.name, best?.voice.id ?? null);
    if (best !== null) taken.add(best.voice.id);
  }
  return result;
}
