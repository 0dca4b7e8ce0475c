/**
 * Chapter and paragraph shapes (document 2, "Chapter", "Paragraph", "Chapters and paragraphs";
 * the "not shown" names are in docs/api/audiobook.md).
 */
import { z } from 'zod';
import { CHAPTER_KINDS, SEGMENT_STATUSES, STALE_REASONS } from '../vocabulary.ts';
import { pageSchema } from '../../../api/pagination.ts';
import { formInt } from '../../../api/form-fields.ts';

export const MAX_CHARACTER_NAME = 120;
/** Document 2, "Limits": 500 accepted, the first 110 performed. */
export const MAX_DIRECTION = 500;
export const PERFORMED_DIRECTION = 110;
export const MAX_PARAGRAPH_TEXT = 50_000;

const voiceId = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

export const projectIdParams = z.object({ project_id: z.string().uuid() });
export const chapterParams = projectIdParams.extend({ chapter_id: z.string().uuid() });
export const paragraphParams = projectIdParams.extend({ paragraph_id: z.string().uuid() });

export const chapterSchema = z
  .object({
    id: z.string(),
    project_id: z.string(),
    chapter_number: z.number().int(),
    title: z.string(),
    kind: z.enum(CHAPTER_KINDS),
    status: z.enum(SEGMENT_STATUSES),
    voice_id: z.number().int().nullable(),
    skip_narration: z.boolean(),
    narration_notes: z.string(),
    paragraph_count: z.number().int(),
    /** Lines whose audio no longer matches their text, speaker, voice or direction. */
    stale_paragraphs: z.number().int(),
    word_count: z.number().int(),
    character_count: z.number().int(),
    estimated_duration_minutes: z.number(),
    duration_seconds: z.number().nullable(),
    audio_key: z.string().nullable(),
    failure_reason: z.string().nullable(),
    retry_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AudiobookChapter' });

/** A single chapter's read also carries its text (lists leave it out: a book is large). */
export const chapterDetailSchema = chapterSchema
  .extend({ text: z.string() })
  .meta({ id: 'AudiobookChapterDetail' });

export const chapterListSchema = z.object({
  chapters: z.array(chapterSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});

export const chapterListQuery = pageSchema(500, 50);

export const updateChapterBody = z.object({
  title: z.string().trim().min(1).max(300).optional(),
  skip_narration: z.boolean().optional(),
  voice_id: voiceId.nullable().optional(),
  narration_notes: z.string().max(5000).optional(),
});

export const paragraphSchema = z
  .object({
    id: z.string(),
    chapter_id: z.string(),
    project_id: z.string(),
    position: z.number().int(),
    text: z.string(),
    voice_id: z.number().int().nullable(),
    character_name: z.string(),
    speaker_cleared: z.boolean(),
    direction: z.string(),
    status: z.enum(SEGMENT_STATUSES),
    locked: z.boolean(),
    skip_narration: z.boolean(),
    error_message: z.string(),
    word_count: z.number().int(),
    character_count: z.number().int(),
    speed: z.number().nullable(),
    delivery_style: z.string().nullable(),
    emotion: z.string().nullable(),
    trailing_silence_ms: z.number().int().nullable(),
    audio_key: z.string().nullable(),
    /** The active take was made before the line's text, speaker, voice or direction changed. */
    audio_stale: z.boolean(),
    stale_reason: z.enum(STALE_REASONS).nullable(),
    duration_seconds: z.number().nullable(),
    retry_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AudiobookParagraph' });

/**
 * Opt-in pagination (document 2): neither page nor per_page → every paragraph, page and
 * per_page null; page alone → per_page 50; per_page alone → page 1.
 */
export const paragraphListQuery = z.object({
  page: formInt(1, 1_000_000).optional(),
  per_page: formInt(1, 200).optional(),
});

export const paragraphListSchema = z.object({
  paragraphs: z.array(paragraphSchema),
  total: z.number().int(),
  page: z.number().int().nullable(),
  per_page: z.number().int().nullable(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});

export const updateParagraphBody = z.object({
  text: z.string().trim().min(1).max(MAX_PARAGRAPH_TEXT).optional(),
  voice_id: voiceId.nullable().optional(),
  /** Empty string: back to the narrator, and detection leaves the line alone from now on. */
  character_name: z.string().trim().max(MAX_CHARACTER_NAME).optional(),
  direction: z.string().max(MAX_DIRECTION).optional(),
  locked: z.boolean().optional(),
  skip_narration: z.boolean().optional(),
  speed: z.number().min(0.5).max(2).nullable().optional(),
  emotion: z.string().trim().max(40).nullable().optional(),
  delivery_style: z.string().trim().max(40).nullable().optional(),
  trailing_silence_ms: z.number().int().min(0).max(10_000).nullable().optional(),
});

export type UpdateParagraphBody = z.infer<typeof updateParagraphBody>;

export const retryFailedResponse = z.object({
  job_id: z.number().int(),
  chapter_id: z.string(),
  failed_paragraphs: z.number().int(),
  status: z.string(),
});
