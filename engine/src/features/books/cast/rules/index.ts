/**
 * The cast's own rules (spec "Character voices (cast)", "Voice order for a narrated paragraph",
 * "Cast member (GET /cast)"): pure functions over rows the cast service loads. Who speaks a line
 * is the speaker-attribution library's (engine/src/libraries/speaker-attribution).
 */
export {
  resolveVoice,
  type ResolvedVoice,
  type VoiceOrderInput,
  type VoiceSource,
} from './voice-order.ts';
export { pickCastVoices, type CastVoiceRequest, type CatalogVoice } from './cast-voice-pick.ts';
export {
  buildCastMembers,
  MAX_NAME_CHARS,
  namedSpeakerCount,
  SAMPLE_CHARS,
  validateAlias,
  type CastAlias,
  type CastMember,
  type CastParagraph,
} from './cast-members.ts';
