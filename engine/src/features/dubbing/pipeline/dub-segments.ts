/**
 * The lines of a dub, from what Whisper heard: a speech segment (VAD cuts, up to 15 s) may hold
 * two speakers or several sentences, so it is cut again with the word times — where the
 * speaker changes (the diarization turn under each word's middle) and after a sentence's end
 * when both sides last a second or more. Each line starts at its first word, not at the VAD
 * cut's padding, so a dub placed at a line's start begins when the speaker does. Pure.
 */
import type { LabelledTurn, TranscriptSegment, TranscriptWord } from '../../speech/index.ts';
import type { DubSegment } from './stage-data.ts';

const MIN_LINE_SECONDS = 1;
const SENTENCE_END = /[.!?。！？…]["'”’)]*$/u;
/** Languages written without spaces between words. */
const UNSPACED = new Set(['zh', 'zh-cn', 'ja']);

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function speakerAt(turns: readonly LabelledTurn[], time: number, fallback: string): string {
  let best: LabelledTurn | null = null;
  let bestDistance = Infinity;
  for (const turn of turns) {
    const distance = time < turn.start ? turn.start - time : time > turn.end ? time - turn.end : 0;
    if (distance < bestDistance) {
      best = turn;
      bestDistance = distance;
    }
  }
  // A word far from every turn keeps its segment's speaker.
  return best && bestDistance < 1 ? best.speaker : fallback;
}

function joinWords(words: readonly TranscriptWord[], language: string): string {
  return words
    .map((w) => w.word.trim())
    .filter((w) => w !== '')
    .join(UNSPACED.has(language) ? '' : ' ');
}

interface Piece {
  speaker: string;
  words: TranscriptWord[];
}

function cut(words: readonly (TranscriptWord & { speaker: string })[]): Piece[] {
  const pieces: Piece[] = [];
  for (const [i, word] of words.entries()) {
    const current = pieces.at(-1);
    const previous = words[i - 1];
    const sentenceEnded =
      previous !== undefined &&
      SENTENCE_END.test(previous.word.trim()) &&
      current !== undefined &&
      previous.end - (current.words[0]?.start ?? previous.end) >= MIN_LINE_SECONDS &&
      (words.at(-1)?.end ?? 0) - word.start >= MIN_LINE_SECONDS;
    if (!current || current.speaker !== word.speaker || sentenceEnded)
      pieces.push({ speaker: word.speaker, words: [word] });
    else current.words.push(word);
  }
  return pieces;
}

export function dubSegments(
  segments: readonly TranscriptSegment[],
  turns: readonly LabelledTurn[],
  language: string,
): DubSegment[] {
  const lines: Omit<DubSegment, 'id'>[] = [];
  for (const segment of segments) {
    const fallback =
      segment.speaker ?? speakerAt(turns, (segment.start + segment.end) / 2, 'SPEAKER_00');
    const words = segment.words.filter((w) => w.word.trim() !== '');
    if (words.length === 0) {
      if (segment.text.trim() === '') continue;
      lines.push({
        speaker: fallback,
        start: segment.start,
        end: segment.end,
        text: segment.text.trim(),
        words: [],
      });
      continue;
    }
    const labelled = words.map((w) => ({
      ...w,
      speaker: speakerAt(turns, (w.start + w.end) / 2, fallback),
    }));
    const pieces = cut(labelled);
    for (const piece of pieces) {
      const first = piece.words[0];
      const last = piece.words.at(-1);
      if (!first || !last) continue;
      lines.push({
        speaker: piece.speaker,
        start: round3(first.start),
        end: round3(Math.max(last.end, first.start + 0.05)),
        text: pieces.length === 1 ? segment.text.trim() : joinWords(piece.words, language),
        words: piece.words.map((w) => ({ word: w.word.trim(), start: w.start, end: w.end })),
      });
    }
  }
  return lines.sort((a, b) => a.start - b.start).map((line, id) => ({ id, ...line }));
}
