/**
 * Comparing speaker names inside one book: "Darcy" and "Mr. Darcy" are one speaker for the
 * turn-taking pass, "Mr. Bennet" and "Mrs. Bennet" are two. Names are compared
 * case-insensitively, as the cast groups them (spec "Cast member (GET /cast)").
 */
import type { Lexicon } from './lexicon.ts';

interface NameParts {
  titles: string[];
  rest: string[];
}

function parts(name: string, lex: Lexicon): NameParts {
  const words = name
    .toLowerCase()
    .replace(/[.'’]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const titles: string[] = [];
  const rest: string[] = [];
  for (const w of words) {
    if (lex.articles.has(w)) continue;
    if (rest.length === 0 && lex.titles.has(w)) titles.push(w);
    else rest.push(w);
  }
  return { titles, rest };
}

/** Case-insensitive key used to group names. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function sameSpeaker(a: string, b: string, lex: Lexicon): boolean {
  if (nameKey(a) === nameKey(b)) return true;
  const pa = parts(a, lex);
  const pb = parts(b, lex);
  const titlesAgree =
    pa.titles.length === 0 || pb.titles.length === 0 || pa.titles.join(' ') === pb.titles.join(' ');
  if (!titlesAgree) return false;
  if (pa.rest.length === 0 || pb.rest.length === 0) {
    return pa.rest.length === pb.rest.length && pa.titles.join(' ') === pb.titles.join(' ');
  }
  const [short, long] = pa.rest.length <= pb.rest.length ? [pa, pb] : [pb, pa];
  if (short.rest.length === long.rest.length) return short.rest.join(' ') === long.rest.join(' ');
  // "Elizabeth" / "Elizabeth Bennet", "Darcy" / "Mr. Fitzwilliam Darcy".
  return short.rest.length === 1 && long.rest.includes(short.rest[0] as string);
}

/**
 * Whether a speech mentions the speaker by name ("Mr. Bennet, how can you…"): a line that
 * addresses its would-be speaker is not theirs, so turn-taking stops there.
 */
export function mentionsName(speech: string, name: string, lex: Lexicon): boolean {
  const words = name.split(/[\s.]+/).filter((w) => {
    const lower = w.toLowerCase();
    return w.length > 1 && !lex.titles.has(lower) && !lex.articles.has(lower);
  });
  return words.some((word) => {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = `(?<![\\p{L}\\p{N}])(?:${escaped}|${escaped.toUpperCase()})(?![\\p{L}\\p{N}])`;
    return new RegExp(pattern, 'u').test(speech);
  });
}
