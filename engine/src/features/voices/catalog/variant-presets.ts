/**
 * The character presets every embedded (eSpeak NG) voice is offered in: one of eSpeak's own
 * variants (engines/espeak/espeak-variants.ts) with a pitch multiplier and a pace multiplier,
 * chosen so that the presets of one voice spread over pitch (≈ 75–370 Hz), pace (0.77–1.3×) and
 * timbre (each variant's own formants) instead of piling up near the plain voice. A preset's key
 * is part of its voices' ids (FNV-1a of `espeak:<voice>+<variant>;pitch=<p>;rate=<r>`), so a
 * preset must never change once shipped: add new ones instead.
 */
import {
  CHARACTER_VARIANTS,
  f0ForPitch,
  type VoiceAge,
} from '../engines/espeak/espeak-variants.ts';

export interface VariantPreset {
  /** Slug part, unique: `en-us+m3`, `en-us+m3-deep`. */
  key: string;
  /** eSpeak variant file name. */
  variant: string;
  /** Pitch multiplier (TtsRequest.pitch), 1 = the variant's own. */
  pitch: number;
  /** Pace multiplier applied to the request's speed, 1 = the variant's own. */
  rate: number;
  /** Human label, appended to the voice's display name. */
  label: string;
}

export interface PresetTraits {
  gender: 'male' | 'female' | null;
  age: VoiceAge;
  /** Predicted median F0 (Hz). */
  f0: number;
  /** Predicted pace relative to the plain voice at speed 1. */
  pace: number;
}

const p = (key: string, variant: string, pitch: number, rate: number, label: string) => ({
  key,
  variant,
  pitch,
  rate,
  label,
});

export const VARIANT_PRESETS: readonly VariantPreset[] = [
  // Men: a spread from very deep to light, slow to brisk, young to old.
  p('m1', 'm1', 1, 0.94, 'older man'),
  p('m2', 'm2', 1, 1, 'man, plain'),
  p('m3', 'm3', 1, 1.04, 'man, brisk'),
  p('m4', 'm4', 0.9, 0.97, 'man, low and measured'),
  p('m5', 'm5', 1.1, 1, 'man, bright'),
  p('m6', 'm6', 1.2, 1.06, 'man, light and quick'),
  p('m7', 'm7', 1.3, 1.02, 'man, high'),
  p('m8', 'm8', 0.85, 0.95, 'mature man, deep'),
  p('alex', 'Alex', 1.15, 1.08, 'man, lively'),
  p('andy', 'Andy', 1, 1, 'man, unhurried'),
  p('denis', 'Denis', 0.9, 1.05, 'man, low and quick'),
  p('diogo', 'Diogo', 1.25, 1.1, 'young man, quick'),
  p('marco', 'Marco', 1, 1.05, 'young man, high and slow'),
  p('michael', 'Michael', 1.1, 0.95, 'man, bright and calm'),
  p('mike', 'Mike', 0.8, 0.98, 'man, very low'),
  p('paul', 'paul', 0.9, 0.92, 'man, low and slow'),
  p('robert', 'robert', 1.35, 1.05, 'man, tenor'),
  p('travis', 'travis', 1.4, 1.12, 'young man, light and fast'),
  p('victor', 'victor', 1.2, 1.08, 'young man'),
  p('david', 'david', 1, 0.95, 'man, bass'),
  p('grandpa', 'grandpa', 1, 0.88, 'old man, slow'),
  p('croak', 'croak', 0.9, 0.9, 'old man, gravelly'),
  p('m3-deep', 'm3', 0.7, 0.92, 'man, deep and slow'),
  p('m7-bright', 'm7', 1.5, 1.1, 'man, very light and quick'),
  // Women.
  p('f1', 'f1', 1, 0.94, 'older woman'),
  p('f2', 'f2', 1, 1, 'woman, plain'),
  p('f3', 'f3', 1.1, 1.04, 'woman, bright'),
  p('f4', 'f4', 0.9, 0.96, 'woman, low'),
  p('f5', 'f5', 1.2, 1.08, 'woman, light and quick'),
  p('alicia', 'Alicia', 1, 1.1, 'woman, high and deliberate'),
  p('andrea', 'Andrea', 0.9, 0.9, 'woman, quick'),
  p('annie', 'Annie', 1.1, 1, 'woman, high'),
  p('anika', 'anika', 1.05, 0.92, 'young woman, quick'),
  p('aunty', 'aunty', 0.85, 0.95, 'woman, deep and warm'),
  p('belinda', 'belinda', 1, 1, 'woman, clear'),
  p('linda', 'linda', 0.9, 1.06, 'woman, brisk'),
  p('shelby', 'shelby', 1.15, 1.05, 'woman, light'),
  p('steph', 'steph', 0.85, 1, 'woman, low and even'),
  p('grandma', 'grandma', 0.95, 0.9, 'old woman, slow'),
  p('f2-low', 'f2', 0.75, 0.95, 'woman, alto'),
  p('f5-bright', 'f5', 1.45, 1.1, 'woman, very light'),
  // Children (eSpeak has one child variant; a lower one reads as an older child).
  p('zac', 'zac', 1, 1.05, 'child'),
  p('zac-low', 'zac', 0.8, 1, 'older child'),
];

/** Gender, age and the pitch and pace a preset is predicted to have. */
export function presetTraits(preset: VariantPreset): PresetTraits {
  const variant = CHARACTER_VARIANTS[preset.variant];
  if (!variant) throw new Error(`variant preset ${preset.key}: unknown variant ${preset.variant}`);
  return {
    gender: variant.gender,
    age: variant.age,
    f0: f0ForPitch(variant.f0, preset.pitch),
    pace: variant.pace * preset.rate,
  };
}

/** What eSpeak is asked for: the base voice with the variant (`gmw/en-US+m3`). */
export function variantEngineVoice(identifier: string, preset: VariantPreset): string {
  return `${identifier}+${preset.variant}`;
}

/** The stable key a preset voice's id and UUID hash (the variant and both multipliers). */
export function variantKey(identifier: string, preset: VariantPreset): string {
  return `espeak:${variantEngineVoice(identifier, preset)};pitch=${preset.pitch};rate=${preset.rate}`;
}
