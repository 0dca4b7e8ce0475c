/**
 * What each TTS engine can vary, and the reduction of prosody hints (direction.ts) to that.
 * A hint an engine cannot perform is dropped and reported, never faked: the take records what
 * was not performed (docs/api/narration-text.md has the table).
 *
 * The engines' controls are TtsRequest's (tts-engine.ts): `speed`, `pitch` (multiplier of the
 * base pitch), `energy` (livelier / flatter), `input: 'ipa'`. Loudness (gainDb) is applied by
 * the renderer to the synthesized samples, so every engine gets it.
 */
import { NEUTRAL_PROSODY, type ProsodyHints } from './direction.ts';
import {
  ESPEAK_DEFAULT_WPM,
  ESPEAK_MAX_WPM,
  ESPEAK_MIN_WPM,
} from '../engines/espeak/espeak-engine.ts';

export type EngineName = 'espeak' | 'piper' | 'kokoro' | 'zipvoice' | 'pocket';

export interface EngineCaps {
  engine: EngineName | string;
  /** Pace (eSpeak words per minute; Piper length_scale; Kokoro speed). */
  rate: boolean;
  /** Base pitch (eSpeak only: VITS and Kokoro models have no pitch input). */
  pitch: boolean;
  /** Intonation range / variation (eSpeak pitch range and loudness; Piper noise_scale and noise_w). */
  energy: boolean;
  /** Named delivery styles the engine has (none so far: Kokoro's style is the voice itself). */
  styles: readonly string[];
  /**
   * How pronunciation phonemes reach the engine: `ipa` (TtsRequest `input: 'ipa'`, Piper and
   * Kokoro), `espeak` (`[[…]]` mnemonics inside the text, converted from IPA), or `none`.
   */
  phonemes: 'ipa' | 'espeak' | 'none';
  /** The pace range the engine honours, as a multiplier of its normal pace. */
  speedRange: readonly [number, number];
}

export const ENGINE_CAPS: Readonly<Record<EngineName, EngineCaps>> = {
  espeak: {
    engine: 'espeak',
    rate: true,
    pitch: true,
    energy: true,
    styles: [],
    // eSpeak's `[[...]]` input takes its own phoneme mnemonics: IPA is converted (ipa-to-espeak.ts).
    phonemes: 'espeak',
    speedRange: [ESPEAK_MIN_WPM / ESPEAK_DEFAULT_WPM, ESPEAK_MAX_WPM / ESPEAK_DEFAULT_WPM],
  },
  piper: {
    engine: 'piper',
    rate: true,
    pitch: false,
    energy: true,
    styles: [],
    phonemes: 'ipa',
    speedRange: [0.25, 4],
  },
  // Cloned voices (engines/cloned): the model reads text itself (its own phonemizer), so
  // pronunciations are respelled, not fed as IPA; pace is a time-stretch of the model's audio
  // (docs/api/voices-engines.md, "Cloning engines").
  zipvoice: {
    engine: 'zipvoice',
    rate: true,
    pitch: false,
    energy: false,
    styles: [],
    phonemes: 'none',
    speedRange: [0.5, 2],
  },
  pocket: {
    engine: 'pocket',
    rate: true,
    pitch: false,
    energy: false,
    styles: [],
    phonemes: 'none',
    speedRange: [0.5, 2],
  },
  kokoro: {
    engine: 'kokoro',
    rate: true,
    pitch: false,
    energy: false,
    styles: [],
    phonemes: 'ipa',
    speedRange: [0.5, 2],
  },
};

/** The capabilities of an engine by its name or `modelId` (`tapehouse-piper` → piper). */
export function capsFor(engine: string): EngineCaps {
  const name = engine.replace(/^tapehouse-/, '') as EngineName;
  const caps = ENGINE_CAPS[name];
  if (!caps) throw new RangeError(`Unknown TTS engine "${engine}".`);
  return caps;
}

/** What reaches the engine and the renderer once hints are reduced to an engine's caps. */
export interface EngineProsody {
  /** Multiplier for TtsRequest.speed (the narration speed times the direction's rate). */
  speed: number;
  /** TtsRequest.pitch, when the engine varies pitch and the hint is not neutral. */
  pitch?: number;
  /** TtsRequest.energy, when the engine varies it and the hint is not neutral. */
  energy?: number;
  /** Applied by the renderer to the samples. */
  gainDb: number;
  /** The style the engine performs, if any. */
  style: string | null;
}

export interface ReducedProsody {
  prosody: EngineProsody;
  /** Hints the engine cannot vary, e.g. `pitch +2.5 st`, `style whisper`. */
  dropped: string[];
}

/**
 * Reduces hints to what `caps` can vary, at narration `speed`. A pace outside the engine's range
 * is clamped to it and the clamp is reported.
 */
export function reduceProsody(
  hints: ProsodyHints,
  speed: number,
  caps: EngineCaps,
): ReducedProsody {
  const dropped: string[] = [];
  let pace = speed;
  if (hints.rate !== 1) {
    if (caps.rate) pace *= hints.rate;
    else dropped.push(`rate ×${hints.rate}`);
  }
  const [lo, hi] = caps.speedRange;
  if (pace < lo || pace > hi) {
    dropped.push(`speed ${round(pace)} clamped to ${round(Math.min(hi, Math.max(lo, pace)))}`);
    pace = Math.min(hi, Math.max(lo, pace));
  }
  const prosody: EngineProsody = { speed: round(pace), gainDb: hints.gainDb, style: null };
  if (hints.pitchSemitones !== NEUTRAL_PROSODY.pitchSemitones) {
    if (caps.pitch) prosody.pitch = round(2 ** (hints.pitchSemitones / 12));
    else dropped.push(`pitch ${hints.pitchSemitones > 0 ? '+' : ''}${hints.pitchSemitones} st`);
  }
  if (hints.energy !== NEUTRAL_PROSODY.energy) {
    if (caps.energy) prosody.energy = hints.energy;
    else dropped.push(`energy ×${hints.energy}`);
  }
  if (hints.style) {
    if (caps.styles.includes(hints.style)) prosody.style = hints.style;
    else dropped.push(`style ${hints.style}`);
  }
  return { prosody, dropped };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
