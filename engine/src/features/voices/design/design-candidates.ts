/**
 * Voice design, step two: the parameters of a description become candidate voices, one per
 * preview, from a seed (the same seed, description and language give the same candidates).
 *
 * - Embedded engine (always): an eSpeak NG voice for the locale (the accent's dialect voice when
 *   there is one) in one of its character variants, chosen for gender, age and timbre words,
 *   with a pitch multiplier that puts the variant's measured F0 where the description asks (deep
 *   … high) and a pace from the pace words. Candidates use different variants and spread their
 *   pitch a little, so the previews sound different from each other.
 * - Kokoro (when its voices for the language are installed): a blend of two Kokoro voices of
 *   the right gender with seeded weights (kokoro-blend.ts); pace from the pace words. Kokoro has
 *   no pitch control, so pitch words only steer which voices are blended.
 * Pure and deterministic.
 */
import {
  CHARACTER_VARIANTS,
  type CharacterVariant,
  type VoiceAge,
} from '../engines/espeak/espeak-variants.ts';
import { formatKokoroBlend, type BlendPart } from '../engines/kokoro/kokoro-blend.ts';
import type { PitchLevel, Timbre, VoiceDescription } from './describe-voice.ts';

export interface DesignCandidate {
  engine: 'espeak' | 'kokoro';
  /** What the engine is asked for: `gmw/en-US+m3`, `kokoro:af_heart*0.6+af_bella*0.4`. */
  engineVoice: string;
  variant: string | null;
  blend: BlendPart[] | null;
  pitch: number;
  rate: number;
  energy: number;
  gender: 'male' | 'female' | null;
  age: VoiceAge | null;
}

export interface KokoroChoice {
  voice: string;
  gender: 'male' | 'female' | 'neutral' | null;
}

/** mulberry32: a small, well-known 32-bit PRNG; enough to vary candidates reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PITCH_FACTOR: Record<PitchLevel, number> = {
  very_low: 0.75,
  low: 0.87,
  medium: 1,
  high: 1.15,
  very_high: 1.3,
};
const PACE_RATE = { slow: 0.85, medium: 1, fast: 1.15 } as const;
const ENERGY = { calm: 0.8, neutral: 1, lively: 1.25 } as const;
const NORMAL_F0 = { male: 110, female: 210, child: 320 } as const;

/** Variants that carry a timbre word best (their formants, breath or roughness). */
const TIMBRE_VARIANTS: Record<Timbre, string[]> = {
  warm: ['m2', 'm6', 'f4', 'aunty', 'Michael'],
  bright: ['m7', 'f3', 'Annie', 'shelby', 'Diogo'],
  breathy: ['f2', 'f3', 'f5'],
  raspy: ['croak', 'm1', 'f1'],
  gravelly: ['croak', 'm1', 'grandpa'],
  husky: ['m8', 'f4', 'aunty', 'croak'],
  crisp: ['m3', 'belinda', 'Alex'],
  clear: ['m3', 'belinda', 'f5', 'robert'],
  smooth: ['m6', 'f2', 'linda'],
  resonant: ['m4', 'm8', 'david', 'paul'],
  nasal: ['Andy', 'anika'],
  soft: ['f2', 'steph', 'victor'],
};

const AGE_ORDER: Record<VoiceAge, number> = { child: 0, young: 1, adult: 2, senior: 3 };

function variantScore(
  name: string,
  variant: CharacterVariant,
  want: VoiceDescription,
  random: () => number,
): number | null {
  if (want.gender && variant.gender !== want.gender) return null;
  if ((want.age === 'child') !== (variant.age === 'child')) return null;
  let score = random() * 1.5;
  if (want.age) {
    const gap = Math.abs(AGE_ORDER[variant.age] - AGE_ORDER[want.age]);
    score += gap === 0 ? 3 : gap === 1 ? 1 : -2;
  } else if (variant.age === 'senior') score -= 1;
  for (const timbre of want.timbre) if (TIMBRE_VARIANTS[timbre].includes(name)) score += 2;
  const normal = variant.gender ? NORMAL_F0[variant.gender] : NORMAL_F0.child;
  const target = normal * PITCH_FACTOR[want.pitch];
  score -= Math.abs(Math.log(variant.f0 / target)) * 4;
  return score;
}

/** The pitch multiplier that moves a variant's F0 to `target` (inverse of f0ForPitch). */
function pitchFor(variantF0: number, target: number): number {
  const p = 1 + 2 * (target / variantF0 - 1);
  return Math.round(Math.min(1.6, Math.max(0.6, p)) * 1000) / 1000;
}

const SPREAD = [1, 0.93, 1.07, 0.88, 1.12];

export function espeakCandidates(
  identifier: string,
  want: VoiceDescription,
  seed: number,
  count: number,
): DesignCandidate[] {
  const random = seededRandom(seed);
  const ranked = Object.entries(CHARACTER_VARIANTS)
    .map(([name, variant]) => ({ name, variant, score: variantScore(name, variant, want, random) }))
    .filter(
      (c): c is { name: string; variant: CharacterVariant; score: number } => c.score !== null,
    )
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  // Without a gender, alternate: the best of each, then the next of each.
  const order = want.gender
    ? ranked
    : interleave(
        ranked.filter((c) => c.variant.gender === 'female'),
        ranked.filter((c) => c.variant.gender !== 'female'),
        random() < 0.5,
      );
  return order.slice(0, count).map(({ name, variant }, index) => {
    const normal = variant.gender ? NORMAL_F0[variant.gender] : NORMAL_F0.child;
    const target = normal * PITCH_FACTOR[want.pitch] * (SPREAD[index] ?? 1);
    const jitter = 1 + (random() - 0.5) * 0.06;
    return {
      engine: 'espeak',
      engineVoice: `${identifier}+${name}`,
      variant: name,
      blend: null,
      pitch: pitchFor(variant.f0, target),
      rate: Math.round((PACE_RATE[want.pace] / variant.pace) * jitter * 1000) / 1000,
      energy: ENERGY[want.liveliness],
      gender: variant.gender,
      age: variant.age,
    };
  });
}

function interleave<T>(a: T[], b: T[], aFirst: boolean): T[] {
  const [x, y] = aFirst ? [a, b] : [b, a];
  const out: T[] = [];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const first = x[i];
    const second = y[i];
    if (first !== undefined) out.push(first);
    if (second !== undefined) out.push(second);
  }
  return out;
}

export function kokoroCandidates(
  voices: readonly KokoroChoice[],
  want: VoiceDescription,
  seed: number,
  count: number,
): DesignCandidate[] {
  const random = seededRandom(seed);
  const pool = voices.filter((v) => !want.gender || v.gender === want.gender);
  if (pool.length === 0) return [];
  const rate = PACE_RATE[want.pace];
  return Array.from({ length: count }, (_, index) => {
    const a = pool[Math.floor(random() * pool.length)] ?? pool[0];
    const rest = pool.filter((v) => v.voice !== a?.voice);
    const b = rest.length > 0 ? rest[Math.floor(random() * rest.length)] : undefined;
    const weight = Math.round((0.55 + random() * 0.25) * 1000) / 1000;
    const blend: BlendPart[] = b
      ? [
          { voice: a?.voice ?? '', weight },
          { voice: b.voice, weight: Math.round((1 - weight) * 1000) / 1000 },
        ]
      : [{ voice: a?.voice ?? '', weight: 1 }];
    const gender = a?.gender === 'male' || a?.gender === 'female' ? a.gender : null;
    return {
      engine: 'kokoro' as const,
      engineVoice: `kokoro:${formatKokoroBlend(blend)}`,
      variant: null,
      blend,
      pitch: 1,
      rate: Math.round(rate * (SPREAD[index] ?? 1) * 1000) / 1000,
      energy: 1,
      gender: want.gender ?? gender,
      age: want.age,
    };
  });
}
