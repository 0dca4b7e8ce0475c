/**
 * planSpeech: a paragraph (or any input text) → what to say, chunk by chunk, and how. The text
 * is cut into paragraphs (blank lines), sentences and, for long sentences, clauses
 * (sentences.ts); each chunk gets the pronunciation dictionary, then normalization, and the
 * pause that follows it; the direction, emotion and style become prosody reduced to what the
 * engine can vary (direction.ts, engine-caps.ts). The plan is plain data (JSON-safe) so a job
 * can store it; renderPlan (render.ts) speaks it.
 *
 * Pauses (defaults in PAUSE_DEFAULTS, docs/api/narration-text.md) follow a narrator's rhythm:
 * a short breath after a clause, a longer one after a sentence, the paragraph's trailing
 * silence after the last chunk and a paragraph pause after a blank line. Clause and sentence
 * pauses scale with the pace (a faster read has shorter pauses); silences the user set (the
 * paragraph's trailing silence) do not.
 */
import { AppError } from '../../../errors.ts';
import { directionToProsody } from './direction.ts';
import { capsFor, reduceProsody, type EngineCaps, type EngineProsody } from './engine-caps.ts';
import { MappedText, type Piece } from './mapped-text.ts';
import { espeakPhonemeMarkup } from './ipa-to-espeak.ts';
import { normalizeMapped, normalizesLanguage } from './normalize.ts';
import {
  PronunciationDictionary,
  phonemesAsWritten,
  type PronunciationEntry,
} from './pronunciations.ts';
import { DEFAULT_MAX_CHUNK_LENGTH, splitIntoChunks, type ChunkBoundary } from './sentences.ts';

export const PAUSE_DEFAULTS = {
  /** After a comma, semicolon or dash that split a long sentence. */
  clauseSeconds: 0.25,
  /** Between sentences. */
  sentenceSeconds: 0.5,
  /** After a blank line inside the text. */
  paragraphSeconds: 0.8,
  /** After the last chunk (a paragraph's trailing silence; narration passes the paragraph's). */
  trailingSeconds: 0.8,
} as const;

/** Document 2's narration speed limits; /audio/speech passes its own 0.25–4. */
export const NARRATION_SPEED_RANGE: readonly [number, number] = [0.5, 2];

/** Most silence any one pause may ask for. */
export const MAX_PAUSE_SECONDS = 10;

export type SpeechBoundary = ChunkBoundary | 'paragraph' | 'end';

export type SpeechSegment =
  | { kind: 'text'; text: string }
  /**
   * IPA phonemes from the dictionary; `text` is what stands for them in the chunk's `text`
   * (for eSpeak the `[[…]]` markup, for IPA engines the written word).
   */
  | { kind: 'phonemes'; phonemes: string; text: string };

export interface SpeechChunk {
  /**
   * Normalized text to speak. An IPA entry appears as `[[…]]` eSpeak markup for eSpeak and as
   * its written word otherwise (IPA engines take `segments` / chunkAsIpa instead).
   */
  text: string;
  /** `text` in runs of text and IPA (only one `text` run when the chunk has no IPA). */
  segments: SpeechSegment[];
  /** The original span the chunk speaks. */
  originalOffset: number;
  originalLength: number;
  /** Why the chunk ends here: decides its pause. */
  boundary: SpeechBoundary;
  /** True for the first chunk of a sentence (sentence timings start there). */
  startsSentence: boolean;
  pauseAfterSeconds: number;
  /** How `text` maps onto the original (mapped-text.ts pieces); chunkToOriginal reads it. */
  pieces: Piece[];
}

export interface SpeechPlan {
  language: string;
  /** The narration speed asked for. */
  speed: number;
  chunks: SpeechChunk[];
  /** What the engine is asked to do (speed already includes the direction's rate). */
  prosody: EngineProsody;
  /** Hints and pronunciations the engine cannot perform, for the take's record. */
  dropped: string[];
  /** Direction / emotion words that were recognised. */
  cues: string[];
  /** Whether numbers, dates, … were normalized for this language. */
  normalized: boolean;
}

export interface SpeechPlanOptions {
  language: string;
  /** 1 = normal; must lie in `speedRange` (default 0.5–2.0, document 2). */
  speed?: number;
  speedRange?: readonly [number, number];
  /** The engine's caps or its name (`espeak`, `piper`, `kokoro`, or a `tapehouse-*` model id). */
  engine: EngineCaps | string;
  pronunciations?: readonly PronunciationEntry[] | PronunciationDictionary;
  direction?: string | null;
  emotion?: string | null;
  /** Delivery style (read with the direction lexicon). */
  style?: string | null;
  /** Silence after the last chunk, seconds. */
  paragraphTrailingSilence?: number;
  /** Pause between sentences, seconds at speed 1. */
  sentencePause?: number;
  /** Pause after a clause of a split sentence, seconds at speed 1. */
  clausePause?: number;
  /** Pause after a blank line inside the text, seconds. */
  paragraphPause?: number;
  maxChunkLength?: number;
}

function invalid(param: string, message: string): AppError {
  return new AppError('validation_error', message, { details: { param } });
}

function checkSeconds(name: string, value: number | undefined, fallback: number): number {
  const seconds = value ?? fallback;
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_PAUSE_SECONDS) {
    throw invalid(
      name,
      `${name} must be between 0 and ${MAX_PAUSE_SECONDS} seconds, got ${seconds}.`,
    );
  }
  return seconds;
}

const SPEAKABLE = /[\p{L}\p{N}]/u;
const PARAGRAPH_BREAK = /\n[^\S\n]*\n\s*/gu;

export function planSpeech(text: string, options: SpeechPlanOptions): SpeechPlan {
  const speed = options.speed ?? 1;
  const [minSpeed, maxSpeed] = options.speedRange ?? NARRATION_SPEED_RANGE;
  if (!Number.isFinite(speed) || speed < minSpeed || speed > maxSpeed) {
    throw invalid('speed', `speed must be between ${minSpeed} and ${maxSpeed}, got ${speed}.`);
  }
  const trailing = checkSeconds(
    'paragraphTrailingSilence',
    options.paragraphTrailingSilence,
    PAUSE_DEFAULTS.trailingSeconds,
  );
  const sentencePause = checkSeconds(
    'sentencePause',
    options.sentencePause,
    PAUSE_DEFAULTS.sentenceSeconds,
  );
  const clausePause = checkSeconds(
    'clausePause',
    options.clausePause,
    PAUSE_DEFAULTS.clauseSeconds,
  );
  const paragraphPause = checkSeconds(
    'paragraphPause',
    options.paragraphPause,
    PAUSE_DEFAULTS.paragraphSeconds,
  );
  const caps = typeof options.engine === 'string' ? capsFor(options.engine) : options.engine;

  const hints = directionToProsody({
    direction: options.direction ?? null,
    emotion: options.emotion ?? null,
    style: options.style ?? null,
  });
  const { prosody, dropped } = reduceProsody(hints, speed, caps);
  const pace = prosody.speed;
  const dictionary =
    options.pronunciations instanceof PronunciationDictionary
      ? options.pronunciations
      : new PronunciationDictionary(options.pronunciations ?? []);

  const pauseFor = (boundary: SpeechBoundary): number => {
    switch (boundary) {
      case 'word':
        return 0;
      case 'clause':
        return clausePause / pace;
      case 'sentence':
        return sentencePause / pace;
      case 'paragraph':
        return paragraphPause;
      case 'end':
        return trailing;
    }
  };

  const chunks: SpeechChunk[] = [];
  const readAsWritten = new Set<string>();
  let previousBoundary: SpeechBoundary = 'paragraph';
  for (const paragraph of paragraphs(text)) {
    const spans = splitIntoChunks(
      paragraph.text,
      options.language,
      options.maxChunkLength ?? DEFAULT_MAX_CHUNK_LENGTH,
    );
    spans.forEach((span, i) => {
      const boundary: SpeechBoundary = i === spans.length - 1 ? 'paragraph' : span.boundary;
      let mapped = dictionary.apply(MappedText.fromSource(span.text, paragraph.start + span.start));
      mapped = normalizeMapped(mapped, options.language);
      // Line breaks and runs of spaces inside a chunk are one space to an engine.
      mapped = mapped.rewrite(/\s*[^\S ]\s*| {2,}/u, () => ' ');
      mapped = adaptPhonemes(mapped, caps, readAsWritten);
      const startsSentence = previousBoundary !== 'clause' && previousBoundary !== 'word';
      previousBoundary = boundary;
      const chunk: SpeechChunk = {
        text: mapped.text,
        segments: segmentsOf(mapped),
        originalOffset: mapped.originalStart,
        originalLength: mapped.originalEnd - mapped.originalStart,
        boundary,
        startsSentence,
        pauseAfterSeconds: 0,
        pieces: [...mapped.pieces],
      };
      if (!SPEAKABLE.test(chunk.text)) {
        // Nothing to say ("* * *", "—"): its pause still counts, on the chunk before it.
        const last = chunks.at(-1);
        if (last && rank(boundary) > rank(last.boundary)) last.boundary = boundary;
        return;
      }
      chunks.push(chunk);
    });
  }
  chunks.forEach((chunk, i) => {
    if (i === chunks.length - 1) chunk.boundary = 'end';
    chunk.pauseAfterSeconds = round(pauseFor(chunk.boundary));
  });
  for (const word of readAsWritten) {
    dropped.push(
      caps.phonemes === 'none'
        ? `pronunciation "${word}" (IPA) read as written: ${caps.engine} takes no phonemes`
        : `pronunciation "${word}" (IPA) read as written: a symbol ${caps.engine} cannot say`,
    );
  }
  return {
    language: options.language,
    speed,
    chunks,
    prosody,
    dropped,
    cues: hints.cues,
    normalized: normalizesLanguage(options.language),
  };
}

/**
 * Fits IPA pieces to the engine: kept for IPA engines; for eSpeak turned into `[[…]]` markup
 * inside the text (and any `[[` the author typed is defused, so text is never read as
 * phonemes); otherwise read as written, noted in `readAsWritten`.
 */
function adaptPhonemes(text: MappedText, caps: EngineCaps, readAsWritten: Set<string>): MappedText {
  if (caps.phonemes === 'ipa') return text;
  let out = text;
  if (caps.phonemes === 'espeak') {
    out = out.rewrite(/\[\[|\]\]/u, (m) => `${m[0][0]} ${m[0][1]}`);
    out = new MappedText(
      out.pieces.map((piece) => {
        if (piece.kind !== 'phonemes') return piece;
        const markup = espeakPhonemeMarkup(piece.phonemes ?? '');
        return markup === null ? piece : { ...piece, text: markup };
      }),
    );
  }
  for (const piece of out.pieces) {
    if (piece.kind === 'phonemes' && !piece.text.startsWith('[[')) readAsWritten.add(piece.text);
  }
  return phonemesAsWritten(out, (piece) => piece.text.startsWith('[['));
}

function rank(boundary: SpeechBoundary): number {
  return ['word', 'clause', 'sentence', 'paragraph', 'end'].indexOf(boundary);
}

function round(seconds: number): number {
  return Math.round(seconds * 1e6) / 1e6;
}

/** Blank-line separated paragraphs with their offsets. */
function paragraphs(text: string): { start: number; text: string }[] {
  const out: { start: number; text: string }[] = [];
  let start = 0;
  for (const m of text.matchAll(PARAGRAPH_BREAK)) {
    out.push({ start, text: text.slice(start, m.index) });
    start = m.index + m[0].length;
  }
  out.push({ start, text: text.slice(start) });
  return out.filter((p) => p.text.trim() !== '');
}

function segmentsOf(text: MappedText): SpeechSegment[] {
  const segments: SpeechSegment[] = [];
  for (const piece of text.pieces) {
    const last = segments.at(-1);
    if (piece.kind === 'phonemes') {
      segments.push({ kind: 'phonemes', phonemes: piece.phonemes ?? '', text: piece.text });
    } else if (last?.kind === 'text') {
      last.text += piece.text;
    } else {
      segments.push({ kind: 'text', text: piece.text });
    }
  }
  return segments;
}

/** The original span for `[offset, offset + length)` of a chunk's `text`. */
export function chunkToOriginal(
  chunk: SpeechChunk,
  offset: number,
  length: number,
): { offset: number; length: number } {
  return new MappedText(chunk.pieces).toOriginalSpan(offset, length);
}

/**
 * IPA for a whole chunk, for engines fed phonemes (TtsRequest `input: 'ipa'`): text runs are
 * phonemized by `phonemize` (the engine's eSpeak phonemizer), IPA runs are used as they are.
 */
export async function chunkAsIpa(
  chunk: SpeechChunk,
  phonemize: (text: string) => Promise<string>,
): Promise<string> {
  const parts: string[] = [];
  for (const segment of chunk.segments) {
    if (segment.kind === 'phonemes') parts.push(segment.phonemes);
    else if (SPEAKABLE.test(segment.text)) parts.push((await phonemize(segment.text)).trim());
  }
  return parts.filter((p) => p !== '').join(' ');
}
