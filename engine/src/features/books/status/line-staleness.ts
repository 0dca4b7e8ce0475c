/**
 * Stale audio (docs/api/narration.md, "Stale audio"): a line whose text, speaker, effective voice
 * or direction changed after its active take was made. It is not a stored status: it is read from
 * the active take whenever asked, so no edit anywhere can forget to set it, and a new take (or
 * making the matching take active again) clears it by itself.
 */
import type { ParagraphRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import type { TakeRow } from '../../../db/schema/narration.ts';
import { DIRECTION_CHARACTERS } from '../../voices/index.ts';
import { resolveVoice } from '../cast/rules/index.ts';
import type { VoiceContext } from '../cast/voice-order.ts';

import type { StaleReason } from '../vocabulary.ts';

export type { StaleReason };

/** What a take was made from, read back from its settings (line-narrator.ts writes them). */
function madeFrom(take: TakeRow) {
  const s = take.settings;
  const str = (key: string): string | null => (typeof s[key] === 'string' ? s[key] : null);
  // Takes before these keys existed recorded only what was spoken (an override included).
  return {
    recording: s.source === 'recording',
    text: 'line_text' in s ? str('line_text') : take.text,
    speaker:
      ('line_character_name' in s ? str('line_character_name') : str('character_name')) ?? '',
    direction: ('line_direction' in s ? str('line_direction') : str('direction')) ?? '',
    chosenVoice: s.voice_source === 'narrate' || s.voice_source === 'batch',
  };
}

/**
 * Why the line's active take no longer matches the line (first that applies: text, speaker,
 * voice, direction), or null. `voiceNow` is the voice the line would get now without a narrate
 * or batch voice (null: the language's default voice).
 */
export function staleReason(
  line: ParagraphRow,
  take: TakeRow | undefined,
  voiceNow: number | null,
): StaleReason | null {
  if (line.audioKey === null || take === undefined) return null;
  const was = madeFrom(take);
  if (was.text !== line.text) return 'text';
  // A recorded take is the narrator's own voice: only its text can go out of date.
  if (was.recording) return null;
  if (was.speaker !== (line.characterName ?? '')) return 'speaker';
  // A voice chosen on narrate or batch was the caller's choice; only a voice set later by PUT
  // on the line replaces it.
  const voiceChanged = was.chosenVoice
    ? line.voiceSetBy === 'user' && line.voiceId !== null && line.voiceId !== take.voiceId
    : voiceNow !== null && voiceNow !== take.voiceId;
  if (voiceChanged) return 'voice';
  if (was.direction !== line.direction.slice(0, DIRECTION_CHARACTERS)) return 'direction';
  return null;
}

export interface StaleDeps {
  /** Active takes by id. */
  takes(ids: string[]): TakeRow[];
  voiceContext(project: ProjectRow): VoiceContext;
}

/** The stale lines among `lines` of one book, with their reasons. */
export function staleLines(
  deps: StaleDeps,
  project: ProjectRow,
  lines: readonly ParagraphRow[],
): Map<string, StaleReason> {
  const withAudio = lines.filter((p) => p.audioKey !== null);
  const out = new Map<string, StaleReason>();
  if (withAudio.length === 0) return out;
  const takes = new Map(deps.takes(withAudio.map((p) => p.audioKey ?? '')).map((t) => [t.id, t]));
  const ctx = deps.voiceContext(project);
  for (const line of withAudio) {
    const character = line.characterName;
    const voiceNow = resolveVoice({
      multiVoice: ctx.multiVoice,
      narrateVoiceId: null,
      batchVoiceId: null,
      paragraphVoiceId: line.voiceId,
      paragraphVoiceSetByUser: line.voiceSetBy === 'user' || line.locked,
      castVoiceId: character ? ctx.castVoice(character) : null,
      hasCharacter: Boolean(character),
      chapterVoiceId: ctx.chapterVoice(line.chapterId),
      projectVoiceId: ctx.projectVoiceId,
    }).voiceId;
    const reason = staleReason(line, takes.get(line.audioKey ?? ''), voiceNow);
    if (reason !== null) out.set(line.id, reason);
  }
  return out;
}

/** A book's stale lines, read on demand (the views and narration/batch's `only_stale`). */
export class LineStaleness {
  constructor(
    private readonly deps: StaleDeps,
    private readonly lines: (projectId: string) => ParagraphRow[],
  ) {}

  of(project: ProjectRow, lines: readonly ParagraphRow[]): Map<string, StaleReason> {
    return staleLines(this.deps, project, lines);
  }

  /** Stale lines per chapter over the book's narrated lines (skipped ones never count). */
  perChapter(project: ProjectRow): Map<string, number> {
    const lines = this.lines(project.id);
    const stale = this.of(project, lines);
    const counts = new Map<string, number>();
    for (const line of lines)
      if (stale.has(line.id)) counts.set(line.chapterId, (counts.get(line.chapterId) ?? 0) + 1);
    return counts;
  }
}
