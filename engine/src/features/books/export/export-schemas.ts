/**
 * Request and response shapes of the export routes (document 2, "Pronunciation dictionary,
 * production, export": bodies not shown; designed in docs/api/export.md) and of "check my files"
 * and "master my files".
 */
import { z } from 'zod';
import { projectIdParams } from '../chapters/chapter-schemas.ts';
import { ACX_RULES } from './acx-rules.ts';

const text = (max: number) => z.string().trim().max(max);

export const exportBody = z.object({
  /** `m4b` adds one M4B with chapter markers to the ACX package. */
  format: z.enum(['mp3', 'm4b']).default('mp3'),
  target_rms_db: z.number().min(ACX_RULES.rmsMinDb).max(ACX_RULES.rmsMaxDb).default(-20),
  /** Narrated opening and closing credits; default: production settings' narrate_credits. */
  narrate_credits: z.boolean().optional(),
  subtitle: text(300).optional(),
  /** The narrator's name in the credits and tags; default: the narrator voice's name. */
  narrator: text(200).optional(),
  /** Replace the whole opening / closing credits text (default: built from the metadata). */
  opening_credits: text(2000).optional(),
  closing_credits: text(2000).optional(),
  /** A cover uploaded with POST .../media/upload; default: production settings' cover. */
  cover_image_id: z.string().uuid().optional(),
  /** Retail sample: which chapter (chapter_number; default the first exported) and where. */
  retail_sample_chapter: z.number().int().min(1).optional(),
  retail_sample_start_seconds: z.number().min(0).max(7200).default(0),
  retail_sample_seconds: z.number().min(15).max(ACX_RULES.maxSampleSeconds).default(180),
  /** Chapters over 120 minutes: split at paragraph boundaries, or reject the export. */
  long_chapters: z.enum(['split', 'reject']).default('split'),
  /**
   * Export only these chapters (ids, as in the other book-wide routes); omitted: the whole book.
   * Unknown ids are refused; the package, M4B, credits, retail sample and report cover these.
   */
  chapter_ids: z.array(z.string().uuid()).max(2000).optional(),
});
export type ExportBody = z.output<typeof exportBody>;

export const exportStarted = z.object({
  job_id: z.number().int(),
  project_id: z.string(),
  status: z.literal('queued'),
  chapters: z.number().int(),
  estimated_output_minutes: z.number(),
  estimated_credits: z.number().int(),
});

/** `{export_job_id}` in the route table (the contract writes `{job_id}`), like `detect_job_id`. */
export const exportJobParams = projectIdParams.extend({
  export_job_id: z.coerce.number().int().min(1),
});

const violation = z.object({
  rule: z.string(),
  message: z.string(),
  measured: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  limit: z.string(),
});

export const measurementSchema = z.object({
  container: z.string(),
  codec: z.string(),
  bitrate_kbps: z.number().nullable(),
  cbr: z.boolean().nullable(),
  sample_rate: z.number().nullable(),
  channels: z.number().nullable(),
  duration_seconds: z.number(),
  rms_db: z.number().nullable(),
  peak_db: z.number().nullable(),
  true_peak_db: z.number().nullable(),
  noise_floor_db: z.number().nullable(),
  integrated_lufs: z.number().nullable(),
  head_silence_seconds: z.number(),
  tail_silence_seconds: z.number(),
});

export const fileReportSchema = z.object({
  file: z.string(),
  kind: z.string(),
  title: z.string(),
  chapter_number: z.number().int().nullable(),
  passed: z.boolean(),
  violations: z.array(violation),
  measurement: measurementSchema.nullable(),
});
export type FileReport = z.output<typeof fileReportSchema>;

export const chapterProgressSchema = z.object({
  file: z.string(),
  title: z.string(),
  kind: z.string(),
  chapter_number: z.number().int().nullable(),
  status: z.enum(['pending', 'mastering', 'measuring', 'done', 'failed']),
  percent: z.number(),
});
export type ChapterProgress = z.output<typeof chapterProgressSchema>;

export const exportStatus = z.object({
  job_id: z.number().int(),
  project_id: z.string(),
  status: z.string(),
  progress: z.number(),
  stage: z.string().nullable(),
  eta_seconds: z.number().nullable(),
  error_message: z.string().nullable(),
  chapters: z.array(chapterProgressSchema),
  report: z.array(fileReportSchema),
  warnings: z.array(z.string()),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

/** `ready: false` (and nulls) until the export completed; `status` says why. */
export const exportDownload = z.object({
  job_id: z.number().int(),
  status: z.string(),
  ready: z.boolean(),
  url: z.string().nullable(),
  expires_at: z.string().nullable(),
  filename: z.string().nullable(),
  bytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  error_message: z.string().nullable(),
});

export const checkReport = z.object({
  passed: z.boolean(),
  files: z.array(fileReportSchema),
});

export const checkUploadDoc = z.object({
  files: z.string().meta({ format: 'binary', description: 'Audio files (repeat the field)' }),
  target_rms_db: z.string().optional(),
});

export const masterStarted = z.object({
  job_id: z.number().int(),
  status: z.literal('queued'),
  files: z.number().int(),
  estimated_output_minutes: z.number(),
  estimated_credits: z.number().int(),
});
