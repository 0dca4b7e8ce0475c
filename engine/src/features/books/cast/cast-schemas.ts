/**
 * Cast, speaker detection and screenplay annotation shapes (document 2, "Cast member",
 * "Character voices (cast)", "Detection, annotation and auto-cast job"; the "not shown" names
 * are in docs/api/audiobook.md).
 */
import { z } from 'zod';
import { MAX_CHARACTER_NAME, projectIdParams } from '../chapters/chapter-schemas.ts';

export const castMemberSchema = z
  .object({
    character_name: z.string().nullable(),
    is_narrator: z.boolean(),
    paragraph_count: z.number().int(),
    voice_id: z.number().int().nullable(),
    alias_of: z.string().nullable(),
    /** One line this speaker says (the first, shortened), or null. */
    sample_line: z.string().nullable(),
    /** Names merged onto this speaker with cast/alias. */
    aliases: z.array(z.string()),
  })
  .meta({ id: 'CastMember' });

export const castListSchema = z.object({
  members: z.array(castMemberSchema),
  named_speaker_count: z.number().int(),
  multi_voice: z.boolean(),
  /**
   * The voice the narrator reads with: the project's narrator voice, or (automatic: true) the
   * best voice for the book's language that narration uses when none is chosen. Null: no voice.
   */
  narrator_voice: z
    .object({ voice_id: z.number().int(), name: z.string(), automatic: z.boolean() })
    .nullable(),
});

export const DETECTION_METHODS = ['heuristic', 'llm'] as const;

export const detectQuery = z.object({
  method: z.enum(DETECTION_METHODS).default('heuristic'),
});

export const detectResponse = z.object({
  detected_paragraphs: z.number().int(),
  members: z.array(castMemberSchema),
  named_speaker_count: z.number().int(),
  method: z.enum(DETECTION_METHODS),
  job_id: z.string().nullable(),
});

/** The contract's view of a job's one internal state machine (docs/api/jobs.md). */
export const CONTRACT_JOB_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const detectJobParams = projectIdParams.extend({
  detect_job_id: z.coerce.number().int().positive(),
});

export const detectionResultSchema = z.object({
  paragraphs_attributed: z.number().int(),
  characters: z.array(z.string()),
  aliases_added: z.number().int(),
  voices_picked: z.number().int(),
  targets: z.number().int(),
  /** Ours: the model that read the book, in plain words. */
  model: z.string().nullable().optional(),
  /** Ours: quotations the model decided, and paragraphs whose earlier speaker it corrected. */
  lines_read: z.number().int().optional(),
  paragraphs_refined: z.number().int().optional(),
  passages: z.number().int().optional(),
  long_paragraphs_skipped: z.number().int().optional(),
});

/** One quotation as the model pass left it (GET .../cast/detect/{job}/lines; ours). */
export const detectionLineSchema = z.object({
  paragraph_id: z.string(),
  chapter_id: z.string(),
  text: z.string().describe('The quotation (its first 200 characters).'),
  rules_speaker: z.string().nullable().describe('What the rules said (null: nobody).'),
  model_speaker: z.string().nullable().describe('What the model said (null: not sure who).'),
  speaker: z.string().nullable().describe('What was kept.'),
  confidence: z.number().describe('How sure the engine is of `speaker`, 0–1.'),
  source: z.enum(['both', 'model', 'rules', 'none']),
});
export type DetectionLine = z.infer<typeof detectionLineSchema>;

export type DetectionJobResult = z.infer<typeof detectionResultSchema> & {
  /** Kept on the job for the lines route; not part of the status answer. */
  lines?: DetectionLine[];
};

export const detectLinesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
  /** Only lines the engine is at most this sure of (e.g. 0.6 for the doubtful ones). */
  max_confidence: z.coerce.number().min(0).max(1).optional(),
});

export const detectLinesResponse = z.object({
  job_id: z.string(),
  model: z.string().nullable(),
  lines: z.array(detectionLineSchema).describe('Least sure first, then in reading order.'),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

export const detectEstimateResponse = z.object({
  ready: z.boolean().describe('A language model is set up (else `install` says what to add).'),
  model: z.string().nullable(),
  lines: z.number().int().describe('Quotations the model would decide.'),
  passages: z.number().int().describe('Calls to the model.'),
  prompt_tokens: z.number().int(),
  output_tokens: z.number().int(),
  estimated_seconds: z.number().int(),
  speed_measured: z.boolean().describe('false: guessed from the model size and this machine.'),
});

export const detectStatusSchema = z
  .object({
    job_id: z.string(),
    status: z.enum(CONTRACT_JOB_STATUSES),
    progress: z.number(),
    current_step: z.string().nullable(),
    error_message: z.string().nullable(),
    result: detectionResultSchema.nullable(),
  })
  .meta({ id: 'CastDetectionStatus' });

const characterName = z.string().trim().min(1).max(MAX_CHARACTER_NAME);

export const assignBody = z.object({
  character_name: characterName.optional(),
  /** True (or no character_name): the voice becomes the narrator's (selected_voice_id). */
  narrator: z.boolean().default(false),
  voice_id: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
export type AssignBody = z.infer<typeof assignBody>;

export const assignResponse = z.object({
  character_name: z.string().nullable(),
  voice_id: z.number().int(),
  /** Lines whose voice this changes (their next narration uses it). */
  lines_changed: z.number().int(),
  /** Of those, lines that already have audio (kept until they are narrated again). */
  lines_with_audio: z.number().int(),
  narrator_changed: z.boolean(),
  multi_voice: z.boolean(),
  voices_picked: z.number().int(),
});

export const aliasBody = z.object({
  character_name: characterName,
  alias_of: characterName.nullable().optional(),
});
export type AliasBody = z.infer<typeof aliasBody>;

export const aliasResponse = z.object({
  character_name: z.string(),
  alias_of: z.string().nullable(),
  /** Lines under the alternate name whose voice changes (character voices on only). */
  lines_revoiced: z.number().int(),
  members: z.array(castMemberSchema),
});

export const annotateBody = z.object({
  chapter_ids: z.array(z.string().uuid()).max(2000).optional(),
});

export const annotateResponse = z.object({
  job_id: z.string(),
  chapters_in_scope: z.number().int(),
  paragraphs_in_scope: z.number().int(),
});

export const annotateJobParams = projectIdParams.extend({
  annotate_job_id: z.coerce.number().int().positive(),
});

export const annotateStatusSchema = z
  .object({
    job_id: z.string(),
    status: z.enum(CONTRACT_JOB_STATUSES),
    progress: z.number(),
    current_step: z.string().nullable(),
    error_message: z.string().nullable(),
    chapters_processed: z.number().int(),
    paragraphs_split: z.number().int(),
    speakers: z.array(z.string()),
    skipped_paragraphs: z.number().int(),
  })
  .meta({ id: 'ScreenplayAnnotationStatus' });
