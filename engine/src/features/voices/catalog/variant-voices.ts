/**
 * The embedded engine's character voices: every STANDARD eSpeak NG voice in every preset of
 * variant-presets.ts (140 voices × 43 presets), so each language has dozens of audibly distinct
 * voices with a gender and an age hint, enough to give every character of a book its own.
 * They are ordinary catalog voices: an id (FNV-1a of the preset key, stable like every id), a
 * slug (`en-us+m3`, `en-us+m3-deep`), a display name (`English (America), man, brisk`), and the
 * preset's pitch and pace as the voice's own prosody, applied by VoiceSynthesizer on every
 * request, so narration, `/audio/speech`, previews and the reader speak them alike.
 */
import { stableVoiceId, type StandardVoice } from './standard-voices.ts';
import type { SpeakableVoice } from './voice-catalog.ts';
import {
  presetTraits,
  variantEngineVoice,
  variantKey,
  VARIANT_PRESETS,
  type VariantPreset,
} from './variant-presets.ts';

export function variantVoice(base: StandardVoice, preset: VariantPreset): SpeakableVoice {
  const key = variantKey(base.engineVoice, preset);
  const traits = presetTraits(preset);
  return {
    id: stableVoiceId(key),
    name: `${base.name}+${preset.key}`,
    displayName: `${base.displayName}, ${preset.label}`,
    language: base.language,
    supportedLanguages: base.supportedLanguages,
    gender: traits.gender,
    age: traits.age,
    engine: 'espeak',
    engineVoice: variantEngineVoice(base.engineVoice, preset),
    tier: 'embedded',
    packId: null,
    prosody: { pitch: preset.pitch, rate: preset.rate },
    key,
    variant: { baseId: base.id, preset: preset.key },
  };
}

/** Every base voice in every preset, grouped by base voice in the presets' order. */
export function variantVoices(bases: readonly StandardVoice[]): SpeakableVoice[] {
  return bases.flatMap((base) => VARIANT_PRESETS.map((preset) => variantVoice(base, preset)));
}

export function presetByKey(key: string): VariantPreset | undefined {
  return VARIANT_PRESETS.find((preset) => preset.key === key);
}
