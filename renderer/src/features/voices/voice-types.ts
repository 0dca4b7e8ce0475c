/**
 * Wire types of the voice routes (document 3 "Voices", document 2 "Voices";
 * engine/src/features/voices/catalog/routes.ts, docs/api/voices.md), inferred from the engine's own
 * zod schemas with type-only imports, so nothing of the engine is bundled into the studio.
 */
import type { z } from 'zod';
import type {
  availableVoicesSchema,
  languagesSchema,
  previewSchema,
  voiceEntrySchema,
  voiceListQuery,
  voiceListSchema,
} from '../../../../engine/src/features/voices/catalog/voice-schemas.ts';

export type Voice = z.output<typeof voiceEntrySchema>;
export type VoiceTier = Voice['tier'];
export type VoiceList = z.output<typeof voiceListSchema>;
/** The list filters the studio sends (skip/limit as numbers: the engine also takes strings). */
export type VoiceListQuery = Pick<
  z.output<typeof voiceListQuery>,
  'search' | 'language' | 'engine' | 'gender' | 'skip' | 'limit'
>;
export type VoiceEngine = NonNullable<VoiceListQuery['engine']>;
export type VoicePreview = z.output<typeof previewSchema>;
export type AvailableVoices = z.output<typeof availableVoicesSchema>;
export type VoiceLanguages = z.output<typeof languagesSchema>;
export type VoiceLanguage = VoiceLanguages['languages'][number];

/** The engine's page size limit for GET /voice/voice-profiles. */
export const VOICE_PAGE_SIZE = 50;
