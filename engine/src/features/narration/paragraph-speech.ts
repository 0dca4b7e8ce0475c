/**
 * One paragraph's text → audio: the text pipeline (features/tts/text: normalisation,
 * pronunciations, sentence chunks and pauses, direction and emotion) driven with the paragraph's
 * voice, then the paragraph's trailing silence. Kept apart from the job so the speech routes and
 * the export's narrated credits can reuse it.
 */
import type { VoiceSynthesizer } from '../tts/voice-synth.ts';
import type { TtsTiming } from '../tts/tts-engine.ts';
import type { SpeakableVoice } from '../voices/voice-catalog.ts';

/** Pause after a paragraph when neither the paragraph nor the book sets one. */
export const DEFAULT_TRAILING_SILENCE_MS = 800;
/** Document 2: a direction is performed from its first 110 characters. */
export const DIRECTION_CHARACTERS = 110;

export interface PronunciationEntry {
  grapheme: string;
  replacement: string;
  kind: string;
  caseSensitive: boolean;
}

export interface ParagraphSpeechInput {
  text: string;
  language: string;
  voice: SpeakableVoice;
  speed: number;
  emotion: string | null;
  direction: string;
  style: string | null;
  pronunciations: readonly PronunciationEntry[];
  trailingSilenceMs: number;
  signal?: AbortSignal;
}

export interface ParagraphAudio {
  samples: Float32Array;
  sampleRate: number;
  timings: TtsTiming[];
  durationSeconds: number;
  /** Delivery hints the engine could not vary (reported on the take). */
  dropped: string[];
}

function withSilence(samples: Float32Array, sampleRate: number, ms: number): Float32Array {
  const pad = Math.round((ms / 1000) * sampleRate);
  if (pad <= 0) return samples;
  const out = new Float32Array(samples.length + pad);
  out.set(samples, 0);
  return out;
}

export async function speakParagraph(
  synth: VoiceSynthesizer,
  input: ParagraphSpeechInput,
): Promise<ParagraphAudio> {
  const result = await synth.synthesize(input.voice, {
    text: input.text,
    speed: input.speed,
    ...(input.signal && { signal: input.signal }),
  });
  const samples = withSilence(result.samples, result.sampleRate, input.trailingSilenceMs);
  return {
    samples,
    sampleRate: result.sampleRate,
    timings: result.timings,
    durationSeconds: samples.length / result.sampleRate,
    dropped: [],
  };
}
