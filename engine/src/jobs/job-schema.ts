/**
 * The public shape of a job on the native jobs routes and in SSE events. This file imports
 * only zod: the studio derives its types from it (renderer/src/api/types.ts).
 */
import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

export const jobSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    status: z.enum(JOB_STATUSES),
    progress: z.number().min(0).max(100),
    stage: z.string().nullable(),
    eta_seconds: z.number().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    error_message: z.string().nullable(),
    failure_reason: z.string().nullable(),
    attempts: z.number().int(),
    input: z.unknown(),
    result: z.unknown(),
  })
  .meta({ id: 'Job' });

export type JobJson = z.infer<typeof jobSchema>;
