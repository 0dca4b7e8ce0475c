/**
 * Job `text_translation` (ours; docs/api/translation.md): translates texts, or a transcript's
 * segments, with the installed pack the pair's plan picks (mt-packs.ts), in the worker pool with
 * progress and cancel. Price: `translation` credits (GET /credits/multipliers) per started
 * 1,000 characters of source text, held at creation, refunded on failure; a cancelled job is
 * released. Idempotent: a re-run translates the same input again.
 */
import { z } from 'zod';
import type { JobHandler, JobQuote } from '../../jobs/job-types.ts';
import type { Pricing } from '../billing/index.ts';
import type { TextTranslator } from './text-translator.ts';
import type { TranscriptSource } from './translation-deps.ts';
import type { ENGINES } from './translation-schemas.ts';

export const TEXT_TRANSLATION_JOB = 'text_translation';

/** Characters per billed unit of the `translation` cost. */
export const CHARACTERS_PER_UNIT = 1000;

export const textTranslationInput = z.object({
  texts: z.array(z.string()).nullable(),
  transcript_id: z.number().int().nullable(),
  source_language: z.string(),
  source_detected: z.boolean(),
  target_language: z.string(),
  engine: z.string().nullable(),
  characters: z.number().int(),
});

export type TextTranslationInput = z.infer<typeof textTranslationInput>;

export interface TextTranslationResult {
  engine: (typeof ENGINES)[number];
  packs: string[];
  translations: string[];
  segments:
    | {
        id: number;
        start: number;
        end: number;
        speaker: string | null;
        text: string;
        translation: string;
      }[]
    | null;
}

export function quoteCharacters(pricing: Pricing, characters: number): JobQuote {
  const units = Math.max(1, Math.ceil(characters / CHARACTERS_PER_UNIT));
  const perUnit = pricing.multipliers().translation;
  return {
    credits: units * perUnit,
    serviceType: 'translation',
    audioDuration: 0,
    metadata: { characters, billed_units: units, credits_per_1000_characters: perUnit },
  };
}

export interface TextTranslationJobDeps {
  pricing: Pricing;
  translator: TextTranslator;
  transcripts: TranscriptSource;
}

export const makeTextTranslationJob = (
  deps: TextTranslationJobDeps,
): JobHandler<TextTranslationInput, TextTranslationResult> => ({
  type: TEXT_TRANSLATION_JOB,
  resource: 'inference',
  idempotent: true,
  input: textTranslationInput,
  price: (input) => quoteCharacters(deps.pricing, input.characters),
  async run({ input, ownerId, signal, progress }) {
    const plan = deps.translator.plan(input.source_language, input.target_language, input.engine);
    const segments =
      input.transcript_id === null
        ? null
        : deps.transcripts.segments(ownerId, input.transcript_id).segments;
    const texts = segments ? segments.map((s) => s.text) : (input.texts ?? []);
    progress({ percent: 1, stage: 'translate' });
    const translations = await deps.translator.translate(texts, plan, {
      signal,
      onProgress: (percent) =>
        progress({ percent: Math.min(99, 1 + percent * 0.98), stage: 'translate' }),
    });
    return {
      engine: plan.engine,
      packs: plan.steps.map((s) => s.packId),
      translations,
      segments: segments
        ? segments.map((s, i) => ({ ...s, translation: translations[i] ?? '' }))
        : null,
    };
  },
});
