/**
 * One file through the pipeline: ffmpeg decodes it to 16 kHz mono in one-second chunks (never
 * the whole file in memory), the sherpa child cuts speech with Silero VAD and runs Whisper on
 * each segment (≤ 28 s), optional word timings come from the engine (Whisper packs exported with
 * attention) or from forced alignment of each segment's text, optional speakers from
 * diarization. Progress and ETA follow the decoded position.
 */
import { decodeAudio, decodeAudioStream } from '../../../audio/decode.ts';
import { probeMedia } from '../../../audio/probe.ts';
import type { Ffmpeg } from '../../../audio/types.ts';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import type { AlignmentService } from '../alignment/alignment-service.ts';
import type { SherpaHost } from '../asr-engines/sherpa-host.ts';
import type {
  DiarizeConfig,
  RecognizedSegment,
  SpeakerTurn,
} from '../asr-engines/sherpa-protocol.ts';
import type { AsrFiles } from './asr-packs.ts';
import { toText } from './captions.ts';
import {
  assignSpeakers,
  boundedCount,
  relabelByFirstAppearance,
  speakerCount,
} from './speaker-labels.ts';
import type { FileTranscript, TranscriptSegment, TranscriptWord } from './transcript-types.ts';

/** Diarization clusters the whole recording at once: 4 hours of 16 kHz float is ~900 MB. */
export const DIARIZATION_MAX_SECONDS = 4 * 3600;

export interface TranscribeFileOptions {
  path: string;
  filename: string;
  asr: AsrFiles;
  language: string | null;
  task: 'transcribe' | 'translate';
  wordTimestamps: boolean;
  /** Longest speech segment handed to Whisper (VAD cuts longer speech). */
  maxSegmentSeconds: number;
  diarization:
    | (Omit<DiarizeConfig, 'numSpeakers' | 'threshold'> & {
        min: number | null;
        max: number | null;
      })
    | null;
  signal: AbortSignal;
  /** 0–1 of this file, with seconds decoded so far. */
  onProgress(fraction: number): void;
  /** Receives diarization's speaker turns (labelled in order of first appearance). */
  onTurns?: (turns: SpeakerTurn[]) => void;
}

export interface TranscribeFileDeps {
  sherpa: SherpaHost;
  alignment: AlignmentService;
  ffmpeg: () => Promise<Ffmpeg>;
}

export async function transcribeFile(
  deps: TranscribeFileDeps,
  options: TranscribeFileOptions,
): Promise<FileTranscript> {
  const ffmpeg = await deps.ffmpeg();
  const info = await probeMedia(ffmpeg, options.path, { signal: options.signal });
  if (info.audio === null) {
    throw new AppError('invalid_audio', `${options.filename} has no audio stream.`);
  }
  const total = info.duration_seconds ?? 0;
  if (options.diarization && total > DIARIZATION_MAX_SECONDS) {
    throw new AppError(
      'validation_error',
      `Speaker diarization takes recordings up to ${DIARIZATION_MAX_SECONDS / 3600} hours.`,
    );
  }
  const recognized: RecognizedSegment[] = [];
  let decoded = 0;
  async function* chunks(): AsyncGenerator<Float32Array> {
    for await (const chunk of decodeAudioStream(ffmpeg, options.path, {
      sampleRate: 16_000,
      channels: 1,
      chunkFrames: 16_000 * 4,
      signal: options.signal,
      info,
    })) {
      decoded += chunk.samples.length / 16_000;
      if (total > 0) options.onProgress(Math.min(0.95, (0.85 * decoded) / total));
      yield chunk.samples;
    }
  }
  await deps.sherpa.transcribe(
    {
      whisper: options.asr.whisper,
      language: options.language,
      task: options.task,
      vadModel: options.asr.vad,
      maxSegmentSeconds: options.maxSegmentSeconds,
      numThreads: 2,
    },
    chunks(),
    (segments) => recognized.push(...segments.filter((s) => s.text !== '')),
    options.signal,
  );
  const language = majorityLanguage(recognized) ?? options.language ?? 'en';
  const segments: TranscriptSegment[] = recognized.map((s, id) => ({
    id,
    start: round3(s.start),
    end: round3(s.end),
    text: s.text,
    speaker: null,
    confidence: null,
    words: engineWords(s),
  }));
  if (options.wordTimestamps) {
    for (const segment of segments) {
      if (segment.words.length > 0) continue;
      throwIfCancelled(options.signal);
      segment.words = await alignSegment(
        deps,
        ffmpeg,
        options.path,
        segment,
        language,
        options.signal,
      );
      const scored = segment.words.filter((w) => w.confidence !== null);
      segment.confidence = scored.length
        ? round3(scored.reduce((sum, w) => sum + (w.confidence ?? 0), 0) / scored.length)
        : null;
    }
  }
  if (options.diarization && segments.length > 0) {
    const turns = await diarize(deps, ffmpeg, options.path, options.diarization, options.signal);
    assignSpeakers(segments, turns);
    options.onTurns?.(turns);
  }
  options.onProgress(1);
  return {
    filename: options.filename,
    duration: round3(decoded),
    language,
    text: toText(segments),
    segments,
  };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function majorityLanguage(segments: readonly RecognizedSegment[]): string | null {
  const weight = new Map<string, number>();
  for (const s of segments)
    if (s.language) weight.set(s.language, (weight.get(s.language) ?? 0) + s.end - s.start);
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Words from Whisper's own token timings (packs exported with cross-attention outputs). */
function engineWords(segment: RecognizedSegment): TranscriptWord[] {
  if (segment.timestamps.length !== segment.tokens.length || segment.tokens.length === 0) return [];
  const words: TranscriptWord[] = [];
  segment.tokens.forEach((token, i) => {
    const start = segment.timestamps[i]!;
    if (words.length === 0 || /^\s/.test(token))
      words.push({ word: token.trim(), start, end: start, confidence: null });
    else words[words.length - 1]!.word += token;
  });
  words.forEach((w, i) => (w.end = round3(words[i + 1]?.start ?? segment.end)));
  return words.filter((w) => w.word !== '').map((w) => ({ ...w, start: round3(w.start) }));
}

async function alignSegment(
  deps: TranscribeFileDeps,
  ffmpeg: Ffmpeg,
  path: string,
  segment: TranscriptSegment,
  language: string,
  signal: AbortSignal,
): Promise<TranscriptWord[]> {
  const pcm = await decodeAudio(ffmpeg, path, {
    sampleRate: 16_000,
    channels: 1,
    startSeconds: segment.start,
    durationSeconds: segment.end - segment.start,
    signal,
  });
  try {
    const aligned = await deps.alignment.alignWords(pcm, segment.text, language, signal);
    return aligned.words.map((w) => ({
      word: w.text,
      start: round3(segment.start + w.start),
      end: round3(segment.start + w.end),
      confidence: w.match,
    }));
  } catch (error) {
    // A language eSpeak cannot read (or text without words) leaves the segment without words.
    if (error instanceof AppError && error.code === 'validation_error') return [];
    throw error;
  }
}

async function diarize(
  deps: TranscribeFileDeps,
  ffmpeg: Ffmpeg,
  path: string,
  config: NonNullable<TranscribeFileOptions['diarization']>,
  signal: AbortSignal,
): Promise<SpeakerTurn[]> {
  const pcm = await decodeAudio(ffmpeg, path, { sampleRate: 16_000, channels: 1, signal });
  const base = { segmentation: config.segmentation, embedding: config.embedding, threshold: 0.5 };
  // With min = max the count is known: one clustering to it. Otherwise cluster by threshold
  // first, and re-cluster to the nearer bound when the count falls outside the caller's range.
  const exact = config.min !== null && config.min === config.max ? config.min : null;
  let turns = await deps.sherpa.diarize({ ...base, numSpeakers: exact }, pcm.samples, signal);
  const bound = exact === null ? boundedCount(speakerCount(turns), config.min, config.max) : null;
  if (bound !== null)
    turns = await deps.sherpa.diarize({ ...base, numSpeakers: bound }, pcm.samples, signal);
  return relabelByFirstAppearance(turns);
}
