/**
 * Pronunciation dictionary, production settings and media upload shapes (document 2,
 * "Pronunciation dictionary, production, export": bodies not shown; docs/api/audiobook.md).
 */
import { z } from 'zod';
import { MEDIA_KINDS, PRONUNCIATION_KINDS } from '../vocabulary.ts';
import { projectIdParams } from '../chapters/chapter-schemas.ts';

/** Entries per book: a dictionary, not a second manuscript. */
export const MAX_PRONUNCIATIONS = 5000;

export const pronunciationParams = projectIdParams.extend({
  pronunciation_id: z.string().uuid(),
});

export const pronunciationSchema = z
  .object({
    id: z.string(),
    project_id: z.string(),
    grapheme: z.string(),
    replacement: z.string(),
    kind: z.enum(PRONUNCIATION_KINDS),
    case_sensitive: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AudiobookPronunciation' });

export const createPronunciationBody = z.object({
  grapheme: z.string().trim().min(1).max(200),
  replacement: z.string().trim().min(1).max(500),
  kind: z.enum(PRONUNCIATION_KINDS).default('respelling'),
  case_sensitive: z.boolean().default(false),
});

export const updatePronunciationBody = z.object({
  grapheme: z.string().trim().min(1).max(200).optional(),
  replacement: z.string().trim().min(1).max(500).optional(),
  kind: z.enum(PRONUNCIATION_KINDS).optional(),
  case_sensitive: z.boolean().optional(),
});

export const pronunciationListSchema = z.object({
  pronunciations: z.array(pronunciationSchema),
  total: z.number().int(),
});

export const mediaSchema = z
  .object({
    id: z.string(),
    project_id: z.string(),
    kind: z.enum(MEDIA_KINDS),
    file_key: z.string(),
    file_url: z.string(),
    filename: z.string(),
    content_type: z.string(),
    format: z.string(),
    bytes: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'AudiobookMedia' });

export const mediaUploadDoc = z.object({
  file: z.string().meta({ format: 'binary', description: 'A cover image or a piece of music' }),
  kind: z.enum(MEDIA_KINDS),
});

export const productionSettingsSchema = z
  .object({
    project_id: z.string(),
    opening_announcement: z.string().nullable(),
    closing_announcement: z.string().nullable(),
    narrate_credits: z.boolean(),
    intro_music_id: z.string().nullable(),
    outro_music_id: z.string().nullable(),
    music_volume_db: z.number(),
    cover_image_id: z.string().nullable(),
    media: z.array(mediaSchema),
    updated_at: z.string(),
  })
  .meta({ id: 'AudiobookProductionSettings' });

const announcement = z.string().trim().max(2000).nullable();
const mediaId = z.string().uuid().nullable();

export const updateProductionSettingsBody = z.object({
  opening_announcement: announcement.optional(),
  closing_announcement: announcement.optional(),
  narrate_credits: z.boolean().optional(),
  intro_music_id: mediaId.optional(),
  outro_music_id: mediaId.optional(),
  music_volume_db: z.number().min(-60).max(0).optional(),
  cover_image_id: mediaId.optional(),
});
export type UpdateProductionSettingsBody = z.infer<typeof updateProductionSettingsBody>;
