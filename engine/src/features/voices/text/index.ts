/**
 * Long-form text handling for speech (narration and /audio/speech): plan what to say with
 * planSpeech, speak it with renderPlan through any engine. docs/api/narration-text.md.
 */
export {
  planSpeech,
  chunkToOriginal,
  chunkAsIpa,
  PAUSE_DEFAULTS,
  NARRATION_SPEED_RANGE,
  MAX_PAUSE_SECONDS,
  type SpeechPlan,
  type SpeechPlanOptions,
  type SpeechChunk,
  type SpeechSegment,
  type SpeechBoundary,
} from './speech-plan.ts';
export {
  renderPlan,
  speechBounds,
  type ChunkAudio,
  type SynthesizeChunk,
  type RenderOptions,
  type RenderedSpeech,
  type RenderedChunk,
} from './render.ts';
export {
  directionToProsody,
  directionLexicon,
  performedDirection,
  DIRECTION_PERFORMED_CHARACTERS,
  NEUTRAL_PROSODY,
  PROSODY_LIMITS,
  type ProsodyHints,
  type DirectionInput,
} from './direction.ts';
export {
  ENGINE_CAPS,
  capsFor,
  reduceProsody,
  type EngineCaps,
  type EngineName,
  type EngineProsody,
  type ReducedProsody,
} from './engine-caps.ts';
export {
  PronunciationDictionary,
  cleanIpa,
  phonemesAsWritten,
  type PronunciationEntry,
} from './pronunciations.ts';
export {
  normalizeText,
  normalizeMapped,
  normalizesLanguage,
  NORMALIZED_LANGUAGES,
} from './normalize.ts';
export {
  splitSentences,
  splitIntoChunks,
  baseLanguage,
  languageTag,
  DEFAULT_MAX_CHUNK_LENGTH,
  type TextSpan,
  type ChunkSpan,
  type ChunkBoundary,
} from './sentences.ts';
export { ipaToEspeak, espeakPhonemeMarkup } from './ipa-to-espeak.ts';
export { MappedText, type Piece, type PieceKind } from './mapped-text.ts';
