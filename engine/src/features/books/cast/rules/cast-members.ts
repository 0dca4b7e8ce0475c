/**
 * The cast list of `GET .../cast` (spec "Cast member (GET /cast)") and the alias rules of
 * `POST .../cast/alias` (spec "Character voices (cast)", rule 13). Pure: the routes load the
 * rows and store the result.
 *
 * - The narrator bucket (every paragraph with an empty character_name) comes first, always,
 *   voiced by the project's selected_voice_id.
 * - Names are grouped case-insensitively; a group is shown with the spelling of its first line.
 * - paragraph_count counts lines that are not skip_narration; a merged alias keeps its own entry
 *   with its own count, and its lines are not counted in the main speaker's.
 * - voice_id: with character voices on, the cast voice (an alias shows its main speaker's);
 *   otherwise the voice most of its counted lines carry (the most frequent non-null voice_id,
 *   ties to the lowest id), or null when none of them carries one.
 * - Characters follow the narrator by line count, most first; ties by name.
 * - Names listed by cast/alias (alias and main speaker) appear even before any line carries them.
 * - namedSpeakerCount counts speakers, not names: the narrator and alias entries are left out.
 */
import { AppError } from '../../../../errors.ts';
import type { CastAlias } from '../../../../libraries/speaker-attribution/index.ts';

export interface CastMember {
  /** null for the narrator */
  character_name: string | null;
  is_narrator: boolean;
  paragraph_count: number;
  voice_id: number | null;
  /** set when this name is merged onto another speaker */
  alias_of: string | null;
  /** one line of this speaker (first counted line, at most SAMPLE_CHARS characters) */
  sample_line: string | null;
  /** names merged onto this speaker */
  aliases: string[];
}

export interface CastParagraph {
  character_name: string | null;
  voice_id: number | null;
  skip_narration: boolean;
  text: string;
}

export type { CastAlias };

export const SAMPLE_CHARS = 200;

const keyOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

function sample(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SAMPLE_CHARS) return flat;
  const cut = flat.slice(0, SAMPLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${space > SAMPLE_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}

interface Group {
  display: string;
  count: number;
  sample: string | null;
  voices: Map<number, number>;
}

function mostCarried(voices: Map<number, number>): number | null {
  let best: number | null = null;
  let bestCount = 0;
  for (const [voice, count] of voices) {
    if (count > bestCount || (count === bestCount && best !== null && voice < best)) {
      best = voice;
      bestCount = count;
    }
  }
  return best;
}

function lookup<T>(map: Map<string, T>, name: string): T | undefined {
  const direct = map.get(name);
  if (direct !== undefined) return direct;
  for (const [k, v] of map) if (keyOf(k) === keyOf(name)) return v;
  return undefined;
}

export function buildCastMembers(args: {
  paragraphs: CastParagraph[];
  aliases: CastAlias[];
  castVoices: Map<string, number>;
  multiVoice: boolean;
  projectVoiceId: number | null;
}): CastMember[] {
  const narrator: Group = { display: '', count: 0, sample: null, voices: new Map() };
  const groups = new Map<string, Group>();
  const groupFor = (name: string): Group => {
    const key = keyOf(name);
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        display: name.trim().replace(/\s+/g, ' '),
        count: 0,
        sample: null,
        voices: new Map(),
      };
      groups.set(key, group);
    }
    return group;
  };
  for (const p of args.paragraphs) {
    const name = p.character_name?.trim() ?? '';
    const group = name === '' ? narrator : groupFor(name);
    if (p.skip_narration) continue;
    group.count++;
    group.sample ??= p.text.trim() === '' ? null : sample(p.text);
    if (p.voice_id !== null) group.voices.set(p.voice_id, (group.voices.get(p.voice_id) ?? 0) + 1);
  }
  const aliasOf = new Map<string, string>();
  for (const alias of args.aliases) {
    if (keyOf(alias.name) === '' || keyOf(alias.name) === keyOf(alias.alias_of)) continue;
    aliasOf.set(keyOf(alias.name), alias.alias_of.trim());
    groupFor(alias.name);
    groupFor(alias.alias_of);
  }
  const mainOf = (key: string): string | undefined => aliasOf.get(key);
  const displayOf = (name: string) => groups.get(keyOf(name))?.display ?? name;

  const characters: CastMember[] = [...groups.entries()].map(([key, group]) => {
    const main = mainOf(key);
    const castVoice = lookup(args.castVoices, main ?? group.display) ?? null;
    return {
      character_name: group.display,
      is_narrator: false,
      paragraph_count: group.count,
      voice_id: args.multiVoice ? castVoice : mostCarried(group.voices),
      alias_of: main === undefined ? null : displayOf(main),
      sample_line: group.sample,
      aliases: [...aliasOf.entries()]
        .filter(([, target]) => keyOf(target) === key)
        .map(([aliasKey]) => groups.get(aliasKey)?.display ?? aliasKey),
    };
  });
  characters.sort(
    (a, b) =>
      b.paragraph_count - a.paragraph_count ||
      keyOf(a.character_name ?? '').localeCompare(keyOf(b.character_name ?? '')),
  );
  return [
    {
      character_name: null,
      is_narrator: true,
      paragraph_count: narrator.count,
      voice_id: args.projectVoiceId,
      alias_of: null,
      sample_line: narrator.sample,
      aliases: [],
    },
    ...characters,
  ];
}

/** The count of named speakers: not the narrator, and an alias is no speaker of its own. */
export function namedSpeakerCount(members: CastMember[]): number {
  return members.filter((m) => !m.is_narrator && m.alias_of === null).length;
}

export const MAX_NAME_CHARS = 120;

/**
 * Rule 13: 400 when an alias is not allowed. `aliasOf` null removes the alias (always allowed).
 * Decided here, since the spec gives only the self-alias example: aliases are one level deep.
 * - a name aliased onto itself (case-insensitively) → 400;
 * - aliasOf is itself an alias of some name (a chain) → 400: alias onto the main speaker;
 * - the name already has aliases of its own (it is a main speaker) → 400: it would become a
 *   link in a chain; move or remove those aliases first;
 * - names must be 1 to 120 characters.
 * Re-aliasing a name already merged elsewhere is allowed: the new target replaces the old.
 * With one level only, no cycle can form.
 */
export function validateAlias(
  name: string,
  aliasOf: string | null,
  existing: readonly CastAlias[],
): void {
  const fail = (message: string, details: Record<string, unknown>): never => {
    throw new AppError('validation_error', message, { details });
  };
  const n = keyOf(name);
  if (n === '' || name.trim().length > MAX_NAME_CHARS) {
    fail(`character_name must be 1 to ${MAX_NAME_CHARS} characters`, { field: 'character_name' });
  }
  if (aliasOf === null) return;
  const target = keyOf(aliasOf);
  if (target === '' || aliasOf.trim().length > MAX_NAME_CHARS) {
    fail(`alias_of must be 1 to ${MAX_NAME_CHARS} characters`, { field: 'alias_of' });
  }
  if (n === target) {
    fail('a name cannot be an alias of itself', { field: 'alias_of', reason: 'self_alias' });
  }
  const targetAlias = existing.find((a) => keyOf(a.name) === target);
  if (targetAlias !== undefined && keyOf(targetAlias.alias_of) !== n) {
    fail(`"${aliasOf}" is itself an alias of "${targetAlias.alias_of}"; alias onto that name`, {
      field: 'alias_of',
      reason: 'alias_chain',
      main: targetAlias.alias_of,
    });
  }
  if (targetAlias !== undefined) {
    fail(`"${aliasOf}" is an alias of "${name}"; remove that alias first`, {
      field: 'alias_of',
      reason: 'alias_cycle',
    });
  }
  const own = existing.filter((a) => keyOf(a.alias_of) === n && keyOf(a.name) !== n);
  if (own.length > 0) {
    fail(`"${name}" has aliases of its own; move them first`, {
      field: 'character_name',
      reason: 'alias_chain',
      aliases: own.map((a) => a.name),
    });
  }
}
