/**
 * The speech area's public surface: its route rows, its builder and the calls other areas may
 * make (docs/api/transcription.md, docs/api/alignment.md).
 */
import { alignmentRoutes } from './alignment/alignment-routes.ts';
import { openAiTranscriptionRoutes } from './transcription/openai-routes.ts';
import { transcriptionRoutes } from './transcription/transcription-routes.ts';

export { createSpeechArea, type SpeechArea, type SpeechAreaDeps } from './speech-area.ts';
export {
  AlignmentService,
  type AlignAudio,
  type AlignedWord,
  type AlignmentResult,
} from './alignment/alignment-service.ts';

export type { TranscriptSegments } from './transcription/transcripts-service.ts';
export type { TranscriptSegment, TranscriptWord } from './transcription/transcript-types.ts';
export { toSrt, toVtt } from './transcription/captions.ts';
export {
  SpeechRecognizer,
  type LabelledTurn,
  type Recognition,
  type RecognizeOptions,
} from './transcription/speech-recognizer.ts';

export const speechAreaRoutes = [
  ...transcriptionRoutes,
  ...openAiTranscriptionRoutes,
  ...alignmentRoutes,
];
export { makeTranscriptionJob } from './transcription/transcription-job.ts';
