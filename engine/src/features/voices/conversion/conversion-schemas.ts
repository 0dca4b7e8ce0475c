/**
 * Shapes of the voice conversion routes (document 3, "Conversion job (voice changer)";
 * docs/api/voices-custom.md, "Voice conversion"). zod-only.
 */
import { z } from 'zod';

export const conversionUpload = z.object({
  file: z.string().describe('The speech recording to re-voice (1 s to 5 min).'),
  voice_uuid: z.string().uuid().describe('The target: your own or a public custom voice.'),
});

export const conversionJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']),
  progress: z.number(),
  source_type: z.literal('FILE'),
  original_filename: z.string(),
  target_voice_uuid: z.string(),
  target_voice_name: z.string(),
  created_at: z.string(),
  task_id: z.string(),
  user_id: z.string(),
});

export const conversionStatusSchema = conversionJobSchema.extend({
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  output_path: z.string().nullable(),
  output_url: z.string().nullable().describe('Signed download URL of the result (ours).'),
  error_message: z.string().nullable(),
  source_path: z.string().nullable(),
  conversion_metadata: z.object({
    voice_uuid: z.string(),
    voice_id: z.number().int(),
    voice_file_path: z.string().nullable(),
    duration: z.number().nullable(),
  }),
});

export const conversionParams = z.object({ conversion_id: z.coerce.number().int().positive() });

export const conversionListQuery = z.object({
  status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).default(0),
});

export const conversionListSchema = z.object({
  jobs: z.array(conversionJobSchema),
  total: z.number().int(),
});
