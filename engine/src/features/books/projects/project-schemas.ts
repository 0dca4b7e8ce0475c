/**
 * Project, manuscript, cost-estimate and dashboard shapes (document 2, "Project", "Projects",
 * "Manuscript"; the "not shown" names are in docs/api/audiobook.md).
 */
import { z } from 'zod';
import { pageSchema } from '../../../api/pagination.ts';
import { PROJECT_STATUSES } from '../vocabulary.ts';
import { chapterSchema } from '../chapters/chapter-schemas.ts';
import { formBoolean, formInt, queryBoolean } from '../../../api/form-fields.ts';

export const EXPORT_FORMATS = ['acx'] as const;
export const TARGET_PLATFORMS = [
  'audible',
  'apple_books',
  'google_play',
  'spotify',
  'kobo',
  'findaway',
  'other',
] as const;

/** Locale form, e.g. `en-US`, `pt-BR`, `de` (document 2, Project.language). */
export const localeSchema = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a locale such as en-US')
  .transform(normalizeLocale);

export function normalizeLocale(value: string): string {
  const [lang = '', ...rest] = value.split('-');
  return [lang.toLowerCase(), ...rest.map((p) => (p.length === 2 ? p.toUpperCase() : p))].join('-');
}

const projectFields = {
  title: z.string().trim().min(1).max(300),
  author: z.string().trim().max(300),
  narrator: z.string().trim().max(300),
  publisher: z.string().trim().max(300),
  description: z.string().max(5000),
  isbn: z.string().trim().max(32),
  genre: z.string().trim().max(100),
  selected_voice_id: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .nullable(),
  speed: z.number().min(0.5).max(2),
  narration_style: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'a lower-case style name such as narrative'),
  export_format: z.enum(EXPORT_FORMATS),
  target_platform: z.enum(TARGET_PLATFORMS),
  language: localeSchema,
  multi_voice: z.boolean(),
};

export const createProjectBody = z.object({
  title: projectFields.title,
  author: projectFields.author.optional(),
  narrator: projectFields.narrator.optional(),
  publisher: projectFields.publisher.optional(),
  description: projectFields.description.optional(),
  isbn: projectFields.isbn.optional(),
  genre: projectFields.genre.optional(),
  selected_voice_id: projectFields.selected_voice_id.optional(),
  speed: projectFields.speed.optional(),
  narration_style: projectFields.narration_style.optional(),
  export_format: projectFields.export_format.optional(),
  target_platform: projectFields.target_platform.optional(),
  language: projectFields.language.optional(),
  multi_voice: projectFields.multi_voice.optional(),
});
export type CreateProjectBody = z.infer<typeof createProjectBody>;

export const updateProjectBody = createProjectBody.partial();
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;

export const projectSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    author: z.string(),
    narrator: z.string(),
    publisher: z.string(),
    description: z.string(),
    isbn: z.string(),
    genre: z.string(),
    status: z.string().meta({ description: `One of ${PROJECT_STATUSES.join(', ')}` }),
    total_chapters: z.number().int(),
    stale_paragraphs: z.number().int().meta({
      description:
        'Narrated lines whose audio no longer matches their text, speaker, voice or direction (chapters not skipped)',
    }),
    chapters: z.array(chapterSchema).nullable(),
    parsing_completed_at: z.string().nullable(),
    error_message: z.string().nullable(),
    selected_voice_id: z.number().int().nullable(),
    language: z.string(),
    multi_voice: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    total_words: z.number().int(),
    total_characters: z.number().int(),
    estimated_duration_minutes: z.number(),
    source_filename: z.string().nullable(),
    source_file_type: z.string().nullable(),
    rights_attested_at: z.string().nullable(),
    narration_started_at: z.string().nullable(),
    narration_completed_at: z.string().nullable(),
    production_completed_at: z.string().nullable(),
    speed: z.number(),
    narration_style: z.string(),
    export_format: z.string(),
    target_platform: z.string(),
  })
  .meta({ id: 'AudiobookProject' });
export type ProjectJson = z.infer<typeof projectSchema>;

export const projectListQuery = z.object({
  ...pageSchema(100, 20).shape,
  /** Case-insensitive substring of the title or the author. */
  search: z.string().trim().max(200).optional(),
  status: z.string().max(40).optional(),
});

export const projectListSchema = z.object({
  projects: z.array(projectSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});

export const getProjectQuery = z.object({ include_chapters: queryBoolean.optional() });

export const attestationSchema = z.object({
  ok: z.boolean(),
  rights_attested_at: z.string(),
});

export const costEstimateSchema = z
  .object({
    project_id: z.string(),
    total_words: z.number().int(),
    total_characters: z.number().int(),
    words_per_minute: z.number(),
    speed: z.number(),
    estimated_minutes: z.number(),
    price_usd_per_minute: z.number(),
    estimated_cost_usd: z.number(),
    credits_per_usd: z.number(),
    estimated_credits: z.number().int(),
    remaining_words: z.number().int(),
    remaining_characters: z.number().int(),
    remaining_minutes: z.number(),
    remaining_cost_usd: z.number(),
    remaining_credits: z.number().int(),
  })
  .meta({ id: 'AudiobookCostEstimate' });

export const dashboardSchema = z
  .object({
    total_projects: z.number().int(),
    projects_by_status: z.record(z.string(), z.number().int()),
    total_chapters: z.number().int(),
    total_paragraphs: z.number().int(),
    total_words: z.number().int(),
    total_characters: z.number().int(),
    estimated_duration_minutes: z.number(),
    narrated_minutes: z.number(),
    estimated_cost_usd: z.number(),
    recent_projects: z.array(projectSchema),
  })
  .meta({ id: 'AudiobookDashboard' });

// ---- manuscript -------------------------------------------------------------------------------

export const uploadFieldsDoc = z.object({
  file: z
    .string()
    .meta({ format: 'binary', description: 'The manuscript: PDF, EPUB, DOCX or TXT' }),
  multi_voice: z.enum(['true', 'false']).optional(),
});

export const uploadFields = z.object({ multi_voice: formBoolean.optional() });

export const uploadResponse = z.object({
  file_key: z.string(),
  file_url: z.string(),
  max_size_bytes: z.number().int(),
  filename: z.string(),
  bytes: z.number().int(),
  file_type: z.string(),
  multi_voice: z.boolean(),
});

const bookFlags = {
  multi_voice: formBoolean.optional(),
  detect_speakers: formBoolean.optional(),
  auto_direction: formBoolean.optional(),
};

export const parseBody = z.object({
  file_key: z.string().uuid(),
  filename: z
    .string()
    .trim()
    .min(3)
    .max(255)
    .regex(/\.[A-Za-z0-9]{1,8}$/, 'a file name with its extension, e.g. book.epub'),
  /** Destructive: replaces the book's chapters and paragraphs once the new file is read. */
  reparse: formBoolean.optional(),
  ...bookFlags,
});
export type ParseBody = z.infer<typeof parseBody>;

export const appendBody = parseBody.omit({ reparse: true });

export const parseResponse = z.object({
  job_id: z.number().int(),
  estimated_completion_time: z.string(),
  project_id: z.string(),
  status: z.string(),
});

/** How a synchronous import treats a book that already has chapters. */
const importMode = {
  reparse: formBoolean.optional(),
  append: formBoolean.optional(),
};

/** The JSON body limit (2 MB, api/register.ts) bounds a paste first; larger books are uploaded. */
export const MAX_PASTE_CHARACTERS = 2_000_000;

export const pasteBody = z.object({
  text: z.string().max(MAX_PASTE_CHARACTERS),
  source: z.string().trim().min(1).max(200).optional(),
  title: z.string().trim().max(300).optional(),
  ...bookFlags,
  ...importMode,
});
export type PasteBody = z.infer<typeof pasteBody>;

export const generateBody = z.object({
  prompt: z.string().trim().min(1).max(4000),
  title: z.string().trim().max(300).optional(),
  audience: z.string().trim().max(200).optional(),
  tone: z.string().trim().min(1).max(100).optional(),
  chapter_count: formInt(1, 20).optional(),
  words_per_chapter: formInt(100, 3000).optional(),
  ...bookFlags,
  ...importMode,
});
export type GenerateBody = z.infer<typeof generateBody>;

export const importResponse = z.object({
  project_id: z.string(),
  status: z.string(),
  total_chapters: z.number().int(),
  total_words: z.number().int(),
  estimated_duration_minutes: z.number(),
  chapters_added: z.number().int(),
  speakers_detected: z.number().int(),
  /** Rule 8's context-reading pass (an LLM detection job) when character voices are on. */
  detection_job_id: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type ImportResponse = z.infer<typeof importResponse>;
