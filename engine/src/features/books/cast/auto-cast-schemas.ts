/** Request and response shapes of auto-cast (docs/api/audiobook.md, "Auto-cast"). */
import { z } from 'zod';
import { projectIdParams } from '../chapters/chapter-schemas.ts';
import { CONTRACT_JOB_STATUSES } from './cast-schemas.ts';

export const autoCastBody = z.object({
  /** Characters to cast (names or aliases, case-insensitive); omit for every character. */
  character_names: z.array(z.string().trim().min(1).max(120)).max(500).optional(),
});

export const autoCastResponse = z.object({
  job_id: z.string(),
  characters: z.array(z.string()),
  estimated_credits: z.number().int(),
});

export const autoCastJobParams = projectIdParams.extend({
  auto_cast_job_id: z.coerce.number().int().positive(),
});

export const autoCastCharacterSchema = z.object({
  character_name: z.string(),
  voice_id: z.number().int(),
  voice_name: z.string(),
  /** The embedded character preset the voice was designed from. */
  preset: z.string(),
  gender_hint: z.enum(['male', 'female']).nullable(),
  age_hint: z.enum(['child', 'young', 'adult', 'senior']).nullable(),
  /** Ours: how the language model says the voice should sound (null without a model). */
  voice_description: z.string().nullable().default(null),
});
export type AutoCastCharacter = z.infer<typeof autoCastCharacterSchema>;

export const autoCastResultSchema = z.object({
  characters: z.array(autoCastCharacterSchema),
  /** Ours: the language model that described the voices, or null. */
  model: z.string().nullable().default(null),
  voices_designed: z.number().int(),
  credits_charged: z.number().int(),
});
export type AutoCastResult = z.infer<typeof autoCastResultSchema>;

export const autoCastStatusSchema = z
  .object({
    job_id: z.string(),
    status: z.enum(CONTRACT_JOB_STATUSES),
    progress: z.number(),
    current_step: z.string().nullable(),
    error_message: z.string().nullable(),
    result: autoCastResultSchema.nullable(),
  })
  .meta({ id: 'AutoCastStatus' });
