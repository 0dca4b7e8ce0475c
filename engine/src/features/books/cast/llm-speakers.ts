/**
 * Speaker detection by the chat endpoint (`cast/detect?method=llm`, document 2 rules 8–9): the
 * book goes in batches of numbered paragraphs, each with the speakers already known for
 * context; the model names a speaker only when the text makes it clear, plus alternate names
 * and gender hints. Answers are checked here; writing them is the cast service's (rule 7).
 */
import { z } from 'zod';
import type { ParagraphRow } from '../../../db/schema/audiobook.ts';
import type { ChatClient } from '../llm/chat-client.ts';

/**
 * Words one detection or annotation job takes (document 2, rule 9 and 11: "the annotation word
 * limit", value not shown). 200,000 words covers all but the longest novels in one pass.
 */
export const ANNOTATION_WORD_LIMIT = 200_000;

/** Words per request: small enough for a local model's context with room for the answer. */
export const BATCH_WORDS = 1200;
export const BATCH_PARAGRAPHS = 40;

export interface SpeakerBatchAnswer {
  /** paragraph id → speaker name */
  speakers: Map<string, string>;
  aliases: { name: string; aliasOf: string }[];
  genders: Map<string, 'male' | 'female'>;
}

const answerSchema = z.object({
  speakers: z.record(z.string(), z.union([z.string(), z.null()])).optional(),
  aliases: z
    .array(z.object({ name: z.string(), alias_of: z.string() }))
    .optional()
    .catch([]),
  genders: z.record(z.string(), z.string()).optional().catch({}),
});

/** Consecutive paragraphs in batches of at most BATCH_WORDS words / BATCH_PARAGRAPHS lines. */
export function batches<T extends { wordCount: number }>(rows: T[], maxWords = BATCH_WORDS): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let words = 0;
  for (const row of rows) {
    if (
      current.length > 0 &&
      (words + row.wordCount > maxWords || current.length >= BATCH_PARAGRAPHS)
    ) {
      out.push(current);
      current = [];
      words = 0;
    }
    current.push(row);
    words += row.wordCount;
  }
  if (current.length > 0) out.push(current);
  return out;
}

const SYSTEM =
  'You identify who speaks in passages of a novel. Name a speaker only when the text makes it ' +
  'clear; leave narration and uncertain paragraphs out. Answer with JSON only.';

export async function detectBatch(
  chat: ChatClient,
  batch: ParagraphRow[],
  context: { language: string; knownSpeakers: string[] },
  signal?: AbortSignal,
): Promise<SpeakerBatchAnswer> {
  const lines = batch.map((p, i) => {
    const known = p.characterName ? ` (speaker: ${p.characterName})` : '';
    return `[${i + 1}]${known} ${p.text}`;
  });
  const reply = await chat.completeJson(
    [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content:
          `Language: ${context.language}\n` +
          `Known characters: ${context.knownSpeakers.slice(0, 60).join(', ') || 'none yet'}\n\n` +
          `${lines.join('\n\n')}\n\n` +
          'For each numbered paragraph that is mainly a character speaking, give the speaker. ' +
          'Also list alternate names of one character and each character’s gender when the ' +
          'text shows it. Answer in this form: {"speakers": {"1": "Name"}, "aliases": ' +
          '[{"name": "Lizzy", "alias_of": "Elizabeth"}], "genders": {"Name": "female"}}',
      },
    ],
    { signal, temperature: 0, maxTokens: 80 + batch.length * 24 },
  );
  const parsed = answerSchema.safeParse(reply);
  const speakers = new Map<string, string>();
  const genders = new Map<string, 'male' | 'female'>();
  const aliases: SpeakerBatchAnswer['aliases'] = [];
  if (!parsed.success) return { speakers, aliases, genders };
  for (const [index, name] of Object.entries(parsed.data.speakers ?? {})) {
    const paragraph = batch[Number(index) - 1];
    const clean = typeof name === 'string' ? name.trim().slice(0, 120) : '';
    if (paragraph && clean !== '' && !/^(narrator|unknown|none)$/i.test(clean)) {
      speakers.set(paragraph.id, clean);
    }
  }
  for (const alias of parsed.data.aliases ?? []) {
    const name = alias.name.trim().slice(0, 120);
    const aliasOf = alias.alias_of.trim().slice(0, 120);
    if (name !== '' && aliasOf !== '') aliases.push({ name, aliasOf });
  }
  for (const [name, gender] of Object.entries(parsed.data.genders ?? {})) {
    const g = gender.trim().toLowerCase();
    if (g === 'male' || g === 'female') genders.set(name.trim(), g);
  }
  return { speakers, aliases, genders };
}
