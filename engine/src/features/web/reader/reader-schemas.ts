/**
 * Wire shapes of document 3's "Article reader" routes (zod only: the studio names them).
 */
import { z } from 'zod';

/** One of url and content; voice by name or id (default: standard narration). */
const source = {
  url: z.string().trim().min(1).max(2048).optional(),
  content: z.string().min(1).max(200_000).optional(),
  voice: z.union([z.string().min(1).max(200), z.number().int()]).optional(),
};

export const estimateRequestSchema = z.object(source);

export const generateRequestSchema = z.object({
  ...source,
  title: z.string().trim().min(1).max(300).optional(),
  webhook_url: z.string().trim().min(1).max(2048).optional(),
  show_branding: z.boolean().default(true),
});

export const estimateSchema = z.object({
  is_premium: z.boolean(),
  estimated_credits: z.number().int(),
  word_count: z.number().int(),
  char_count: z.number().int(),
  measured: z.boolean(),
  title: z.string().nullable(),
  note: z.string(),
});

export const readerJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(['processing', 'completed', 'failed']),
  progress: z.number(),
  title: z.string(),
  word_count: z.number().int(),
  audio_url: z.string().nullable(),
  embed_url: z.string(),
  embed_html: z.string(),
  /** Native: the random id of the public view and embed page (never the integer id). */
  public_id: z.string(),
  public_url: z.string(),
  audio_duration_seconds: z.number().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Native extras. */
  byline: z.string().nullable(),
  source_url: z.string().nullable(),
  voice: z.string(),
  is_premium: z.boolean(),
  show_branding: z.boolean(),
  credits_reserved: z.number().int(),
  error_message: z.string().nullable(),
  webhook_url: z.string().nullable(),
});

/** The generate answer: the job, plus the callback's signing secret (shown this once). */
export const readerCreatedSchema = readerJobSchema.extend({
  webhook_secret: z.string().nullable(),
});

export const readerListSchema = z.object({
  items: z.array(readerJobSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});

export const publicReaderSchema = z.object({
  /** The public id (32 hex characters) the view is reached by. */
  id: z.string(),
  status: z.enum(['processing', 'completed', 'failed']),
  title: z.string(),
  audio_url: z.string().nullable(),
  audio_duration_seconds: z.number().nullable(),
  show_branding: z.boolean(),
});

export type ReaderJob = z.infer<typeof readerJobSchema>;
export type PublicReader = z.infer<typeof publicReaderSchema>;
