/**
 * The voices a caller may narrate with (document 2, "Voices"; document 3, voice library). The
 * engine's catalog (local-catalog.ts) holds the embedded eSpeak NG voices and the voices of the
 * installed neural packs (Piper, Kokoro); custom (cloned) voices join it when a cloning model
 * exists. `emptyVoiceCatalog` is for unit tests of code that needs no voices: nothing is picked
 * and voice ids are stored unchecked.
 */

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
export type VoiceEngineName = 'espeak' | 'piper' | 'kokoro';

/** A voice the engine can actually speak: what the catalog routes and narration need. */
export interface SpeakableVoice extends CatalogVoice {
  /** API name, unique in the catalog (`en-us`, `piper-en_us-lessac-medium`). */
  name: string;
  displayName: string;
  engine: VoiceEngineName;
  /** The engine's own key for the voice (eSpeak identifier, neural pack voice key). */
  engineVoice: string;
  /** `embedded`: formant synthesis, always present; `neural`: an installed model pack. */
  tier: 'embedded' | 'neural';
  /** The pack it comes from (null for the embedded engine). */
  packId: string | null;
}

export interface VoiceCatalog {
  /** False while no catalog is installed: callers skip voice checks instead of refusing all. */
  readonly available: boolean;
  /** Voices `ownerId` may use (library voices and their own cloned ones), in a stable order. */
  list(ownerId: string): CatalogVoice[];
  get(ownerId: string, id: number): CatalogVoice | null;
}

export const emptyVoiceCatalog: VoiceCatalog = {
  available: false,
  list: () => [],
  get: () => null,
};
