/**
 * A catalog voice as the voice routes show it (voice-schemas.ts). Pure: usage counts come in
 * from the service.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { SpeakableVoice } from './voice-catalog.ts';
import type { voiceEntrySchema } from './voice-schemas.ts';

export type VoiceEntry = z.infer<typeof voiceEntrySchema>;

/**
 * A voice's UUID (document 3: "a voice also has a UUID"), derived from its stable key; a
 * custom voice keeps the UUID it was created with.
 */
export function voiceUuid(
  voice: Pick<SpeakableVoice, 'engine' | 'engineVoice' | 'key' | 'owner'>,
): string {
  if (voice.owner) return voice.owner.uuid;
  const key = voice.key ?? `${voice.engine}:${voice.engineVoice}`;
  const hex = createHash('sha1').update(`tapehouse-voice:${key}`).digest('hex');
  // RFC 4122 layout, version 5 (name-based, SHA-1), variant 10xx.
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

const DESCRIPTIONS: Record<SpeakableVoice['engine'], string> = {
  espeak:
    'Built-in eSpeak NG formant voice: clear and fast, audibly synthetic. Install a neural voice pack for natural narration.',
  piper: 'Piper neural voice (VITS), installed model pack.',
  kokoro: 'Kokoro neural voice (82M), installed model pack.',
  zipvoice:
    'Cloned voice: ZipVoice (Chinese and English) imitating a few seconds of this speaker’s own recording.',
  pocket:
    'Cloned voice: PocketTTS (English) imitating a few seconds of this speaker’s own recording.',
};

function describe(voice: SpeakableVoice): string {
  if (voice.variant)
    return `Built-in eSpeak NG character voice (${voice.displayName}): an eSpeak variant with its own pitch and pace, audibly synthetic.`;
  return DESCRIPTIONS[voice.engine];
}

/** The contract's `category`: `standard`, `variant` (an embedded character preset) or `custom`. */
function category(voice: SpeakableVoice): string {
  if (voice.owner) return 'custom';
  return voice.variant ? 'variant' : 'standard';
}

export function previewPath(voice: SpeakableVoice): string {
  return `/api/v1/voice/voice-profiles/${voice.id}/preview`;
}

export function toVoiceEntry(voice: SpeakableVoice, generations: number): VoiceEntry {
  return {
    voice_id: String(voice.id),
    id: voice.id,
    uuid: voiceUuid(voice),
    slug: voice.name,
    name: voice.displayName,
    category: category(voice),
    voice_type: 'STANDARD',
    language: voice.language,
    supported_languages: voice.supportedLanguages,
    gender: voice.gender ?? 'unknown',
    age_range: voice.age ?? 'unknown',
    style: voice.tier === 'neural' ? 'natural' : 'synthetic',
    description: describe(voice),
    preview_url: previewPath(voice),
    is_custom: false,
    is_public: true,
    created_by: null,
    created_at: null,
    tags: [
      voice.engine,
      voice.tier,
      voice.language.toLowerCase(),
      ...(voice.variant ? ['variant', voice.variant.preset] : []),
    ],
    usage_stats: { total_generations: generations, avg_rating: 0 },
    // eSpeak varies pitch; the neural engines vary pace only (docs/api/voices.md).
    supported_features: { speed_control: true, pitch_control: voice.engine === 'espeak' },
    clone_job_id: null,
    training_status: null,
    engine: voice.engine,
    tier: voice.tier,
  };
}

function base(tag: string): string {
  return tag.split('-')[0]?.toLowerCase() ?? tag.toLowerCase();
}

/**
 * How well a voice suits a locale (document 2, `/audiobook/voices/available`): 4 its own language
 * is exactly the locale, 3 it lists the exact locale among those it speaks (eSpeak's `en` voice
 * lists `en-gb`), 2 its own language is the same base language, 1 it supports the base language,
 * 0 not suited.
 */
export function languageFit(voice: SpeakableVoice, locale: string): number {
  const want = locale.toLowerCase();
  const own = voice.language.toLowerCase();
  const others = voice.supportedLanguages.map((l) => l.toLowerCase());
  if (own === want) return 4;
  if (others.includes(want)) return 3;
  if (base(own) === base(want)) return 2;
  if (others.some((l) => base(l) === base(want))) return 1;
  return 0;
}

/** The voices suited to `locale` (fit > 0), best fit first, keeping catalog order within a fit. */
export function suitedVoices(voices: readonly SpeakableVoice[], locale: string): SpeakableVoice[] {
  return voices
    .map((voice) => ({ voice, fit: languageFit(voice, locale) }))
    .filter((x) => x.fit > 0)
    .sort((a, b) => b.fit - a.fit)
    .map((x) => x.voice);
}
