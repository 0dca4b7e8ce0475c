/**
 * Screenplay annotation's splitting step (document 2, rules 10–11). The rules' reading of the
 * whole book (the cast library's context pass) cuts every paragraph at its quote marks, dialogue
 * dashes and incises into narration and dialogue lines; then, when a language model is set up,
 * the model pass (libraries/speaker-attribution/model-lines.ts) names each quotation's speaker from the book's
 * character list and gives it a short direction, and model-verdicts.ts decides what is kept.
 * Lines are always cut from the paragraph's own text, so they hold its words (the ±5 % check of
 * rule 10 is still applied before anything is written). Without a model the rules' speakers and
 * reporting-verb directions are used as they are.
 */
import type { ParagraphRow } from '../../../db/schema/audiobook.ts';
import {
  attributeLinesWithModel,
  linesOf,
  mergeVerdicts,
  type CastReading,
  type LineModel,
  type ModelLine,
  type ParagraphCast,
} from '../../../libraries/speaker-attribution/index.ts';
import { countWords } from '../text-stats.ts';

/** Document 2, "Limits": annotation word-count tolerance. */
export const WORD_TOLERANCE = 0.05;

export interface AnnotatedLine {
  text: string;
  speaker: string | null;
  direction: string;
}

/** Rule 10's check: the lines together within ±5 % of the original's words. */
export function withinTolerance(original: string, lines: AnnotatedLine[]): boolean {
  const before = countWords(original);
  const after = lines.reduce((sum, line) => sum + countWords(line.text), 0);
  if (before === 0) return after === 0;
  return Math.abs(after - before) <= before * WORD_TOLERANCE;
}

/** The rules' lines of one paragraph of the reading. */
export function rulesLines(reading: CastReading, index: number, text: string): AnnotatedLine[] {
  const paragraph = reading.paragraphs[index];
  return paragraph
    ? linesOf(paragraph, text)
    : [{ text: text.trim(), speaker: null, direction: '' }];
}

/** One paragraph's lines with the model's verdicts put on its quotations. */
export function modelLinesOf(
  reading: CastReading,
  index: number,
  text: string,
  answers: ModelLine[],
): AnnotatedLine[] {
  const paragraph = reading.paragraphs[index];
  if (!paragraph) return rulesLines(reading, index, text);
  const verdicts = new Map(mergeVerdicts(reading, answers).map((v) => [v.line, v]));
  const revised: ParagraphCast = {
    ...paragraph,
    lines: paragraph.lines.map((line, k) => {
      const verdict = verdicts.get(k);
      if (!verdict || line.kind !== 'dialogue') return line;
      return {
        ...line,
        speaker: verdict.speaker,
        direction: verdict.direction !== '' ? verdict.direction : line.direction,
      };
    }),
  };
  return linesOf(revised, text);
}

/**
 * Runs the model pass over the scoped paragraphs of `book` (every paragraph of the project in
 * reading order, so earlier chapters name the characters), handing each paragraph's lines to
 * `apply` as soon as its passage is answered. Returns the scoped paragraphs it did not answer
 * (no quotation, or too long for one call): the caller gives them the rules' lines.
 */
export async function annotateWithModel(args: {
  book: ParagraphRow[];
  reading: CastReading;
  scope: ReadonlySet<string>;
  language: string;
  model: LineModel;
  signal: AbortSignal;
  apply: (paragraph: ParagraphRow, lines: AnnotatedLine[]) => void;
  onProgress: (done: number, total: number) => void;
}): Promise<Set<string>> {
  const { book, reading } = args;
  const answered = new Set<string>();
  await attributeLinesWithModel({
    texts: book.map((p) => p.text),
    chapters: book.map((p) => p.chapterId),
    reading,
    language: args.language,
    decide: (i) => args.scope.has(book[i]?.id ?? ''),
    known: (i) => (book[i]?.characterSetBy === 'user' ? (book[i]?.characterName ?? null) : null),
    directions: true,
    model: args.model,
    signal: args.signal,
    onProgress: (done, total) => args.onProgress(done, total),
    onWindow: (lines) => {
      const byParagraph = new Map<number, ModelLine[]>();
      for (const line of lines)
        byParagraph.set(line.paragraph, [...(byParagraph.get(line.paragraph) ?? []), line]);
      for (const [index, answers] of byParagraph) {
        const paragraph = book[index];
        if (!paragraph) continue;
        answered.add(paragraph.id);
        args.apply(paragraph, modelLinesOf(reading, index, paragraph.text, answers));
      }
    },
  });
  return new Set([...args.scope].filter((id) => !answered.has(id)));
}
