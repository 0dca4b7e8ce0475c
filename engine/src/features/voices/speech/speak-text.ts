/**
 * One paragraph's text → audio, for narration, `/audio/speech` and the export's spoken credits
 * and headers: the text pipeline (features/voices/text: normalisation, pronunciations, sentence
 * chunks and their pauses, direction and emotion reduced to what the voice's engine can vary)
 * rendered with the paragraph's voice, ending in the paragraph's trailing silence. It lives with
 * the engines, not in narration, so every caller speaks text the same way without depending on
 * the narration feature.
 */
import { planSpeech, renderPlan, type SpeechChunk } from '../text/index.ts';
import type { TtsTiming } from '../engines/tts-engine.ts';
import type { VoiceSynthesizer } from '../engines/voice-synth.ts';
import type { SpeakableVoice } from '../catalog/voice-catalog.ts';

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
  /** The book's language (normalisation, sentence rules); the voice speaks its own. */
  language: string;
  voice: SpeakableVoice;
  speed: number;
  /** Accepted pace range: narration 0.5–2.0, `/audio/speech` 0.25–4.0. */
  speedRange?: readonly [number, number];
  emotion: string | null;
  direction: string;
  style: string | null;
  pronunciations: readonly PronunciationEntry[];
  trailingSilenceMs: number;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

export interface ParagraphAudio {
  samples: Float32Array;
  sampleRate: number;
  /** Word and sentence timings in offsets of the text as written. */
  timings: TtsTiming[];
  durationSeconds: number;
  /** Delivery hints the engine could not vary (reported on the take). */
  dropped: string[];
}

function hasPhonemes(chunk: SpeechChunk): boolean {
  return chunk.segments.some((s) => s.kind === 'phonemes');
}

export async function speakParagraph(
  synth: VoiceSynthesizer,
  input: ParagraphSpeechInput,
): Promise<ParagraphAudio> {
  const plan = planSpeech(input.text, {
    language: input.language,
    speed: input.speed,
    ...(input.speedRange && { speedRange: input.speedRange }),
    engine: input.voice.engine,
    pronunciations: input.pronunciations,
    direction: input.direction.slice(0, DIRECTION_CHARACTERS),
    emotion: input.emotion,
    style: input.style,
    paragraphTrailingSilence: input.trailingSilenceMs / 1000,
  });
  const dropped = [...plan.dropped];
  // Neural engines take the written words of an IPA dictionary entry (their phonemizer reads
  // them); eSpeak NG receives the entry's phonemes inline. Reported so the user knows.
  if (input.voice.engine !== 'espeak' && plan.chunks.some(hasPhonemes))
    dropped.push('ipa pronunciations (read as written by this engine)');
  const rendered = await renderPlan(
    plan,
    (chunk, prosody, signal) =>
      synth.synthesize(input.voice, {
        text: chunk.text,
        speed: prosody.speed,
        ...(prosody.pitch !== undefined && { pitch: prosody.pitch }),
        ...(prosody.energy !== undefined && { energy: prosody.energy }),
        ...(signal && { signal }),
      }),
    {
      ...(input.signal && { signal: input.signal }),
      ...(input.onProgress && { onProgress: (percent: number) => input.onProgress?.(percent) }),
    },
  );
  return {
    samples: rendered.samples,
    sampleRate: rendered.sampleRate,
    timings: rendered.timings,
    durationSeconds: rendered.durationSeconds,
    dropped,
  };
}
