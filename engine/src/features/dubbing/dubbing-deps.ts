/**
 * What the dubbing area (speech translation) is built from: a slice of the core, platform's
 * files and signed URLs, billing's pricing, and the narrow services of the areas whose work it
 * chains — speech (Whisper with speakers), music (speech apart from the background), text
 * translation, and voices (clones from a prompt, catalog voices, timbre conversion).
 */
import type { Core } from '../../core.ts';
import type { Pricing } from '../billing/index.ts';
import type { Music } from '../music/index.ts';
import type { FileStore, UrlSigner, WebhookLookup } from '../platform/index.ts';
import type { SpeechRecognizer } from '../speech/index.ts';
import type { TextTranslator } from '../translation/index.ts';
import type {
  DistinctVoiceOptions,
  LocalVoiceCatalog,
  PromptCloning,
  SpeakableVoice,
  TimbreConverter,
  VoiceSynthesizer,
} from '../voices/index.ts';

/** The voices area's part in a dub. */
export interface DubbingVoices {
  prompts: PromptCloning;
  timbre: TimbreConverter;
  synth: VoiceSynthesizer;
  catalog: LocalVoiceCatalog;
  distinctVoices(language: string, options: DistinctVoiceOptions): SpeakableVoice[];
}

export interface DubbingDeps extends Pick<
  Core,
  'config' | 'db' | 'log' | 'jobs' | 'jobRepo' | 'jobEvents' | 'workers' | 'models' | 'ffmpeg'
> {
  files: FileStore;
  urls: UrlSigner;
  pricing: Pricing;
  translator: TextTranslator;
  recognizer: SpeechRecognizer;
  voices: DubbingVoices;
  music: Music;
  /** DNS answers for `url` inputs in tests; the system resolver otherwise. */
  lookup?: WebhookLookup;
}
