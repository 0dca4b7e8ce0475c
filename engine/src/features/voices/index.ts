/**
 * Voices: the one voice catalog (embedded eSpeak NG voices plus installed Piper and Kokoro
 * packs), the engines that speak them, the text pipeline every narration goes through, the voice
 * routes and the OpenAI-compatible /audio/speech (docs/api/voices.md, voices-engines.md,
 * openai-compat.md). Books, the reader and cast picks speak through `catalog` and `synth`.
 */
import { conversionRoutes } from './conversion/conversion-routes.ts';
import { customVoiceRoutes } from './custom/custom-routes.ts';
import { designRoutes } from './design/design-routes.ts';
import { voiceRoutes } from './catalog/routes.ts';
import { speechRoutes } from './speech/routes.ts';

export { createVoices, voicesJobs, type Voices, type VoicesDeps } from './voices-area.ts';
export { LocalVoiceCatalog } from './catalog/local-catalog.ts';
export type { SpeakableVoice, VoiceAge, VoiceCatalog } from './catalog/voice-catalog.ts';
export {
  pickDistinctVoices,
  voiceTraits,
  type DistinctVoiceOptions,
} from './catalog/distinct-voices.ts';
export type { VoiceUsageSource } from './catalog/voices-service.ts';
export { suitedVoices } from './catalog/voice-views.ts';
export { directionLexicon, directionToProsody } from './text/direction.ts';
export { VoiceSynthesizer } from './engines/voice-synth.ts';
export { PromptCloning, type PromptSpeechRequest } from './cloning/prompt-cloning.ts';
export type { ClonePack } from './cloning/clone-packs.ts';
export { TimbreConverter } from './conversion/timbre-converter.ts';
export { measureVoice, type VoiceMeasure } from './analysis/pitch-track.ts';
export { genderFromF0 } from './custom/voice-processing.ts';
export type { ClipTranscriber } from './custom/voice-prompt.ts';
export { EspeakEngine } from './engines/espeak/espeak-engine.ts';
export type { TtsEngine, TtsTiming } from './engines/tts-engine.ts';
export { ESPEAK_VOICES } from './engines/espeak/espeak-voices.ts';
export {
  DEFAULT_TRAILING_SILENCE_MS,
  DIRECTION_CHARACTERS,
  speakParagraph,
  type ParagraphAudio,
  type ParagraphSpeechInput,
  type PronunciationEntry,
} from './speech/speak-text.ts';

export const voicesRoutes = [
  ...speechRoutes,
  ...voiceRoutes,
  ...customVoiceRoutes,
  ...designRoutes,
  ...conversionRoutes,
];
