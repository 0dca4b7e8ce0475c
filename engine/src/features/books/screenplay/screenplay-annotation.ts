/**
 * Screenplay annotation's splitting step (document 2, rules 10–11), two ways:
 * - with a chat endpoint (TAPEHOUSE_LLM_URL): numbered paragraphs go to the model, which splits
 *   each mixed one into narration and dialogue lines with a speaker and a short direction, for
 *   any language or dialogue punctuation (annotateBatch);
 * - without one: the cast library's context pass reads the whole book and cuts each paragraph
 *   at its quote marks and dialogue dashes (annotateWithoutModel, cast/line-split.ts).
 * A paragraph's answer is used only when its lines hold the original word count within ±5 %.
 */
import { z } from 'zod';
import type { ParagraphRow } from '../../../db/schema/audiobook.ts';
import {
  annotateWithoutModel,
  type CastAlias,
  type CastReading,
} from '../../../libraries/speaker-attribution/index.ts';
import type { ChatClient } from '../llm/chat-client.ts';
import { countWords } from '../text-stats.ts';

/** Document 2, "Limits": annotation word-count tolerance. */
export const WORD_TOLERANCE = 0.05;

export interface AnnotatedLine {
  text: string;
  speaker: string | null;
  direction: string;
}

const lineSchema = z.object({
  text: z.string(),
  speaker: z.string().nullable().optional(),
  direction: z.string().nullable().optional(),
});

const answerSchema = z.object({
  paragraphs: z.array(
    z.object({ n: z.union([z.number(), z.string()]), lines: z.array(lineSchema).catch([]) }),
  ),
});

/** Rule 10's check: the lines together within ±5 % of the original's words. */
export function withinTolerance(original: string, lines: AnnotatedLine[]): boolean {
  const before = countWords(original);
  const after = lines.reduce((sum, line) => sum + countWords(line.text), 0);
  if (before === 0) return after === 0;
  return Math.abs(after - before) <= before * WORD_TOLERANCE;
}

const SYSTEM =
  'You prepare novels for a multi-voice audiobook. Split paragraphs into narration lines and ' +
  'dialogue lines without changing, adding or dropping words. Answer with JSON only.';

function speakerName(value: string | null | undefined): string | null {
  const name = value?.trim() ?? '';
  if (name === '' || /^(narrator|narration|none|null|unknown)$/i.test(name)) return null;
  return name.slice(0, 120);
}

/** paragraph id → its lines (paragraphs the model skipped or garbled are absent). */
export async function annotateBatch(
  chat: ChatClient,
  batch: ParagraphRow[],
  context: { language: string; knownSpeakers: string[] },
  signal?: AbortSignal,
): Promise<Map<string, AnnotatedLine[]>> {
  const numbered = batch.map((p, i) => `[${i + 1}] ${p.text}`).join('\n\n');
  const reply = await chat.completeJson(
    [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content:
          `Language: ${context.language}\n` +
          `Known characters: ${context.knownSpeakers.slice(0, 60).join(', ') || 'none yet'}\n\n` +
          `${numbered}\n\n` +
          'Split each paragraph into lines: narration (speaker null) and each character’s ' +
          'speech (speaker: the character’s name). Keep the words exactly. Give every line a ' +
          'performance direction of at most 12 words. Answer in this form: {"paragraphs": ' +
          '[{"n": 1, "lines": [{"text": "...", "speaker": null, "direction": "..."}]}]}',
      },
    ],
    { signal, temperature: 0, maxTokens: 200 + batch.reduce((s, p) => s + p.wordCount, 0) * 3 },
  );
  const parsed = answerSchema.safeParse(reply);
  const out = new Map<string, AnnotatedLine[]>();
  if (!parsed.success) return out;
  for (const item of parsed.data.paragraphs) {
    const paragraph = batch[Number(item.n) - 1];
    if (!paragraph) continue;
    const lines = item.lines
      .map((line) => ({
        text: line.text.trim(),
        speaker: speakerName(line.speaker),
        direction: (line.direction ?? '').trim().slice(0, 500),
      }))
      .filter((line) => line.text !== '');
    if (lines.length > 0) out.set(paragraph.id, lines);
  }
  return out;
}

/**
 * The no-model answer for the paragraphs of `scope`: `book` is every paragraph of the project in
 * reading order (the context: earlier chapters name the characters, hand-set names count);
 * `aliases` are the cast's aliases, which the reading keeps. `lines` has the same shape as
 * annotateBatch's answer; `reading` holds the characters (genders) and the name variants to merge.
 */
export function annotateWithoutChat(
  book: ParagraphRow[],
  scope: ReadonlySet<string>,
  context: { language: string; aliases: CastAlias[] },
): { lines: Map<string, AnnotatedLine[]>; reading: CastReading } {
  return annotateWithoutModel({
    paragraphs: book.map((p) => ({
      id: p.id,
      text: p.text,
      character_name: p.characterName,
      locked: p.locked,
      speaker_cleared: p.speakerCleared,
      chapter_id: p.chapterId,
    })),
    scope,
    language: context.language,
    aliases: context.aliases,
  });
}
