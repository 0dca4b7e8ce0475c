/**
 * The narration job's input (stored on the job row): the lines to narrate in order, the batch
 * voice, and a single narrate's overrides. zod-only.
 */
import { z } from 'zod';
import { narrateBody } from './narration-schemas.ts';

export const narrateOverride = narrateBody.extend({ paragraph_id: z.string().uuid() });

export const narrationInput = z.object({
  project_id: z.string().uuid(),
  paragraph_ids: z.array(z.string().uuid()).min(1),
  batch_voice_id: z.number().int().nullable(),
  override: narrateOverride.nullable(),
  /** The batch's estimate, reserved as is; absent (single narrate), the job prices its lines. */
  quote: z
    .object({ credits: z.number().int(), characters: z.number().int(), seconds: z.number() })
    .optional(),
});

export type NarrationInput = z.infer<typeof narrationInput>;
export type NarrateOverride = z.infer<typeof narrateOverride>;
