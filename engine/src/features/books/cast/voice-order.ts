/**
 * The voice a line would be narrated with next, from what is saved: the cast library's
 * resolveVoice (document 2, "Voice order for a narrated paragraph") without the per-request
 * overrides a narrate or batch call may add. cast/assign and cast/alias compare it before and
 * after a change to report how many lines change voice.
 */
import type { ParagraphRow } from '../../../db/schema/audiobook.ts';
import { resolveVoice } from './rules/index.ts';

export interface VoiceContext {
  multiVoice: boolean;
  projectVoiceId: number | null;
  chapterVoice(chapterId: string): number | null;
  /** The cast voice of a speaker (an alias resolves to its main speaker's), or null. */
  castVoice(characterName: string): number | null;
}

export function savedVoice(paragraph: ParagraphRow, ctx: VoiceContext): number | null {
  return resolveVoice({
    multiVoice: ctx.multiVoice,
    narrateVoiceId: null,
    batchVoiceId: null,
    paragraphVoiceId: paragraph.voiceId,
    // Rules 4 and 12: a locked line keeps its voice like one the caller set.
    paragraphVoiceSetByUser: paragraph.voiceSetBy === 'user' || paragraph.locked,
    castVoiceId: paragraph.characterName ? ctx.castVoice(paragraph.characterName) : null,
    hasCharacter: paragraph.characterName !== null,
    chapterVoiceId: ctx.chapterVoice(paragraph.chapterId),
    projectVoiceId: ctx.projectVoiceId,
  }).voiceId;
}
