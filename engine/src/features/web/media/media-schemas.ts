/**
 * Wire shapes of document 3's "Media extraction" routes (zod only: the studio names them).
 */
import { z } from 'zod';

const DOWNLOAD_FORMATS = [
  'mp4',
  'webm',
  'mkv',
  'mp3',
  'wav',
  'm4a',
  'flac',
  'ogg',
  'opus',
] as const;

export const urlField = z.string().trim().min(1).max(2048);

export const infoRequestSchema = z.object({
  url: urlField,
  include_formats: z.boolean().optional(),
});

export const formatSchema = z.object({
  format_id: z.string(),
  format: z.string(),
  quality: z.string().nullable(),
  resolution: z.string().nullable(),
  fps: z.number().nullable(),
  file_size: z.number().nullable(),
  audio_codec: z.string().nullable(),
  video_codec: z.string().nullable(),
  ext: z.string().nullable(),
});

export const videoInfoSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  uploader: z.string().nullable(),
  upload_date: z.string().nullable(),
  duration: z.number().nullable(),
  view_count: z.number().nullable(),
  like_count: z.number().nullable(),
  thumbnail_url: z.string().nullable(),
  platform: z.string(),
  video_id: z.string(),
  webpage_url: z.string(),
  estimated_credits: z.number().int(),
  formats: z.array(formatSchema),
});

export const infoPendingSchema = z.object({
  job_id: z.number().int(),
  status: z.enum(['PENDING', 'PROCESSING']),
  poll_url: z.string(),
});

export const publicDownloadRequestSchema = z.object({
  url: urlField,
  format: z.enum(['mp4', 'mp3', 'wav']).default('mp4'),
  quality: z.string().max(20).optional(),
  audio_only: z.boolean().default(false),
});

export const downloadRequestSchema = z.object({
  url: urlField,
  format: z.enum(DOWNLOAD_FORMATS).default('mp4'),
  quality: z.string().max(20).optional(),
  audio_only: z.boolean().default(false),
  include_thumbnail: z.boolean().default(false),
  format_selector: z.string().max(64).optional(),
  output_filename: z.string().max(200).optional(),
});

export const downloadJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']),
  progress: z.number(),
  url: z.string(),
  format: z.string(),
  quality: z.string().nullable(),
  audio_only: z.boolean(),
  include_thumbnail: z.boolean(),
  estimated_duration: z.number().nullable(),
  created_at: z.string(),
  task_id: z.string(),
  completed_at: z.string().nullable(),
  download_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  original_title: z.string().nullable(),
  file_size: z.number().nullable(),
  duration: z.number().nullable(),
  resolution: z.string().nullable(),
  fps: z.number().nullable(),
  audio_codec: z.string().nullable(),
  video_codec: z.string().nullable(),
  credits_used: z.number().int().nullable(),
  processing_time: z.number().nullable(),
  /** Native extras: where the file is (send it to another tool), the site, why it failed. */
  file_key: z.string().nullable(),
  filename: z.string().nullable(),
  platform: z.string(),
  stage: z.string().nullable(),
  error_message: z.string().nullable(),
});

export const downloadCreatedSchema = z.object({
  job: downloadJobSchema,
  estimated_credits: z.number().int(),
  message: z.string(),
});

export const bulkRequestSchema = z.object({
  downloads: z
    .array(
      z.object({
        url: urlField,
        format: z.enum(DOWNLOAD_FORMATS).default('mp4'),
        quality: z.string().max(20).optional(),
      }),
    )
    .min(1)
    .max(20),
  audio_only: z.boolean().default(false),
  include_thumbnails: z.boolean().default(false),
});

export const downloadListQuerySchema = z.object({
  status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']).optional(),
  platform: z.string().max(64).optional(),
  format: z.string().max(10).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).default(0),
});

export const downloadListSchema = z.object({
  items: z.array(downloadJobSchema),
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
});

export const toolStatusSchema = z.object({
  preference: z.string(),
  pinned_version: z.string(),
  installed: z
    .object({
      version: z.string(),
      asset: z.string(),
      sha256: z.string(),
      path: z.string(),
      installed_at: z.string(),
      source_url: z.string(),
    })
    .nullable(),
  system: z.object({ path: z.string(), version: z.string().nullable() }).nullable(),
  active: z
    .object({ source: z.enum(['pack', 'system', 'path']), path: z.string(), version: z.string() })
    .nullable(),
  problem: z.string().nullable(),
});

export const toolInstallRequestSchema = z.object({
  /** `latest` (update), a release tag, or absent: the pinned release. */
  version: z.string().max(64).optional(),
});

export const toolPreferenceSchema = z.object({ preference: z.string().min(1).max(1024) });

export type DownloadJob = z.infer<typeof downloadJobSchema>;
