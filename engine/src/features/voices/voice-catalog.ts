/**
 * The voices a caller may narrate with (document 2, "Voices"; document 3, voice library). The
 * voices feature (a later issue) builds the real catalog: installed standard voices, library
 * voices and the caller's cloned voices. Until then the engine runs with `emptyVoiceCatalog`:
 * no voice is known, so the cast's automatic picks (document 2, cast rule 3) leave every
 * character without a cast voice (it reads in the narrator's voice) and voice ids sent by
 * callers are stored as given, not checked (docs/api/audiobook.md, "Voices").
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
