/**
 * Forced alignment with nothing to download: the known text is spoken by the embedded eSpeak NG,
 * and the recording is warped onto that speech (align-task.ts). `alignWords()` is the call the
 * narration code makes for a neural take or an imported chapter; the route wraps it for
 * uploads (docs/api/alignment.md).
 */
import { decodeAudio } from '../../../audio/decode.ts';
import { probeMedia, requireAudio } from '../../../audio/probe.ts';
import type { Ffmpeg, PcmAudio } from '../../../audio/types.ts';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { WorkerPool } from '../../../jobs/worker-pool.ts';
import type { TtsEngine } from '../../voices/index.ts';
import { ALIGN_TASK, type AlignTaskInput, type AlignTaskOutput } from './align-task.ts';
import { referenceVoice } from './reference-voice.ts';
import { mfccFrames } from './spectral-features.ts';
import { splitWords, spokenSpans } from './word-spans.ts';

/** Longest recording aligned in one call (a long chapter; longer ones are split by the caller). */
export const ALIGN_MAX_SECONDS = 45 * 60;
export const ALIGN_MAX_TEXT = 200_000;
/** Words matching worse than this count as departures from the text. */
export const DEPARTURE_MATCH = 0.5;

export interface AlignedWord {
  text: string;
  /** UTF-16 offset and length of the word in the given text. */
  offset: number;
  length: number;
  start: number;
  end: number;
  /** 0–1 acoustic match against the synthetic reference; low where the reading departs. */
  match: number;
}

export interface Departure {
  /** Index of the first and last word (inclusive) of a run of poorly matching words. */
  first_word: number;
  last_word: number;
  text: string;
  start: number;
  end: number;
}

export interface AlignmentResult {
  language: string;
  duration: number;
  words: AlignedWord[];
  departures: Departure[];
  method: 'espeak-dtw';
  vad_refined: boolean;
}

export interface AlignmentDeps {
  workers: WorkerPool;
  models: ModelRegistry;
  ffmpeg: () => Promise<Ffmpeg>;
  /** The tts area's embedded eSpeak NG engine (features/tts/espeak-engine.ts). */
  espeak: TtsEngine;
}

/** A file on disk (any format ffmpeg reads) or PCM already in memory. */
export type AlignAudio = { path: string } | PcmAudio;

const SILERO_PACK = 'silero-vad';
const SILERO_FILE = 'silero_vad.onnx';

function tooLong(seconds: number): AppError {
  return new AppError(
    'validation_error',
    `Recordings up to ${ALIGN_MAX_SECONDS / 60} minutes are aligned in one call (got ${Math.round(seconds / 60)}); split it by chapter section.`,
    {
      details: {
        reason: 'too_long',
        max_seconds: ALIGN_MAX_SECONDS,
        duration_seconds: Math.round(seconds * 10) / 10,
      },
    },
  );
}

export class AlignmentService {
  constructor(private readonly deps: AlignmentDeps) {}

  /**
   * Word timings of `audio` reading `text` in `language` (ISO 639-1, optionally with region).
   * With `paragraphsMayBeSkipped`, each paragraph of `text` (blank-line separated) may be absent
   * from the recording: its words then get no length and match 0, instead of being squeezed
   * into the neighbours' speech (a narrator's chapter recording).
   */
  async alignWords(
    audio: AlignAudio,
    text: string,
    language: string,
    signal?: AbortSignal,
    options: { paragraphsMayBeSkipped?: boolean } = {},
  ): Promise<AlignmentResult> {
    if (text.trim() === '') throw new AppError('validation_error', 'text is empty.');
    if (text.length > ALIGN_MAX_TEXT)
      throw new AppError('validation_error', `text is limited to ${ALIGN_MAX_TEXT} characters.`);
    const voice = referenceVoice(language);
    const recording = await this.mono16k(audio, signal);
    const duration = recording.length / 16_000;
    if (duration > ALIGN_MAX_SECONDS) throw tooLong(duration);
    const words = splitWords(text);
    if (words.length === 0) throw new AppError('validation_error', 'text has no words to align.');
    throwIfCancelled(signal);
    const synth = await this.deps.espeak.synthesize({ text, voice, speed: 1, signal });
    const synthSeconds = synth.samples.length / synth.sampleRate;
    const energy = mfccFrames(synth.samples, synth.sampleRate).energyDb;
    const spans = spokenSpans(words, synth.timings, synthSeconds, energy);
    const input: AlignTaskInput = {
      recording,
      reference: synth.samples,
      referenceRate: synth.sampleRate,
      spans,
      vadModel: this.vadModel(),
      sectionStarts: options.paragraphsMayBeSkipped ? paragraphStarts(words, text) : [],
    };
    const out = await this.deps.workers.run<AlignTaskOutput>(ALIGN_TASK, input, { signal });
    const aligned: AlignedWord[] = out.spans.map((span) => {
      const word = words[span.word]!;
      return { ...word, start: span.start, end: span.end, match: span.match };
    });
    return {
      language,
      duration: Math.round(duration * 1000) / 1000,
      words: aligned,
      departures: departures(aligned, text),
      method: 'espeak-dtw',
      vad_refined: out.vadRefined,
    };
  }

  /**
   * A file is probed first: one whose header says it is over the limit is refused before a
   * sample is decoded (ten hours took 2.5 GB to refuse), and one whose header understates its
   * length is never decoded past the limit and a second (issue 25; docs/api/alignment.md).
   */
  private async mono16k(audio: AlignAudio, signal?: AbortSignal): Promise<Float32Array> {
    if ('path' in audio) {
      const ffmpeg = await this.deps.ffmpeg();
      const info = await probeMedia(ffmpeg, audio.path, signal ? { signal } : {});
      requireAudio(info, audio.path);
      if ((info.duration_seconds ?? 0) > ALIGN_MAX_SECONDS) throw tooLong(info.duration_seconds!);
      const pcm = await decodeAudio(ffmpeg, audio.path, {
        sampleRate: 16_000,
        channels: 1,
        durationSeconds: ALIGN_MAX_SECONDS + 1,
        info,
        signal,
      });
      return pcm.samples;
    }
    if (audio.sampleRate !== 16_000 || audio.channels !== 1) {
      throw new AppError('validation_error', 'In-memory audio must be 16 kHz mono for alignment.');
    }
    return audio.samples;
  }

  /** The Silero VAD model when its pack is installed; alignment refines on energy otherwise. */
  private vadModel(): string | null {
    try {
      return this.deps.models.resolveModelFile(SILERO_PACK, SILERO_FILE);
    } catch {
      return null;
    }
  }
}

/** Indices of the words that begin a paragraph (the first word, and any after a blank line). */
export function paragraphStarts(
  words: readonly { offset: number; length: number }[],
  text: string,
): number[] {
  return words.flatMap((word, k) => {
    if (k === 0) return [0];
    const previous = words[k - 1]!;
    const gap = text.slice(previous.offset + previous.length, word.offset);
    return /\n[^\S\n]*\n/.test(gap) ? [k] : [];
  });
}

/** Runs of consecutive words whose match is below DEPARTURE_MATCH. */
export function departures(words: readonly AlignedWord[], text: string): Departure[] {
  const out: Departure[] = [];
  let k = 0;
  while (k < words.length) {
    if (words[k]!.match >= DEPARTURE_MATCH) {
      k++;
      continue;
    }
    let last = k;
    while (last + 1 < words.length && words[last + 1]!.match < DEPARTURE_MATCH) last++;
    const first = words[k]!;
    const end = words[last]!;
    out.push({
      first_word: k,
      last_word: last,
      text: text.slice(first.offset, end.offset + end.length),
      start: first.start,
      end: end.end,
    });
    k = last + 1;
  }
  return out;
}
