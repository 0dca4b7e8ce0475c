/** Request and response shapes of Auto Direction (docs/api/audiobook.md, "Auto Direction"). */
import { z } from 'zod';
import { projectIdParams } from '../chapters/chapter-schemas.ts';
import { CONTRACT_JOB_STATUSES } from '../cast/cast-schemas.ts';

export const DIRECTION_METHODS = ['heuristic', 'model'] as const;

export const directionBody = z.object({
  chapter_ids: z.array(z.string().uuid()).max(2000).optional(),
  /**
   * Ours: `model` (the language model), `heuristic` (the text's own cues), or `auto` (the
   * default: the model when one is set up).
   */
  method: z.enum(['auto', ...DIRECTION_METHODS]).default('auto'),
});

export const directionStartResponse = z.object({
  job_id: z.string(),
  chapters_in_scope: z.number().int(),
  paragraphs_in_scope: z.number().int(),
  /** Auto Direction is free (document 2). */
  estimated_credits: z.literal(0),
  method: z.enum(DIRECTION_METHODS),
  /** Ours: the language model that directed, in plain words (method model). */
  model: z.string().nullable().optional(),
});

export const directionJobParams = projectIdParams.extend({
  direction_job_id: z.coerce.number().int().positive(),
});

export const directionResultSchema = z.object({
  method: z.enum(DIRECTION_METHODS),
  model: z.string().nullable().optional(),
  brief: z.string(),
  tone: z.string(),
  pace: z.string(),
  chapters_processed: z.number().int(),
  paragraphs_directed: z.number().int(),
  skipped_paragraphs: z.number().int(),
  /** How many paragraphs got each emotion. */
  emotions: z.record(z.string(), z.number().int()),
});
export type DirectionResult = z.infer<typeof directionResultSchema>;

export const directionStatusSchema = z
  .object({
    job_id: z.string(),
    status: z.enum(CONTRACT_JOB_STATUSES),
    progress: z.number(),
    current_step: z.string().nullable(),
    error_message: z.string().nullable(),
    chapter_ids: z.array(z.string()),
    result: directionResultSchema.nullable(),
  })
  .meta({ id: 'AutoDirectionStatus' });
