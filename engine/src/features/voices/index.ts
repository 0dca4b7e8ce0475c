/**
 * Voices: the one voice catalog (embedded eSpeak NG voices plus installed Piper and Kokoro
 * packs), the engines that speak them, the text pipeline every narration goes through, the voice
 * routes and the OpenAI-compatible /audio/speech (docs/api/voices.md, voices-engines.md,
 * openai-compat.md). Books, the reader and cast picks speak through `catalog` and `synth`.
 */
import type { Core } from '../../core.ts';
import type { Charges } from '../billing/index.ts';
import type { UrlSigner } from '../platform/index.ts';
import { pickDistinctVoices, type DistinctVoiceOptions } from './catalog/distinct-voices.ts';
import { LocalVoiceCatalog } from './catalog/local-catalog.ts';
import type { SpeakableVoice } from './catalog/voice-catalog.ts';
import { voiceRoutes } from './catalog/routes.ts';
import { VoicePreviews } from './catalog/voice-preview.ts';
import { VoicesService } from './catalog/voices-service.ts';
import { EspeakEngine } from './engines/espeak/espeak-engine.ts';
import { createNeuralEngines, installedNeuralVoices } from './engines/neural-voices.ts';
import { VoiceSynthesizer } from './engines/voice-synth.ts';
import { speechRoutes } from './speech/routes.ts';
import { SpeechService } from './speech/speech-service.ts';

export { LocalVoiceCatalog } from './catalog/local-catalog.ts';
export type { SpeakableVoice, VoiceAge, VoiceCatalog } from './catalog/voice-catalog.ts';
export {
  pickDistinctVoices,
  voiceTraits,
  type DistinctVoiceOptions,
} from './catalog/distinct-voices.ts';
export type { VoiceUsageSource } from './catalog/voices-service.ts';
export { suitedVoices } from './catalog/voice-views.ts';
export { directionToProsody } from './text/direction.ts';
export { VoiceSynthesizer } from './engines/voice-synth.ts';
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

export const voicesRoutes = [...speechRoutes, ...voiceRoutes];

export interface Voices {
  /** Every voice a caller may speak with. */
  catalog: LocalVoiceCatalog;
  /** Speaks a catalog voice with its engine. */
  synth: VoiceSynthesizer;
  /** The voice routes: catalog views, previews, languages. */
  library: VoicesService;
  /** OpenAI-compatible text to speech. */
  speech: SpeechService;
  /**
   * Up to `count` catalog voices for `language` that sound unlike each other and unlike the
   * `exclude`d ones (the narrator, voices already cast), ranked best first: installed neural
   * voices, then the embedded voices in their character presets (docs/api/voices-engines.md).
   */
  distinctVoices(language: string, options: DistinctVoiceOptions): SpeakableVoice[];
}

export interface VoicesDeps extends Pick<Core, 'config' | 'workers' | 'models' | 'ffmpeg' | 'log'> {
  urls: UrlSigner;
  charges: Charges;
}

export function createVoices(deps: VoicesDeps): Voices {
  const neural = createNeuralEngines(deps.workers, deps.models, deps.config.executionProviders);
  const catalog = new LocalVoiceCatalog(undefined, () =>
    installedNeuralVoices(deps.models, deps.log),
  );
  const synth = new VoiceSynthesizer({
    espeak: new EspeakEngine(deps.workers),
    piper: neural.piper,
    kokoro: neural.kokoro,
  });
  const ffmpeg = () => deps.ffmpeg.require();
  return {
    catalog,
    synth,
    library: new VoicesService(
      catalog,
      new VoicePreviews(deps.config.home, synth, ffmpeg),
      deps.urls,
    ),
    speech: new SpeechService({ voices: catalog, synth, ledger: deps.charges, ffmpeg }),
    distinctVoices: (language, options) => pickDistinctVoices(catalog.list(), language, options),
  };
}
