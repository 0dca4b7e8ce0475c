/**
 * Wire shapes of noise reduction (document 3, "Noise reduction"; docs/api/denoise.md). Imports
 * only zod: the studio derives its types from this file.
 */
import { z } from 'zod';

export const DENOISE_QUALITY_MODES = ['balanced', 'studio'] as const;
export const DENOISE_OUTPUT_FORMATS = ['wav', 'mp3', 'flac', 'opus', 'm4a'] as const;
/** The contract's casing for this job family ("States and transitions"). */
export const DENOISE_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

/** POST /denoiser/denoise fields (multipart, urlencoded or JSON). */
export const denoiseRequestSchema = z
  .object({
    file: z
      .string()
      .optional()
      .meta({ format: 'binary', description: 'The recording (audio or video); or give url.' }),
    url: z
      .string()
      .optional()
      .meta({ description: 'http(s) address of the recording; or give file.' }),
    quality_mode: z.enum(DENOISE_QUALITY_MODES).default('balanced'),
    output_format: z.enum(DENOISE_OUTPUT_FORMATS).optional().meta({
      description: 'Audio output format (native extension); default follows the input.',
    }),
  })
  .meta({ id: 'DenoiseRequest' });

export const denoiseJobSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(DENOISE_STATUSES),
    progress: z.number(),
    stage: z.string().nullable(),
    eta_seconds: z.number().nullable(),
    quality_mode: z.enum(DENOISE_QUALITY_MODES),
    engine: z.string(),
    original_filename: z.string(),
    is_video: z.boolean(),
    /** Signed URL of the uploaded original (or the url it was fetched from). */
    source_url: z.string().nullable(),
    denoised_audio_url: z.string().nullable(),
    video_output_url: z.string().nullable(),
    /** When the signed URLs above stop working; calling the status route again mints new ones. */
    urls_expire_at: z.string().nullable(),
    noise_reduction_db: z.number().nullable(),
    noise_floor_before_db: z.number().nullable(),
    noise_floor_after_db: z.number().nullable(),
    duration_seconds: z.number().nullable(),
    credits_used: z.number().int().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'DenoiseJob' });

export type DenoiseJobJson = z.infer<typeof denoiseJobSchema>;
