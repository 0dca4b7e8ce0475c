/**
 * A cloned voice's prompt (docs/api/voices-custom.md, "Cloning packs"): the few seconds of the
 * speaker that ZipVoice and PocketTTS imitate, cut from the best sample at the pauses the real
 * Silero VAD finds, kept as `prompt.wav` (mono, 24 kHz: both models' rate) beside the words
 * spoken in it (`prompt.txt`, ZipVoice only).
 *
 * Why a cut and not the whole sample: both models condition every sentence on the whole prompt,
 * so a 60 s sample would make every sentence slow to speak (ZipVoice's flow runs over prompt and
 * text frames together), and PocketTTS reads at most its first seconds anyway. Cutting at a pause
 * keeps words whole, which ZipVoice needs for the prompt's words to match its audio.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeAudio, writeWavFile } from '../../../audio/index.ts';
import { AppError } from '../../../errors.ts';
import type { SpeechSegment } from '../cloning/sherpa-voice-protocol.ts';
import type { SampleReport } from '../samples/sample-analyzer.ts';
import type { CustomVoiceDeps } from './custom-deps.ts';

export const PROMPT_FILE = 'prompt.wav';
export const PROMPT_TEXT_FILE = 'prompt.txt';
const PROMPT_RATE = 24_000;
const VAD_RATE = 16_000;
/** Longest prompt cut from a sample (seconds of audio, pauses included). */
export const PROMPT_MAX_SECONDS = 12;
/** A prompt shorter than this says too little about the voice. */
const PROMPT_MIN_SECONDS = 3;
const MARGIN = 0.15;

/**
 * Hears the words of a short clip: the speech area's Whisper, registered by the engine
 * (engine.ts), since voices may not import speech.
 */
export interface ClipTranscriber {
  /** A speech recognition pack is installed. */
  ready(): boolean;
  /** The clip's words, or null when nothing could be transcribed. */
  transcribe(file: string, language: string | null, signal?: AbortSignal): Promise<string | null>;
}

export interface PromptSpan {
  start: number;
  end: number;
}

/**
 * The span of whole speech segments to keep: from the first segment's start, as many following
 * segments as fit in `maxSeconds` (the first is cut there when it alone is longer).
 */
export function promptSpan(
  segments: readonly SpeechSegment[],
  duration: number,
  maxSeconds = PROMPT_MAX_SECONDS,
): PromptSpan {
  const first = segments[0];
  if (!first) return { start: 0, end: Math.min(duration, maxSeconds) };
  const start = Math.max(0, first.start - MARGIN);
  let end = Math.min(first.end + MARGIN, start + maxSeconds);
  for (const segment of segments.slice(1)) {
    if (segment.end + MARGIN - start > maxSeconds) break;
    end = segment.end + MARGIN;
  }
  return { start, end: Math.min(end, duration) };
}

/** The sample to take the prompt from: the best scored (DNSMOS, then SNR), first on a tie. */
export function bestSampleIndex(report: SampleReport | null): number {
  const files = report?.files ?? [];
  let best = 0;
  const score = (i: number) => {
    const f = files[i];
    return [f?.dnsmos?.ovrl ?? 0, f?.snr_db ?? 0] as const;
  };
  for (let i = 1; i < files.length; i++) {
    const [a, b] = score(i);
    const [x, y] = score(best);
    if (a > x || (a === x && b > y)) best = i;
  }
  return best;
}

export interface PromptOptions {
  /** The words of the whole sample, when the caller gave them (the prompt is then the sample). */
  referenceText: string | null;
  needsText: boolean;
  language: string | null;
  transcribe: ClipTranscriber | null;
  signal?: AbortSignal;
}

export interface VoicePrompt {
  path: string;
  text: string | null;
  seconds: number;
}

/** Writes `<dir>/prompt.wav` (and `prompt.txt`) from `sample`. */
export async function writePrompt(
  deps: CustomVoiceDeps,
  sample: string,
  dir: string,
  options: PromptOptions,
): Promise<VoicePrompt> {
  const { signal } = options;
  const ffmpeg = await deps.ffmpeg();
  const at24k = await decodeAudio(ffmpeg, sample, {
    sampleRate: PROMPT_RATE,
    channels: 1,
    ...(signal && { signal }),
  });
  const duration = at24k.samples.length / PROMPT_RATE;
  const at16k = await decodeAudio(ffmpeg, sample, {
    sampleRate: VAD_RATE,
    channels: 1,
    ...(signal && { signal }),
  });
  const vad = deps.models.resolveModelFile('silero-vad', 'silero_vad.onnx');
  const segments = await deps.sherpa.speechSegments(vad, at16k.samples, {
    ...(signal && { signal }),
  });
  // Words given for the whole sample only fit the whole sample's speech.
  const span = options.referenceText
    ? promptSpan(segments, duration, Number.POSITIVE_INFINITY)
    : promptSpan(segments, duration);
  const last = segments.at(-1);
  if (options.referenceText && last) span.end = Math.min(duration, last.end + MARGIN);
  if (span.end - span.start < PROMPT_MIN_SECONDS)
    span.end = Math.min(duration, span.start + PROMPT_MIN_SECONDS);
  const samples = at24k.samples.slice(
    Math.floor(span.start * PROMPT_RATE),
    Math.ceil(span.end * PROMPT_RATE),
  );
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, PROMPT_FILE);
  await writeWavFile(file, { samples, sampleRate: PROMPT_RATE, channels: 1 });
  let text = options.referenceText?.trim() || null;
  if (!text && options.needsText && options.transcribe?.ready())
    text = (await options.transcribe.transcribe(file, options.language, signal))?.trim() || null;
  if (options.needsText && !text)
    throw new AppError(
      'validation_error',
      'This voice-cloning model needs the words spoken in the sample: type what is said in it, ' +
        'or install speech recognition so they are transcribed.',
      { details: { fields: [{ loc: ['body', 'reference_text'], msg: 'required' }] } },
    );
  const textFile = path.join(dir, PROMPT_TEXT_FILE);
  if (text) fs.writeFileSync(textFile, `${text}\n`);
  else fs.rmSync(textFile, { force: true });
  return { path: file, text, seconds: samples.length / PROMPT_RATE };
}

/** The prompt's words, or null (PocketTTS voices have none). */
export function readPromptText(dir: string): string | null {
  try {
    return fs.readFileSync(path.join(dir, PROMPT_TEXT_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
