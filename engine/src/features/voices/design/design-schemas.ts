/**
 * Shapes of the voice design routes (document 3, "Design preview", POST /voice/design and
 * /voice/design/publish; docs/api/voices-custom.md). zod-only: the studio derives its types here.
 */
import { z } from 'zod';

export const designRequestSchema = z.object({
  design_prompt: z.string().trim().min(30).max(250).describe('What the voice sounds like.'),
  preview_text: z
    .string()
    .trim()
    .min(20)
    .max(300)
    .optional()
    .describe('What the previews say (20–300 characters); default: a sentence in the language.'),
  num_samples: z.number().int().min(1).max(3).default(3),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'a BCP 47 tag such as en-US')
    .optional()
    .describe('BCP 47; detected from the description when omitted.'),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional()
    .describe('Same seed, prompt, text and language → the same voices and audio (ours).'),
});

const designedVoiceSchema = z.object({
  engine: z.enum(['espeak', 'kokoro']),
  engine_voice: z.string(),
  variant: z.string().nullable(),
  blend: z.array(z.object({ voice: z.string(), weight: z.number() })).nullable(),
  pitch: z.number(),
  rate: z.number(),
  energy: z.number(),
  gender: z.string().nullable(),
  age: z.string().nullable(),
  measured_f0_hz: z.number(),
});

export const designPreviewSchema = z.object({
  preview_id: z.string(),
  audio_url: z.string(),
  expires_at: z.string(),
  preview_text: z.string(),
  duration: z.number(),
  voice: designedVoiceSchema,
});

export const designResponseSchema = z.object({
  previews: z.array(designPreviewSchema),
  credits_charged: z.number().int(),
  language: z.string(),
  language_source: z.enum(['request', 'description', 'written_language', 'default']),
  seed: z.number().int(),
  parameters: z.object({
    gender: z.string().nullable(),
    age: z.string().nullable(),
    pitch: z.string(),
    pace: z.string(),
    liveliness: z.string(),
    timbre: z.array(z.string()),
    accent: z.string().nullable(),
    matched: z.array(z.string()),
  }),
  ignored: z
    .array(z.string())
    .describe('What the description asked for that no engine here can do.'),
});

export const publishRequestSchema = z.object({
  preview_id: z.string().uuid(),
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1000).optional(),
  is_public: z.boolean().optional(),
});
