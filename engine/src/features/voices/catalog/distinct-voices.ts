/**
 * Picks voices that sound unlike each other for one language (docs/api/voices-engines.md,
 * "Distinct voices"): the books area gives every character of a book its own voice with it,
 * never the narrator's. Each candidate is placed by what a listener hears first — median pitch
 * (log F0), pace (log), timbre (an eSpeak variant's formants or a neural speaker) and accent
 * (the base voice) — and the picks are made greedily, each time taking the candidate farthest
 * from everything already chosen or excluded, with a small preference for better voices
 * (installed neural packs, the exact locale) among those that are already far enough apart.
 * Pure and deterministic: the same catalog and request give the same list.
 */
import { PLAIN_VOICE, type VoiceAge } from '../engines/espeak/espeak-variants.ts';
import type { SpeakableVoice } from './voice-catalog.ts';
import { presetByKey } from './variant-voices.ts';
import { presetTraits } from './variant-presets.ts';
import { languageFit } from './voice-views.ts';

export interface DistinctVoiceOptions {
  /** Only voices of this gender (voices of unknown gender are left out). */
  gender?: 'male' | 'female';
  /** Voices of this age first; adjacent ages fill in (never a child for an adult or back). */
  age?: VoiceAge;
  /** Voice ids never returned and kept away from (the narrator, voices already cast). */
  exclude?: readonly number[];
  /** How many voices (fewer when the language has fewer suitable ones). */
  count: number;
}

export interface VoiceTraits {
  /** Median F0, Hz (predicted for presets, a prior from gender for neural voices). */
  f0: number;
  /** Pace relative to the plain eSpeak voice. */
  pace: number;
  /** Same value = same formants (an eSpeak variant, a neural speaker). */
  timbre: string;
  /** Same value = same accent (the base voice). */
  accent: string;
}

/** Log-distance steps a listener hears as clearly different (≈ 6 % in pitch or pace). */
const F0_STEP = 0.06;
const PACE_STEP = 0.06;
const TIMBRE_DISTANCE = 1;
const ACCENT_DISTANCE = 0.7;
/** Beyond this, more distance adds nothing: quality decides among far-enough candidates. */
const ENOUGH = 3;

const GENDER_F0 = { male: 115, female: 205, neutral: 160 } as const;

export function voiceTraits(voice: SpeakableVoice): VoiceTraits {
  if (voice.variant) {
    const preset = presetByKey(voice.variant.preset);
    if (preset) {
      const t = presetTraits(preset);
      return {
        f0: t.f0,
        pace: t.pace,
        timbre: preset.variant,
        accent: String(voice.variant.baseId),
      };
    }
  }
  if (voice.engine === 'espeak' && !voice.owner)
    return { f0: PLAIN_VOICE.f0, pace: 1, timbre: 'plain', accent: String(voice.id) };
  const prior = GENDER_F0[voice.gender ?? 'neutral'];
  return {
    f0: prior * (voice.prosody ? 1 + 0.5 * (voice.prosody.pitch - 1) : 1),
    pace: voice.prosody?.rate ?? 1,
    timbre: `voice:${voice.id}`,
    accent: voice.language.toLowerCase(),
  };
}

export function traitDistance(a: VoiceTraits, b: VoiceTraits): number {
  const pitch = Math.log(a.f0 / b.f0) / F0_STEP;
  const pace = Math.log(a.pace / b.pace) / PACE_STEP;
  return (
    Math.hypot(pitch, pace) +
    (a.timbre === b.timbre ? 0 : TIMBRE_DISTANCE) +
    (a.accent === b.accent ? 0 : ACCENT_DISTANCE)
  );
}

/** Voice age as the order of life, for "adjacent age" fallbacks. */
const AGE_ORDER: Record<VoiceAge, number> = { child: 0, young: 1, adult: 2, senior: 3 };

function ageFit(voice: SpeakableVoice, wanted: VoiceAge | undefined): number | null {
  if (!wanted) return 0;
  const age = voice.age ?? (voice.tier === 'neural' ? 'adult' : null);
  if (age === null) return null;
  if (age === wanted) return 1.5;
  if (age === 'child' || wanted === 'child') return null;
  return Math.abs(AGE_ORDER[age] - AGE_ORDER[wanted]) === 1 ? 0 : null;
}

/** Better voices first among far-enough ones: neural packs, the exact locale, base presets. */
function quality(voice: SpeakableVoice, language: string, age: VoiceAge | undefined): number {
  const fit = languageFit(voice, language);
  return (
    (voice.tier === 'neural' ? 2 : 0) +
    (fit >= 3 ? 1 : 0) +
    (ageFit(voice, age) ?? 0) -
    // Extreme presets are for when the plainer ones are used up.
    (voice.variant && /-(deep|bright|low)$/.test(voice.variant.preset) ? 0.2 : 0)
  );
}

/**
 * Up to `count` voices for `language`, ranked: each as unlike the excluded voices and the ones
 * before it as the catalog allows. `voices` is the catalog (LocalVoiceCatalog.list()).
 */
export function pickDistinctVoices(
  voices: readonly SpeakableVoice[],
  language: string,
  options: DistinctVoiceOptions,
): SpeakableVoice[] {
  const excluded = new Set(options.exclude ?? []);
  const byId = new Map(voices.map((v) => [v.id, v]));
  const kept = [...excluded].flatMap((id) => {
    const voice = byId.get(id);
    return voice ? [voiceTraits(voice)] : [];
  });
  const candidates = voices
    .filter((v) => !excluded.has(v.id) && !v.owner && languageFit(v, language) >= 2)
    .filter((v) => !options.gender || v.gender === options.gender)
    .filter((v) => ageFit(v, options.age) !== null)
    .map((voice) => ({
      voice,
      traits: voiceTraits(voice),
      quality: quality(voice, language, options.age),
    }));
  const chosen: SpeakableVoice[] = [];
  const count = Math.max(0, Math.floor(options.count));
  while (chosen.length < count && candidates.length > 0) {
    let best = -1;
    let bestScore = -Infinity;
    candidates.forEach((c, index) => {
      const nearest = kept.reduce((m, t) => Math.min(m, traitDistance(c.traits, t)), ENOUGH);
      const score = Math.min(nearest, ENOUGH) + c.quality;
      const current = candidates[best];
      if (
        score > bestScore + 1e-9 ||
        (current && Math.abs(score - bestScore) <= 1e-9 && c.voice.id < current.voice.id)
      ) {
        best = index;
        bestScore = score;
      }
    });
    const [pick] = candidates.splice(best, 1);
    if (!pick) break;
    chosen.push(pick.voice);
    kept.push(pick.traits);
  }
  return chosen;
}
