/**
 * renderPlan: speaks a SpeechPlan (speech-plan.ts) chunk by chunk through any engine and joins
 * the audio with the planned pauses. Engines add their own silence around what they say (eSpeak
 * a few hundred milliseconds after a full stop), so each chunk's leading and trailing
 * near-silence is trimmed first and the pauses are exactly what the plan says. Short fades at
 * every join avoid clicks. The plan's loudness change (gainDb) is applied to the whole result,
 * lowered if needed so nothing clips.
 *
 * Timings come back in ORIGINAL text offsets: the engine's word timings (offsets in the chunk's
 * spoken text) are mapped through the chunk's pieces, and one sentence timing is added at the
 * start of every sentence. The synthesize callback keeps this engine-agnostic.
 */
import { CancelledError } from '../../../errors.ts';
import type { TtsTiming } from '../engines/tts-engine.ts';
import type { EngineProsody } from './engine-caps.ts';
import { chunkToOriginal, type SpeechChunk, type SpeechPlan } from './speech-plan.ts';

export interface ChunkAudio {
  samples: Float32Array;
  sampleRate: number;
  /** Offsets in `chunk.text`; `startSeconds` from the start of `samples`. */
  timings: TtsTiming[];
}

export type SynthesizeChunk = (
  chunk: SpeechChunk,
  prosody: EngineProsody,
  signal?: AbortSignal,
) => Promise<ChunkAudio>;

export interface RenderOptions {
  signal?: AbortSignal;
  /** 0–100 after each chunk. */
  onProgress?: (percent: number, stage: string) => void;
  /** Fade at each join, milliseconds (default 5). */
  fadeMs?: number;
  /** Level below which a chunk's edge is silence, dBFS (default −45). */
  silenceThresholdDb?: number;
  /** Quiet kept before and after the trimmed speech so soft onsets survive, ms (default 15). */
  trimMarginMs?: number;
}

export interface RenderedChunk {
  startSeconds: number;
  durationSeconds: number;
  pauseAfterSeconds: number;
}

export interface RenderedSpeech {
  samples: Float32Array;
  sampleRate: number;
  /** Word timings from the engine and one per sentence, in original text offsets, by time. */
  timings: TtsTiming[];
  durationSeconds: number;
  /** Where each chunk's speech sits in `samples`. */
  chunks: RenderedChunk[];
  /** The gain actually applied, dB (the plan's, lowered to keep peaks under full scale). */
  appliedGainDb: number;
}

const PEAK_LIMIT = 0.98;

/** Sample range of `samples` with speech: near-silence at both edges excluded, plus a margin. */
export function speechBounds(
  samples: Float32Array,
  sampleRate: number,
  thresholdDb = -45,
  marginMs = 15,
): { start: number; end: number } {
  const threshold = 10 ** (thresholdDb / 20);
  const window = Math.max(1, Math.round(sampleRate * 0.005));
  const loud = (at: number): boolean => {
    let sum = 0;
    const end = Math.min(samples.length, at + window);
    for (let i = at; i < end; i++) sum += (samples[i] as number) ** 2;
    return Math.sqrt(sum / Math.max(1, end - at)) >= threshold;
  };
  let start = 0;
  while (start < samples.length && !loud(start)) start += window;
  if (start >= samples.length) return { start: 0, end: 0 };
  let end = samples.length;
  while (end > start && !loud(Math.max(start, end - window))) end -= window;
  const margin = Math.round((marginMs / 1000) * sampleRate);
  return { start: Math.max(0, start - margin), end: Math.min(samples.length, end + margin) };
}

function fade(samples: Float32Array, length: number): void {
  const n = Math.min(length, Math.floor(samples.length / 2));
  for (let i = 0; i < n; i++) {
    const g = i / n;
    samples[i] = (samples[i] as number) * g;
    const j = samples.length - 1 - i;
    samples[j] = (samples[j] as number) * g;
  }
}

/**
 * Speaks `plan` through `synthesize`, chunk by chunk. `options` may be just an AbortSignal.
 * Cancelling stops before the next chunk with CancelledError.
 */
export async function renderPlan(
  plan: SpeechPlan,
  synthesize: SynthesizeChunk,
  optionsOrSignal: RenderOptions | AbortSignal = {},
): Promise<RenderedSpeech> {
  const options: RenderOptions =
    optionsOrSignal instanceof AbortSignal ? { signal: optionsOrSignal } : optionsOrSignal;
  const { signal } = options;
  const parts: Float32Array[] = [];
  const timings: TtsTiming[] = [];
  const rendered: RenderedChunk[] = [];
  let sampleRate = 0;
  let at = 0;
  let sentence: TtsTiming | null = null;
  for (const [index, chunk] of plan.chunks.entries()) {
    if (signal?.aborted) throw new CancelledError();
    const audio = await synthesize(chunk, plan.prosody, signal);
    if (signal?.aborted) throw new CancelledError();
    if (sampleRate === 0) sampleRate = audio.sampleRate;
    if (audio.sampleRate !== sampleRate) {
      throw new Error(
        `Chunk ${index} came back at ${audio.sampleRate} Hz, the others at ${sampleRate} Hz.`,
      );
    }
    const { start, end } = speechBounds(
      audio.samples,
      sampleRate,
      options.silenceThresholdDb,
      options.trimMarginMs,
    );
    const speech = audio.samples.slice(start, end);
    fade(speech, Math.round(((options.fadeMs ?? 5) / 1000) * sampleRate));
    const startSeconds = at / sampleRate;
    const trimmedSeconds = start / sampleRate;
    const lengthSeconds = speech.length / sampleRate;

    if (chunk.startsSentence || !sentence) {
      sentence = {
        kind: 'sentence',
        textOffset: chunk.originalOffset,
        textLength: chunk.originalLength,
        startSeconds,
      };
      timings.push(sentence);
    } else {
      sentence.textLength = chunk.originalOffset + chunk.originalLength - sentence.textOffset;
    }
    let lastWord: TtsTiming | null = null;
    for (const timing of audio.timings) {
      if (timing.kind !== 'word') continue;
      const span = chunkToOriginal(chunk, timing.textOffset, timing.textLength);
      const when =
        startSeconds + Math.min(lengthSeconds, Math.max(0, timing.startSeconds - trimmedSeconds));
      // "$3.50" is spoken as four words that all map onto it: one timing for the written word.
      if (lastWord && lastWord.textOffset === span.offset && lastWord.textLength === span.length)
        continue;
      lastWord = {
        kind: 'word',
        textOffset: span.offset,
        textLength: span.length,
        startSeconds: when,
      };
      timings.push(lastWord);
    }

    const pause = Math.round(chunk.pauseAfterSeconds * sampleRate);
    parts.push(speech);
    if (pause > 0) parts.push(new Float32Array(pause));
    rendered.push({
      startSeconds,
      durationSeconds: lengthSeconds,
      pauseAfterSeconds: pause / sampleRate,
    });
    at += speech.length + pause;
    options.onProgress?.(Math.round(((index + 1) / plan.chunks.length) * 100), 'synthesizing');
  }
  const samples = new Float32Array(at);
  let offset = 0;
  for (const part of parts) {
    samples.set(part, offset);
    offset += part.length;
  }
  const appliedGainDb = applyGain(samples, plan.prosody.gainDb);
  timings.sort((a, b) => a.startSeconds - b.startSeconds || (a.kind === 'sentence' ? -1 : 1));
  return {
    samples,
    sampleRate: sampleRate || 24_000,
    timings,
    durationSeconds: sampleRate ? at / sampleRate : 0,
    chunks: rendered,
    appliedGainDb,
  };
}

/** Applies `gainDb`, lowered so the peak stays under PEAK_LIMIT; returns the gain applied. */
function applyGain(samples: Float32Array, gainDb: number): number {
  if (gainDb === 0) return 0;
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  let gain = 10 ** (gainDb / 20);
  // Boost only as far as the peak allows; never turn a boost into a cut.
  if (gain > 1 && peak * gain > PEAK_LIMIT) gain = Math.max(1, PEAK_LIMIT / peak);
  if (gain === 1) return 0;
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i] as number) * gain;
  return Math.round(20 * Math.log10(gain) * 100) / 100;
}
