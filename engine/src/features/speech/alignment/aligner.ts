/**
 * Word timings of a recording from speech synthesised from its known text (alignment by DTW,
 * the method Echogarden uses): MFCC frames of both, a coarse-then-fine warp between them, each
 * synthetic word span carried through the warp onto the recording, then the edges snapped to
 * where speech really starts and stops (Silero VAD probabilities when the pack is installed,
 * else the recording's energy above its noise floor). Pure: the worker task feeds it PCM.
 */
import {
  diagonalCorridor,
  multiResolutionWarp,
  type SkippableSection,
  type WarpPath,
} from './dtw.ts';
import {
  downsampleFrames,
  FRAME_SECONDS,
  mfccFrames,
  type FeatureFrames,
} from './spectral-features.ts';
import type { SpokenSpan } from './word-spans.ts';

export interface AlignedSpan {
  word: number;
  start: number;
  end: number;
  /** 0–1: how closely the recording matches the synthetic word (1 = as well as typical). */
  match: number;
}

export interface AlignInput {
  recording: Float32Array;
  recordingRate: number;
  reference: Float32Array;
  referenceRate: number;
  spans: readonly SpokenSpan[];
  /** Speech probability per `speechFrameSeconds` of the recording (Silero), when available. */
  speech?: { probabilities: Float32Array; frameSeconds: number } | null;
  /**
   * Indices of the spans that begin a section the reader may have left out (the paragraphs of a
   * chapter); each runs to the next one. Empty: every word was read.
   */
  sectionStarts?: readonly number[];
}

/**
 * What skipping a section costs per synthetic frame. Reading text aligned to the wrong words
 * costs about 2 per frame more than to the right ones (unrelated frames lie about 5 apart, the
 * same sound about 3), so a section the recording really holds is never worth skipping, while
 * one it lacks no longer drags its neighbours out of place.
 */
const SKIP_COST_PER_FRAME = 1;

/** Coarse frames are 4 × 10 ms; the coarse band is ±25 % of the length, at least ±3 s. */
const COARSE_FACTOR = 4;
const COARSE_MIN_HALF_WIDTH = 75;
const FINE_RADIUS = 12;
/** Energy fallback: speech is this far above the noise floor (a share of the dynamic range). */
const ENERGY_GATE_MIN_DB = 10;
const ENERGY_GATE_SHARE = 0.3;
const SPEECH_THRESHOLD = 0.5;

export function alignSpans(input: AlignInput): AlignedSpan[] {
  const refAll = mfccFrames(input.reference, input.referenceRate);
  const recAll = mfccFrames(input.recording, input.recordingRate);
  const speech = speechMask(input, recAll.energyDb);
  // Leading and trailing silence differ between the two (eSpeak starts at once, a recording
  // rarely does); warping only the spoken stretch of each keeps the first and last words from
  // absorbing it.
  const refRange = audibleRange(refAll.energyDb, (db) => db > REF_SILENCE_DB);
  const recRange = audibleRange(speech.frames, (v) => v === 1);
  const ref = sliceFrames(refAll, refRange);
  const rec = sliceFrames(recAll, recRange);
  const skips = sectionSkips(input, refRange);
  const local = multiResolutionWarp(
    ref,
    rec,
    {
      factor: COARSE_FACTOR,
      radius: FINE_RADIUS,
      pauses: speech.frames.slice(recRange.from, recRange.to).map((v) => 1 - v),
      skips,
      coarse: (n, m) =>
        diagonalCorridor(
          n,
          m,
          Math.max(COARSE_MIN_HALF_WIDTH / COARSE_FACTOR, 0.25 * Math.max(n, m)),
        ),
    },
    downsampleFrames,
  );
  const path = shiftPath(local, refRange.from, recRange.from);
  const firstRec = firstRecordingFrame(path, refAll.frames);
  const lastRec = lastRecordingFrame(path, refAll.frames);
  const skipped = fillSkippedRows(firstRec, lastRec, refRange);
  const typical = median(path.cost);
  const tempo = (recRange.to - recRange.from) / Math.max(1, refRange.to - refRange.from);
  const duration = input.recording.length / input.recordingRate;
  const aligned = input.spans.map((span) => {
    const a = clampFrame(Math.round(span.start / FRAME_SECONDS), refRange);
    const b = Math.max(a, clampFrame(Math.round(span.end / FRAME_SECONDS) - 1, refRange));
    const rawStart = firstRec[a]! * FRAME_SECONDS;
    const rawEnd = (lastRec[b]! + 1) * FRAME_SECONDS;
    // A word neither starts nor ends in silence: a pause the synthetic speech did not have
    // (the reader breathed) is warped onto a word's edge, so the edge moves past it.
    const start = snapStart(rawStart, rawEnd, speech);
    const end = snapEnd(rawEnd, start, speech);
    return {
      word: span.word,
      start: Math.min(start, duration),
      end: Math.min(Math.max(end, start), duration),
      // A word the path jumped over was not read at all.
      match: allSkipped(skipped, a, b)
        ? 0
        : Math.min(
            matchScore(path, a, b, typical),
            squeezeScore(rawEnd - rawStart, span.end - span.start, tempo),
          ),
    };
  });
  // Snapping may cross a neighbour; keep words in order and non-overlapping.
  for (let k = 1; k < aligned.length; k++) {
    const prev = aligned[k - 1]!;
    const cur = aligned[k]!;
    if (cur.start < prev.end) {
      const mid = (prev.end + cur.start) / 2;
      prev.end = Math.max(prev.start, Math.min(prev.end, mid));
      cur.start = Math.max(prev.end, cur.start);
      cur.end = Math.max(cur.end, cur.start);
    }
  }
  return aligned.map((w) => ({ ...w, start: round3(w.start), end: round3(w.end) }));
}

const REF_SILENCE_DB = -50;
/** Frames kept on each side of the audible stretch (a soft onset is quieter than the gate). */
const RANGE_PAD = 5;

interface FrameRange {
  from: number;
  /** Exclusive. */
  to: number;
}

function audibleRange<T extends ArrayLike<number>>(
  values: T,
  audible: (v: number) => boolean,
): FrameRange {
  let from = 0;
  while (from < values.length && !audible(values[from]!)) from++;
  let to = values.length;
  while (to > from && !audible(values[to - 1]!)) to--;
  if (to - from < 2) return { from: 0, to: values.length };
  return { from: Math.max(0, from - RANGE_PAD), to: Math.min(values.length, to + RANGE_PAD) };
}

function sliceFrames(features: FeatureFrames, range: FrameRange): FeatureFrames {
  const { dims } = features;
  return {
    data: features.data.slice(range.from * dims, range.to * dims),
    frames: range.to - range.from,
    dims,
    energyDb: features.energyDb.slice(range.from, range.to),
  };
}

function shiftPath(path: WarpPath, refFrom: number, recFrom: number): WarpPath {
  return {
    ref: path.ref.map((r) => r + refFrom),
    rec: path.rec.map((r) => r + recFrom),
    cost: path.cost,
  };
}

function clampFrame(frame: number, range: FrameRange): number {
  return Math.min(range.to - 1, Math.max(range.from, frame));
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function firstRecordingFrame(path: WarpPath, n: number): Int32Array {
  const first = new Int32Array(n).fill(-1);
  for (let s = 0; s < path.ref.length; s++)
    if (first[path.ref[s]!] === -1) first[path.ref[s]!] = path.rec[s]!;
  return first;
}

function lastRecordingFrame(path: WarpPath, n: number): Int32Array {
  const last = new Int32Array(n);
  for (let s = 0; s < path.ref.length; s++) last[path.ref[s]!] = path.rec[s]!;
  return last;
}

/** The sections as reference frame ranges of the warped (trimmed) stretch. */
function sectionSkips(input: AlignInput, refRange: FrameRange): SkippableSection[] {
  const starts = [...(input.sectionStarts ?? [])].sort((a, b) => a - b);
  const n = refRange.to - refRange.from;
  const frameOf = (word: number | undefined): number =>
    word === undefined
      ? n
      : Math.min(
          n,
          Math.max(0, Math.round((input.spans[word]?.start ?? 0) / FRAME_SECONDS) - refRange.from),
        );
  return starts.map((word, k) => {
    const from = k === 0 ? 0 : frameOf(word);
    const to = frameOf(starts[k + 1]);
    return { from, to, penalty: SKIP_COST_PER_FRAME * (to - from) };
  });
}

/**
 * Rows of the reference a skip jumped over get the recording frame where the jump happened (so
 * the skipped words sit, with no length, where they were left out); returns which rows.
 */
function fillSkippedRows(first: Int32Array, last: Int32Array, range: FrameRange): Uint8Array {
  const skipped = new Uint8Array(first.length);
  let carry = 0;
  for (let r = 0; r < first.length; r++) {
    if (first[r] === -1) {
      if (r >= range.from && r < range.to) skipped[r] = 1;
      first[r] = carry;
      last[r] = carry;
    } else carry = last[r]!;
  }
  return skipped;
}

function allSkipped(skipped: Uint8Array, a: number, b: number): boolean {
  for (let r = a; r <= b; r++) if (skipped[r] !== 1) return false;
  return true;
}

function median(values: Float32Array): number {
  if (values.length === 0) return 1;
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)]! || 1;
}

function matchScore(path: WarpPath, a: number, b: number, typical: number): number {
  let sum = 0;
  let count = 0;
  for (let s = 0; s < path.ref.length; s++) {
    const r = path.ref[s]!;
    if (r < a) continue;
    if (r > b) break;
    sum += path.cost[s]!;
    count++;
  }
  if (count === 0) return 0;
  return Math.round(Math.min(1, typical / (sum / count)) * 100) / 100;
}

/**
 * Text the reader skipped is squeezed by the warp into almost no time: a word that lasts under
 * SQUEEZED of its synthetic length (after the overall tempo difference) scores proportionally.
 */
const SQUEEZED = 0.35;

function squeezeScore(recordedSeconds: number, syntheticSeconds: number, tempo: number): number {
  if (syntheticSeconds <= 0) return 1;
  const ratio = recordedSeconds / (syntheticSeconds * tempo);
  return Math.round(Math.min(1, ratio / SQUEEZED) * 100) / 100;
}

interface SpeechMask {
  /** true where the recording holds speech, per 10 ms frame. */
  frames: Uint8Array;
}

/**
 * Speech per 10 ms: from Silero's 32 ms probabilities when given, else from energy (frames
 * within 35 dB of the recording's loudest 5 % count as speech).
 */
function speechMask(input: AlignInput, energyDb: Float32Array): SpeechMask {
  const frames = new Uint8Array(energyDb.length);
  if (input.speech) {
    const { probabilities, frameSeconds } = input.speech;
    for (let f = 0; f < frames.length; f++) {
      const p =
        probabilities[
          Math.min(probabilities.length - 1, Math.floor((f * FRAME_SECONDS) / frameSeconds))
        ];
      frames[f] = (p ?? 0) >= SPEECH_THRESHOLD ? 1 : 0;
    }
    return { frames };
  }
  const sorted = Float32Array.from(energyDb).sort();
  const floor = sorted[Math.floor(sorted.length * 0.1)] ?? -100;
  const loud = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const gate = floor + Math.max(ENERGY_GATE_MIN_DB, (loud - floor) * ENERGY_GATE_SHARE);
  for (let f = 0; f < frames.length; f++) frames[f] = energyDb[f]! > gate ? 1 : 0;
  return { frames };
}

/** A start in silence moves forward to the next speech onset before `limit` (the word's end). */
function snapStart(t: number, limit: number, mask: SpeechMask): number {
  const f = Math.round(t / FRAME_SECONDS);
  if (mask.frames[f] === 1) return t;
  const last = Math.min(mask.frames.length - 1, Math.round(limit / FRAME_SECONDS) - 1);
  for (let g = f + 1; g <= last; g++) if (mask.frames[g] === 1) return g * FRAME_SECONDS;
  return t;
}

/** An end in silence moves back to the last speech frame after `limit` (the word's start). */
function snapEnd(t: number, limit: number, mask: SpeechMask): number {
  const f = Math.round(t / FRAME_SECONDS) - 1;
  if (f < 0 || mask.frames[f] === 1) return t;
  const first = Math.max(0, Math.round(limit / FRAME_SECONDS));
  for (let g = f - 1; g >= first; g--) if (mask.frames[g] === 1) return (g + 1) * FRAME_SECONDS;
  return t;
}
