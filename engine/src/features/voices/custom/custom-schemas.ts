/**
 * Shapes of the custom-voice routes (document 3, "Created voice"; docs/api/voices-custom.md).
 * zod-only, so the studio derives its types from this file.
 */
import { z } from 'zod';

const dnsmosSchema = z.object({ sig: z.number(), bak: z.number(), ovrl: z.number() });

export const sampleFileReportSchema = z.object({
  filename: z.string(),
  format: z.string(),
  duration_seconds: z.number(),
  sample_rate: z.number().int(),
  channels: z.number().int(),
  speech_seconds: z.number(),
  speech_share: z.number(),
  clipped_share: z.number(),
  peak_dbfs: z.number().nullable(),
  speech_level_dbfs: z.number().nullable(),
  noise_floor_dbfs: z.number().nullable(),
  snr_db: z.number().nullable(),
  f0_hz: z.number(),
  dnsmos: dnsmosSchema.nullable(),
  warnings: z.array(z.string()),
  refusal: z
    .object({ reason: z.string(), message: z.string() })
    .nullable()
    .optional()
    .describe('Live analysis only: the rule the creating routes would refuse this file for.'),
});

export const sampleReportSchema = z.object({
  files: z.array(sampleFileReportSchema),
  total_speech_seconds: z.number(),
  quality: z.enum(['good', 'fair', 'poor']),
  warnings: z.array(z.string()),
  denoised: z.boolean(),
  speaker_similarity: z
    .number()
    .optional()
    .describe(
      'Cosine of WeSpeaker embeddings, the new voice vs its first sample (when installed).',
    ),
});

export const createdVoiceSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  voice_type: z.literal('CUSTOM'),
  status: z.enum(['PROCESSING', 'COMPLETED', 'FAILED']),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  is_public: z.boolean(),
  file_path: z.string().nullable().describe('Data-dir-relative reference audio, once processed.'),
  kind: z.enum(['sample', 'multi_sample', 'clone', 'design']),
  language: z.string(),
  gender: z.string(),
  age_range: z.string(),
  engine: z.string(),
  clone_job_id: z.number().int().nullable(),
  quality: sampleReportSchema.nullable(),
  error: z.string().nullable(),
});

/** Multipart fields, documented in openapi.json (the body is read as a stream). */
export const voiceProfileUpload = z.object({
  name: z.string().min(1).max(100),
  description: z.string().max(1000).optional(),
  file: z.string().describe('The audio sample (10–60 s; WAV, MP3, M4A, FLAC…, 16 kHz or more).'),
  denoise: z.boolean().optional().describe('Clean the sample with DeepFilterNet3 first.'),
  is_public: z.boolean().optional(),
  language: z.string().optional().describe('BCP 47; default: the cloning pack’s language (ours).'),
  reference_text: z
    .string()
    .max(2000)
    .optional()
    .describe(
      'Ours: the words spoken in the (first) sample. ZipVoice needs them; without them they are ' +
        'transcribed when a speech recognition pack is installed.',
    ),
  model: z
    .string()
    .optional()
    .describe(
      'Ours: the voice-cloning pack to use (e.g. pocket-tts-en); default: the best installed one for the language.',
    ),
});

export const multiSampleUpload = voiceProfileUpload.omit({ file: true }).extend({
  voice_files: z.array(z.string()).min(2).max(5).describe('2–5 samples of one speaker.'),
});

export const voiceCloneUpload = voiceProfileUpload
  .pick({ name: true, language: true, reference_text: true, model: true })
  .extend({ file: z.string().describe('The reference clip, 5–30 s of one speaker.') });

export const customVoiceParams = z.object({
  custom_voice_id: z.coerce.number().int().positive(),
});

export const customVoicePatch = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    description: z.string().max(1000).optional(),
    is_public: z.boolean().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, 'send at least one of name, description, is_public');

export const deletedVoiceSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

export const analyzeUpload = z.object({
  file: z.string().describe('A recording (or the last seconds of one being recorded).'),
  kind: z
    .enum(['live', 'sample', 'clone'])
    .optional()
    .describe(
      '`live` (default): no length rules, one DNSMOS window; else the rules of that route.',
    ),
});

export const liveReportSchema = sampleReportSchema.extend({
  verdict: z.enum(['ok', 'refused']),
  refusal: z
    .object({ reason: z.string(), message: z.string() })
    .nullable()
    .describe('Why the creating routes would refuse this sample (same rules), or null.'),
});
