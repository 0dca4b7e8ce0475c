/**
 * The voices a caller may narrate with (document 2, "Voices"; document 3, voice library). The
 * engine's catalog (local-catalog.ts) holds the embedded eSpeak NG voices and the voices of the
 * installed neural packs (Piper, Kokoro); custom voices join it (cloned ones spoken by a ZipVoice
 * or PocketTTS cloning pack). `emptyVoiceCatalog` is for unit tests of code that needs no voices: nothing is picked
 * and voice ids are stored unchecked.
 */
import type { VoiceAge } from '../engines/espeak/espeak-variants.ts';

export interface CatalogVoice {
  /** Voice ids are integers (document 2, "Identifiers"). */
  id: number;
  /** The voice's own language, locale form (`en-US`). */
  language: string;
  /** Other languages it can speak. */
  supportedLanguages: string[];
  gender: 'male' | 'female' | 'neutral' | null;
}

/** Engines that speak catalog voices (features/voices/engines). */
export type VoiceEngineName = 'espeak' | 'piper' | 'kokoro' | 'zipvoice' | 'pocket';

export type { VoiceAge };

/** Delivery a voice always has, multiplied into every request (1 = the engine voice's own). */
export interface VoiceProsody {
  pitch: number;
  rate: number;
  /** Liveliness (TtsRequest.energy), for designed voices; 1 when absent. */
  energy?: number;
}

/** A voice the engine can actually speak: what the catalog routes and narration need. */
export interface SpeakableVoice extends CatalogVoice {
  /** API name, unique in the catalog (`en-us`, `piper-en_us-lessac-medium`). */
  name: string;
  displayName: string;
  engine: VoiceEngineName;
  /** The engine's own key for the voice (eSpeak identifier, neural pack voice key). */
  engineVoice: string;
  /**
   * `embedded`: formant synthesis, always present; `neural`: an installed model pack;
   * `custom`: a user's own voice (cloned or designed; features/voices/custom).
   */
  tier: 'embedded' | 'neural' | 'custom';
  /** The pack it comes from (null for the embedded engine). */
  packId: string | null;
  /** Age hint, when known (eSpeak variants, designed and measured voices). */
  age?: VoiceAge | null;
  /** Pitch and pace this voice always applies (eSpeak presets, designed voices). */
  prosody?: VoiceProsody;
  /**
   * The stable key the id and UUID are hashed from, when it is not `<engine>:<engineVoice>`
   * (presets of one variant share an engine voice and differ in prosody).
   */
  key?: string;
  /** For an embedded voice in a character preset: its base voice's id and the preset. */
  variant?: { baseId: number; preset: string };
  /** For a custom voice: whose it is and who may use it (features/voices/custom). */
  owner?: { userId: string; isPublic: boolean; uuid: string };
}

export interface VoiceCatalog {
  /** False while no catalog is installed: callers skip voice checks instead of refusing all. */
  readonly available: boolean;
  /** Voices `ownerId` may use (library voices and their own cloned ones), in a stable order. */
  list(ownerId: string): CatalogVoice[];
  /**
   * A voice `ownerId` may use. An empty `ownerId` is the engine's own lookup of a voice id it
   * already stored (a take, a paragraph): it finds any voice, custom ones of every owner too.
   */
  get(ownerId: string, id: number): CatalogVoice | null;
}

export const emptyVoiceCatalog: VoiceCatalog = {
  available: false,
  list: () => [],
  get: () => null,
};
