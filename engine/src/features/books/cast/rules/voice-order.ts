/**
 * Which voice narrates a paragraph (spec "Voice order for a narrated paragraph (first that
 * applies)", both tables and the paragraph after them). One pure function; the narration job
 * feeds it what it knows about the line and writes `voiceId` back when `saveOnLine` says so.
 *
 * Character voices off:
 *   1. a voice sent for that paragraph on narrate, or a voice_id sent on narration/batch (the
 *      batch voice voices every selected line and replaces any saved voice, even one set by PUT);
 *   2. the paragraph's own voice_id (a saved voice outranks chapter and narrator voices);
 *   3. the chapter's voice_id;  4. the project's selected_voice_id.
 * Character voices on:
 *   1. a *different* voice_id sent for that paragraph on narrate (one equal to the voice the
 *      line would get anyway changes nothing, so the line keeps that voice's source);
 *   2. a voice set on the paragraph by PUT voice_id (a saved voice the caller did not set is
 *      ignored);
 *   3. the character's cast voice (an alias uses its main speaker's; the caller resolves that);
 *   4. a voice_id sent on narration/batch;  5. the chapter's;  6. the project's.
 *   Batch and chapter voices replace the narrator only: a character with a cast voice keeps it;
 *   a character without one reads in whatever voice the narrator has.
 * Narration saves the voice it used on each line it narrates, except a line voiced through the
 * cast (so turning character voices off returns that line to the chapter voice or narrator).
 */

export interface VoiceOrderInput {
  multiVoice: boolean;
  /** sent for this paragraph on narrate */
  narrateVoiceId: number | null;
  batchVoiceId: number | null;
  paragraphVoiceId: number | null;
  paragraphVoiceSetByUser: boolean;
  /** the character's cast voice (alias → main speaker's) */
  castVoiceId: number | null;
  hasCharacter: boolean;
  chapterVoiceId: number | null;
  projectVoiceId: number | null;
}

export type VoiceSource =
  'narrate' | 'batch' | 'paragraph' | 'cast' | 'chapter' | 'project' | 'none';

export interface ResolvedVoice {
  voiceId: number | null;
  source: VoiceSource;
  /** narration saves the voice on the line, except a line voiced through the cast */
  saveOnLine: boolean;
}

function done(voiceId: number | null, source: VoiceSource): ResolvedVoice {
  return { voiceId, source, saveOnLine: voiceId !== null && source !== 'cast' };
}

function withoutNarrate(input: VoiceOrderInput): ResolvedVoice {
  if (input.paragraphVoiceId !== null && input.paragraphVoiceSetByUser) {
    return done(input.paragraphVoiceId, 'paragraph');
  }
  if (input.hasCharacter && input.castVoiceId !== null) return done(input.castVoiceId, 'cast');
  if (input.batchVoiceId !== null) return done(input.batchVoiceId, 'batch');
  if (input.chapterVoiceId !== null) return done(input.chapterVoiceId, 'chapter');
  if (input.projectVoiceId !== null) return done(input.projectVoiceId, 'project');
  return done(null, 'none');
}

export function resolveVoice(input: VoiceOrderInput): ResolvedVoice {
  if (!input.multiVoice) {
    if (input.narrateVoiceId !== null) return done(input.narrateVoiceId, 'narrate');
    if (input.batchVoiceId !== null) return done(input.batchVoiceId, 'batch');
    if (input.paragraphVoiceId !== null) return done(input.paragraphVoiceId, 'paragraph');
    if (input.chapterVoiceId !== null) return done(input.chapterVoiceId, 'chapter');
    if (input.projectVoiceId !== null) return done(input.projectVoiceId, 'project');
    return done(null, 'none');
  }
  const fallback = withoutNarrate(input);
  if (input.narrateVoiceId !== null && input.narrateVoiceId !== fallback.voiceId) {
    return done(input.narrateVoiceId, 'narrate');
  }
  return fallback;
}
