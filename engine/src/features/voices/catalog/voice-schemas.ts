/**
 * Response and query shapes of the voice routes (document 3, "Voice (list entry)" and "Voices";
 * document 2, "Voices"). zod-only, so the studio derives its types from this file. Fields the
 * contract lists keep their names; `id`, `slug`, `engine` and `tier` are ours
 * (docs/api/voices.md): `id` is the integer the other routes take, `tier` says whether a voice is
 * the embedded formant engine or an installed neural pack.
 */
import { z } from 'zod';
import { formInt, queryBoolean } from '../../../api/form-fields.ts';

export const VOICE_LIST_MAX = 50;

export const voiceEntrySchema = z.object({
  voice_id: z.string(),
  id: z.number().int(),
  uuid: z.string(),
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  voice_type: z.enum(['STANDARD', 'CUSTOM']),
  language: z.string(),
  supported_languages: z.array(z.string()),
  gender: z.string(),
  age_range: z.string(),
  style: z.string(),
  description: z.string(),
  preview_url: z.string(),
  is_custom: z.boolean(),
  is_public: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string().nullable(),
  tags: z.array(z.string()),
  usage_stats: z.object({ total_generations: z.number().int(), avg_rating: z.number() }),
  supported_features: z.object({ speed_control: z.boolean(), pitch_control: z.boolean() }),
  clone_job_id: z.number().int().nullable(),
  training_status: z.string().nullable(),
  engine: z.string(),
  tier: z.enum(['embedded', 'neural', 'custom']),
});

export const voiceListQuery = z.object({
  voice_type: z.enum(['CUSTOM', 'STANDARD']).optional(),
  is_public: queryBoolean.optional(),
  include_public: queryBoolean.optional(),
  skip: formInt(0, 1_000_000).optional(),
  limit: formInt(1, VOICE_LIST_MAX).optional(),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'a BCP 47 tag such as en or en-US')
    .optional()
    .describe('Voices whose own or supported language matches (ours).'),
  search: z
    .string()
    .max(100)
    .optional()
    .describe('Case-insensitive text in name, slug or language (ours).'),
  engine: z.enum(['espeak', 'piper', 'kokoro', 'zipvoice', 'pocket']).optional().describe('Ours.'),
  gender: z.enum(['male', 'female', 'neutral', 'unknown']).optional().describe('Ours.'),
  include_variants: queryBoolean
    .optional()
    .describe(
      'Also list the embedded voices’ character presets (`en-us+m3`; category `variant`). Default false; their ids work everywhere either way (ours).',
    ),
});

export const voiceListSchema = z.object({
  voices: z.array(voiceEntrySchema),
  total: z.number().int(),
  hasMore: z.boolean(),
  filters_applied: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});

export const publicVoicesSchema = z.object({
  voices: z.array(z.string()),
  total: z.number().int(),
});

export const voiceStatusSchema = voiceEntrySchema.extend({
  status: z.enum(['PROCESSING', 'COMPLETED', 'FAILED']),
  processed_at: z.string().nullable(),
});

export const voiceIdParams = z.object({ voice_id: z.coerce.number().int().positive() });

export const previewParams = z.object({ voice_identifier: z.string().min(1).max(64) });

export const previewQuery = z.object({
  audio_format: z.enum(['mp3']).optional(),
  generate_if_missing: queryBoolean.optional(),
});

export const previewSchema = z.object({
  audio_url: z.string(),
  duration: z.number(),
  expires_at: z.string(),
  preview_text: z.string(),
  cached: z.boolean(),
});

export const availableQuery = z.object({
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'a locale such as en-US')
    .optional(),
  include_variants: queryBoolean
    .optional()
    .describe('Also list the embedded voices’ character presets. Default false (ours).'),
});

export const availableVoicesSchema = z.object({
  voices: z.array(voiceEntrySchema),
  total: z.number().int(),
  language: z.string().nullable(),
});

export const languagesSchema = z.object({
  languages: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      voice_count: z.number().int(),
      neural_voice_count: z.number().int(),
      variant_count: z
        .number()
        .int()
        .describe('Character presets of the embedded voices (not in voice_count; ours).'),
    }),
  ),
  total: z.number().int(),
});
