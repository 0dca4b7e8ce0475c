/**
 * Words of a known text and where eSpeak NG spoke each of them. eSpeak reports the start of
 * every word it speaks (its text offset and its position in the audio); a number like "1455"
 * yields several spoken words at offsets inside the written one, so events are grouped by the
 * written word that contains them. A word ends where its sound does: the start of the next word
 * minus any pause eSpeak left before it (a comma, a full stop), found on the synthetic audio's
 * own energy, which is clean.
 */
import type { TtsTiming } from '../../voices/index.ts';
import { FRAME_SECONDS } from './spectral-features.ts';

export interface TextWord {
  text: string;
  /** UTF-16 offset and length in the text. */
  offset: number;
  length: number;
}

/** Letters and digits, with inner apostrophes, hyphens and dots (don't, well-known, 3.5). */
const WORD = /[\p{L}\p{N}\p{M}]+(?:[’'\-.][\p{L}\p{N}\p{M}]+)*/gu;

export function splitWords(text: string): TextWord[] {
  return [...text.matchAll(WORD)].map((m) => ({
    text: m[0],
    offset: m.index,
    length: m[0].length,
  }));
}

export interface SpokenSpan {
  /** Index into the words array. */
  word: number;
  start: number;
  end: number;
}

/** Frames quieter than this (dB re full scale) count as a pause in eSpeak's output. */
const SYNTH_SILENCE_DB = -50;

/**
 * The synthetic audio's span of every word, in seconds. eSpeak sometimes reports one event for
 * two words it speaks as one ("of the"); such a group's span is shared out by letter count.
 */
export function spokenSpans(
  words: readonly TextWord[],
  timings: readonly TtsTiming[],
  synthSeconds: number,
  synthEnergyDb: Float32Array,
): SpokenSpan[] {
  const starts = new Map<number, number>();
  let cursor = 0;
  for (const timing of timings) {
    if (timing.kind !== 'word') continue;
    while (
      cursor < words.length &&
      words[cursor]!.offset + words[cursor]!.length <= timing.textOffset
    )
      cursor++;
    const word = words[cursor];
    if (word === undefined) break;
    if (timing.textOffset < word.offset && timing.textOffset + timing.textLength <= word.offset)
      continue; // an event for text between words (a symbol eSpeak read out)
    if (!starts.has(cursor)) starts.set(cursor, timing.startSeconds);
  }
  const indices = [...starts.keys()].sort((a, b) => a - b);
  if (indices.length === 0) return [];
  // Words before the first event join the first group.
  if (indices[0] !== 0) {
    starts.set(0, starts.get(indices[0]!)!);
    starts.delete(indices[0]!);
    indices[0] = 0;
  }
  const spans: SpokenSpan[] = [];
  indices.forEach((index, k) => {
    const start = starts.get(index)!;
    const nextIndex = k + 1 < indices.length ? indices[k + 1]! : words.length;
    const next = k + 1 < indices.length ? starts.get(nextIndex)! : synthSeconds;
    const end = soundEnd(start, next, synthEnergyDb);
    const group = words.slice(index, nextIndex);
    const letters = group.reduce((sum, w) => sum + w.length, 0);
    let at = start;
    group.forEach((w, g) => {
      const until = g === group.length - 1 ? end : at + ((end - start) * w.length) / letters;
      spans.push({ word: index + g, start: at, end: until });
      at = until;
    });
  });
  return spans;
}

/** The last audible frame before `next`, searching back no further than `start`. */
function soundEnd(start: number, next: number, energyDb: Float32Array): number {
  let frame = Math.min(energyDb.length - 1, Math.floor(next / FRAME_SECONDS) - 1);
  const first = Math.ceil(start / FRAME_SECONDS);
  while (frame > first && energyDb[frame]! < SYNTH_SILENCE_DB) frame--;
  return Math.max(start, Math.min(next, (frame + 1) * FRAME_SECONDS));
}
