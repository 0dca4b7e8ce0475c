/**
 * Request and response shapes of the narration routes (document 2, "Narration"; the names the
 * contract leaves "not shown" are ours, docs/api/narration.md). zod-only, so the studio derives
 * its types from this file.
 */
import { z } from 'zod';

export const batchBody = z.object({
  chapter_ids: z.array(z.string().uuid()).max(5000).optional(),
  paragraph_ids: z.array(z.string().uuid()).max(100_000).optional(),
  include_completed: z.boolean().optional(),
  /** Only lines whose audio is stale (docs/api/narration.md, "Stale audio"). */
  only_stale: z.boolean().optional(),
  voice_id: z.number().int().positive().optional(),
  multi_voice: z.boolean().optional(),
});

export const narrateBody = z.object({
  voice_id: z.number().int().positive().optional(),
  narration_style: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'a lower-case style name such as narrative')
    .optional(),
  character_name: z.string().max(120).optional(),
  text: z
    .string()
    .max(50_000)
    .refine((t) => t.trim().length > 0, 'must not be blank')
    .optional(),
  speed: z.number().min(0.5).max(2).optional(),
  emotion: z.string().max(40).optional(),
  direction: z.string().max(500).optional(),
});

export const batchResponse = z.object({
  job_id: z.number().int(),
  project_id: z.string(),
  status: z.literal('queued'),
  multi_voice: z.boolean(),
  total_paragraphs: z.number().int(),
  total_characters: z.number().int(),
  estimated_credits: z.number().int(),
  estimated_seconds: z.number().int(),
  skipped: z.object({
    completed: z.number().int(),
    locked: z.number().int(),
    skip_narration: z.number().int(),
    in_progress: z.number().int(),
    /** With only_stale: lines left out because their audio still matches them. */
    not_stale: z.number().int(),
  }),
});

export const serviceSchema = z.object({
  is_free_regen: z.boolean(),
  estimated_credits: z.number().int(),
  estimated_chars: z.number().int(),
  estimated_seconds: z.number().int(),
  take_number_after: z.number().int(),
});

export const narrateResponse = z.object({
  task_id: z.number().int(),
  paragraph_id: z.string(),
  status: z.literal('queued'),
  service: serviceSchema,
});

export const chapterProgressSchema = z.object({
  chapter_id: z.string(),
  chapter_number: z.number().int(),
  title: z.string(),
  status: z.string(),
  total_paragraphs: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  stale_paragraphs: z.number().int(),
});

export const progressSchema = z.object({
  project_id: z.string(),
  status: z.enum(['idle', 'queued', 'narrating']),
  job_ids: z.array(z.number().int()),
  percent: z.number(),
  total_paragraphs: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int(),
  narrating: z.number().int(),
  pending: z.number().int(),
  /** Lines whose audio no longer matches their text, speaker, voice or direction. */
  stale_paragraphs: z.number().int(),
  narrated_seconds: z.number(),
  eta_seconds: z.number().nullable(),
  current_paragraph_id: z.string().nullable(),
  chapters: z.array(chapterProgressSchema),
});

export const cancelResponse = z.object({
  project_id: z.string(),
  cancelled_job_ids: z.array(z.number().int()),
  paragraphs_released: z.number().int(),
});

export const takeSchema = z.object({
  take_id: z.string(),
  take_number: z.number().int(),
  paragraph_id: z.string(),
  is_active: z.boolean(),
  voice_id: z.number().int(),
  engine: z.string(),
  text: z.string(),
  settings: z.record(z.string(), z.unknown()),
  duration_seconds: z.number(),
  sample_rate: z.number().int(),
  characters: z.number().int(),
  credits: z.number().int(),
  billing: z.enum(['billed', 'free_regen']),
  job_id: z.number().int().nullable(),
  created_at: z.string(),
  audio_url: z.string(),
  timings: z.array(
    z.object({
      kind: z.enum(['word', 'sentence']),
      text_offset: z.number().int(),
      text_length: z.number().int(),
      start_seconds: z.number(),
    }),
  ),
});

export const takeListSchema = z.object({
  paragraph_id: z.string(),
  active_take_id: z.string().nullable(),
  takes: z.array(takeSchema),
});

export const takeParams = z.object({
  project_id: z.string().uuid(),
  paragraph_id: z.string().uuid(),
  take_id: z.string().uuid(),
});

export const activateResponse = z.object({
  paragraph_id: z.string(),
  active_take_id: z.string(),
  duration_seconds: z.number(),
});
