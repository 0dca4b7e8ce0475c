/**
 * Speaker attribution: who speaks each line of a text. A general library — pure, no routes, no
 * database, no book rows: callers hand it paragraphs (text, an optional preset speaker, a locked
 * or cleared flag, a chapter id for scene breaks) and read back speakers, characters and aliases.
 * The books area stores what it returns (docs/api/audiobook.md, "Cast and speakers"); its eval
 * is `npm run eval -- attribution` over ./eval/ (docs/api/audiobook.md, "Attribution eval").
 *
 * - detectSpeakers: the instant pass, per paragraph;
 * - readCast: the context pass: lines per paragraph with speakers, characters with their
 *   aliases and genders;
 * - annotateWithoutModel: the split into narration and dialogue lines, from readCast;
 * - attributeLinesWithModel + mergeVerdicts: the model pass over readCast's lines, handed a
 *   language model by the caller, and what is kept where it and the rules disagree.
 */
export type { CastAlias } from './aliases.ts';
export {
  detectSpeakers,
  detectSpeakersExplained,
  type AttributionSource,
  type DetectionResult,
  type ParagraphForDetection,
} from './speaker-detection.ts';
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
