/**
 * Wire shapes of POST /speech/align (docs/api/alignment.md). Imports only zod.
 */
import { z } from 'zod';

export const alignRequestSchema = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The recording (any audio or video).' }),
    text: z.string().meta({ description: 'What the recording says.' }),
    language: z
      .string()
      .optional()
      .meta({ description: 'ISO 639-1 code, optionally with a region (en, pt-BR). Default en.' }),
  })
  .meta({ id: 'AlignRequest' });

export const alignedWordSchema = z.object({
  text: z.string(),
  offset: z.number().int(),
  length: z.number().int(),
  start: z.number(),
  end: z.number(),
  match: z.number(),
});

export const alignResultSchema = z
  .object({
    language: z.string(),
    duration: z.number(),
    words: z.array(alignedWordSchema),
    departures: z.array(
      z.object({
        first_word: z.number().int(),
        last_word: z.number().int(),
        text: z.string(),
        start: z.number(),
        end: z.number(),
      }),
    ),
    method: z.literal('espeak-dtw'),
    vad_refined: z.boolean(),
  })
  .meta({ id: 'AlignResult' });
