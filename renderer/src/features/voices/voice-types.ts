/**
 * Wire types of the voice routes (document 3 "Voices", document 2 "Voices";
 * docs/api/voices.md), named from the engine's contract (../../api/contract.gen.ts, generated
 * from the route table).
 */
import type { QueryOf, ResponseOf } from '../../api/contract.ts';

export type VoiceList = ResponseOf<'get', '/voice/voice-profiles'>;
export type Voice = VoiceList['voices'][number];
export type VoiceTier = Voice['tier'];
/** The list filters the studio sends (skip/limit as numbers: the engine also takes strings). */
export type VoiceListQuery = Pick<
  NonNullable<QueryOf<'get', '/voice/voice-profiles'>>,
  'search' | 'language' | 'engine' | 'gender'
> & { skip?: number; limit?: number };
export type VoiceEngine = NonNullable<VoiceListQuery['engine']>;
export type VoicePreview = ResponseOf<'get', '/voice/voice-profiles/{voice_identifier}/preview'>;
export type AvailableVoices = ResponseOf<'get', '/audiobook/voices/available'>;
export type VoiceLanguages = ResponseOf<'get', '/audiobook/voices/languages'>;
export type VoiceLanguage = VoiceLanguages['languages'][number];

/** The engine's page size limit for GET /voice/voice-profiles. */
export const VOICE_PAGE_SIZE = 50;
