/**
 * Request and response shapes of the text-translation routes (ours: the contract shows no
 * text-translation route; docs/api/translation.md). Imports only zod: the studio reads them.
 */
import { z } from 'zod';

export const SYNC_MAX_CHARACTERS = 10_000;
export const JOB_MAX_CHARACTERS = 500_000;
export const MAX_TEXTS = 1000;

const language = z.string().min(2).max(16);
const texts = z.union([z.string(), z.array(z.string()).min(1).max(MAX_TEXTS)]).meta({
  description: 'One text, or a list translated item by item (the answer keeps the order).',
});

export const translateTextBody = z
  .object({
    text: texts,
    target_language: language.meta({
      description: 'e.g. `de`, `zh-cn` (GET /translation/text/languages).',
    }),
    source_language: language
      .optional()
      .meta({ description: 'Detected from the text when omitted.' }),
    engine: z.string().max(64).optional().meta({
      description: '`auto` (default) or the id of one installed translation pack.',
    }),
  })
  .meta({ id: 'TranslateTextRequest' });

export const translateJobBody = z
  .object({
    text: texts.optional(),
    transcript_id: z.number().int().positive().optional().meta({
      description:
        'A finished transcription job of yours: its segments are translated, keeping times and speakers.',
    }),
    target_language: language,
    source_language: language.optional(),
    engine: z.string().max(64).optional(),
  })
  .meta({ id: 'TranslateTextJobRequest' });

export const ENGINES = ['opus-mt', 'm2m100', 'nllb', 'opus-mt-pivot'] as const;

const segment = z.object({
  id: z.number().int(),
  start: z.number(),
  end: z.number(),
  speaker: z.string().nullable(),
  text: z.string(),
  translation: z.string(),
});

export const translationResultSchema = z
  .object({
    job_id: z.number().int(),
    source_language: z.string(),
    source_detected: z.boolean(),
    target_language: z.string(),
    engine: z.enum(ENGINES),
    packs: z.array(z.string()),
    characters: z.number().int(),
    credits_charged: z.number().int(),
    translations: z.array(z.string()),
    segments: z.array(segment).nullable(),
  })
  .meta({ id: 'TextTranslation' });

export const JOB_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;

export const textJobSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(JOB_STATUSES),
    progress: z.number(),
    stage: z.string().nullable(),
    source_language: z.string().nullable(),
    target_language: z.string(),
    characters: z.number().int(),
    transcript_id: z.number().int().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    error_message: z.string().nullable(),
    result: translationResultSchema.nullable(),
  })
  .meta({ id: 'TextTranslationJob' });

export const textJobParams = z.object({
  text_translation_job_id: z.coerce.number().int().positive(),
});

export const textJobListQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const textJobListSchema = z.object({
  jobs: z.array(textJobSchema),
  total: z.number().int(),
});

const engineOption = z.object({
  engine: z.enum(ENGINES),
  packs: z.array(z.string()),
  installed: z.boolean(),
});

export const languagesQuery = z.object({
  source: z.string().max(16).optional(),
  target: z.string().max(16).optional(),
});

export const languagesSchema = z
  .object({
    languages: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        /** Packs (installed or not) that read or write this language. */
        packs: z.array(z.string()),
        installed: z.boolean(),
      }),
    ),
    packs: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        family: z.enum(['marian', 'm2m100', 'nllb']),
        licence: z.string(),
        installed: z.boolean(),
        source_language: z.string().nullable(),
        target_language: z.string().nullable(),
        languages: z.array(z.string()),
      }),
    ),
    pair: z
      .object({
        source_language: z.string(),
        target_language: z.string(),
        /** What would run now (null: nothing installed can), then every option best first. */
        chosen: engineOption.nullable(),
        options: z.array(engineOption),
      })
      .nullable(),
  })
  .meta({ id: 'TextTranslationLanguages' });
