/**
 * Screenplay annotation without a language model (spec "Character voices (cast)", rule 10): the
 * context pass (context-pass.ts) cuts every paragraph into narration and dialogue lines with a
 * speaker each, and this file turns its reading into the lines the annotation job writes.
 *
 * - A paragraph that is all narration, or all one speaker's speech, stays one line (its speaker,
 *   or the narrator). A mixed paragraph becomes its lines in reading order: narration (the
 *   reporting clause "said Elizabeth" included) in the narrator's voice, each dialogue line in
 *   its speaker's, or the narrator's when the pass is not confident.
 * - The lines are cut from the paragraph's own text: joined with spaces they give back every
 *   word, so rule 10's ±5 % word check always holds; a reading that would break it is not used
 *   (the paragraph stays one line).
 * - Directions: the reporting verb and a manner adverb of a dialogue line ("whispered",
 *   "cried impatiently"), English books only; '' elsewhere.
 * Which paragraphs may be sent at all (locked, queued, skip_narration) is the job's rule; the
 * reading uses the whole book for context, hand-set names included.
 */
import type { CastAlias } from './aliases.ts';
import { countWords } from './speech-spans.ts';
import {
  readCast,
  type CastLine,
  type CastReading,
  type ContextParagraph,
  type ParagraphCast,
} from './context-pass.ts';

export interface SplitLine {
  text: string;
  speaker: string | null;
  direction: string;
}

/** Rule 10's limit: the lines hold the original's words within ±5 %. */
export const SPLIT_WORD_TOLERANCE = 0.05;

function withinTolerance(original: string, lines: SplitLine[]): boolean {
  const before = countWords(original);
  const after = lines.reduce((sum, line) => sum + countWords(line.text), 0);
  if (before === 0) return after === 0;
  return Math.abs(after - before) <= before * SPLIT_WORD_TOLERANCE;
}

const toLine = (line: CastLine): SplitLine => ({
  text: line.text,
  speaker: line.kind === 'dialogue' ? line.speaker : null,
  direction: line.kind === 'dialogue' ? line.direction : '',
});

/** Consecutive lines of one voice (two quotes of one speaker with nothing between) are one. */
function joinSameVoice(lines: CastLine[], text: string): CastLine[] {
  const out: CastLine[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    const sameVoice =
      last !== undefined &&
      last.kind === line.kind &&
      last.speaker === line.speaker &&
      (last.kind === 'narration' || last.speaker !== null);
    if (sameVoice) {
      out[out.length - 1] = {
        ...last,
        text: text.slice(last.start, line.end),
        end: line.end,
        direction: last.direction || line.direction,
      };
    } else out.push(line);
  }
  return out;
}

/** The lines one paragraph is written as, from the context reading of the book. */
export function linesOf(paragraph: ParagraphCast, text: string): SplitLine[] {
  const whole = (speaker: string | null, direction: string): SplitLine[] => [
    { text: text.trim(), speaker, direction },
  ];
  const lines = joinSameVoice(paragraph.lines, text);
  if (lines.length <= 1) {
    const only = lines[0];
    return whole(
      only?.kind === 'dialogue' ? only.speaker : null,
      only ? toLine(only).direction : '',
    );
  }
  const split = lines.map(toLine);
  return withinTolerance(text, split) ? split : whole(paragraph.speaker, '');
}

/**
 * Annotates the paragraphs in `scope` (ids) of a book, reading all of `paragraphs` (the whole
 * book in order) for context. Returns each scoped paragraph's lines and the reading itself (its
 * characters and proposed aliases).
 */
export function annotateWithoutModel(args: {
  paragraphs: ContextParagraph[];
  scope: ReadonlySet<string>;
  language: string;
  aliases?: CastAlias[];
  /** The author, translator and other makers: never characters (context-pass.ts). */
  bookPeople?: string[];
}): { lines: Map<string, SplitLine[]>; reading: CastReading } {
  const reading = readCast(args.paragraphs, {
    language: args.language,
    ...(args.aliases !== undefined && { aliases: args.aliases }),
    ...(args.bookPeople !== undefined && { bookPeople: args.bookPeople }),
  });
  const lines = new Map<string, SplitLine[]>();
  reading.paragraphs.forEach((paragraph, i) => {
    const source = args.paragraphs[i];
    if (source === undefined || !args.scope.has(paragraph.id)) return;
    lines.set(paragraph.id, linesOf(paragraph, source.text));
  });
  return { lines, reading };
}
