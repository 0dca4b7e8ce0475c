/**
 * Character voices (cast): pure libraries behind the cast routes (spec "Character voices
 * (cast)", "Voice order for a narrated paragraph", "Cast member (GET /cast)"). No routes, no
 * database: the audiobook service loads rows, calls these, and stores the results.
 * - detectSpeakers: the instant pass (rule 6), per paragraph;
 * - readCast: the context pass without a model (rule 8): lines per paragraph with speakers,
 *   characters with their aliases and genders;
 * - annotateWithoutModel: rule 10's split into narration and dialogue lines, from readCast;
 * - attributeLinesWithModel + mergeVerdicts: the model pass over readCast's lines, handed a
 *   language model, and what is kept where it and the rules disagree.
 */
export {
  detectSpeakers,
  detectSpeakersExplained,
  type AttributionSource,
  type DetectionResult,
  type ParagraphForDetection,
} from './speaker-detection.ts';
export {
  resolveVoice,
  type ResolvedVoice,
  type VoiceOrderInput,
  type VoiceSource,
} from './voice-order.ts';
export { pickCastVoices, type CastVoiceRequest, type CatalogVoice } from './cast-voice-pick.ts';
export {
  buildCastMembers,
  MAX_NAME_CHARS,
  namedSpeakerCount,
  SAMPLE_CHARS,
  validateAlias,
  type CastAlias,
  type CastMember,
  type CastParagraph,
} from './cast-members.ts';
export {
  readCast,
  type CastCharacter,
  type CastLine,
  type CastReading,
  type ContextParagraph,
  type ParagraphCast,
} from './context-pass.ts';
export { annotateWithoutModel, linesOf, type SplitLine } from './line-split.ts';
export { nameKey } from './names.ts';
export { SPEECH_SHARE } from './paragraph-analysis.ts';
export {
  attributeLinesWithModel,
  planLinePass,
  CONFIDENCE,
  type Confidence,
  type LineModel,
  type LinePassInput,
  type LinePlan,
  type ModelLine,
  type PlanCounter,
} from './model-lines.ts';
export {
  mergeVerdict,
  mergeVerdicts,
  paragraphSpeakers,
  type LineVerdict,
} from './model-verdicts.ts';
export { modelWindows, type ModelWindow, type WindowParagraph } from './model-windows.ts';
