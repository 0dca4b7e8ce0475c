/**
 * Shapes of the native transcription routes (document 2, "Transcription";
 * docs/api/transcription.md). This file imports only zod: the studio derives its types from it.
 */
import { z } from 'zod';

export const MODEL_TYPES = ['premium', 'premium-diarized'] as const;
export const TRANSCRIPTION_STATUSES = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
] as const;
export const TRANSCRIPT_FORMATS = ['json', 'txt', 'srt', 'vtt'] as const;
/** Whisper reads at most 30 s; VAD cuts speech into segments no longer than this. */
export const CHUNK_SECONDS = { min: 5, max: 30, default: 28 } as const;
export const MAX_SPEAKERS = 20;
export const MAX_SOURCES = 20;

/** Form fields arrive as text: "true"/"1"/"on" and numbers in strings are accepted too. */
const flag = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(s)) return true;
  if (['false', '0', 'off', 'no', ''].includes(s)) return false;
  return v;
}, z.boolean());
const count = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number().int().min(1).max(MAX_SPEAKERS),
);
const seconds = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number().min(CHUNK_SECONDS.min).max(CHUNK_SECONDS.max),
);

/** The options both creation routes take (JSON on /transcribe, form fields on -upload). */
export const transcriptionOptionsSchema = z.object({
  language: z
    .string()
    .max(16)
    .optional()
    .meta({ description: 'ISO 639-1 (en, de, pt…); omitted: detected from the speech.' }),
  model_type: z.enum(MODEL_TYPES).optional().meta({
    description:
      'Omitted: Standard (the fastest installed Whisper pack of small, base, tiny). `premium`: the largest installed (large-v3-turbo first). `premium-diarized`: premium with speakers.',
  }),
  enable_speaker_diarization: flag.optional(),
  min_speakers: count.optional().meta({ description: 'Gives speakers; implies diarization.' }),
  max_speakers: count.optional().meta({ description: 'Gives speakers; implies diarization.' }),
  enable_word_timestamps: flag.optional().meta({ description: 'Default true.' }),
  enable_confidence_scores: flag.optional().meta({ description: 'Default true.' }),
  chunk_duration: seconds
    .optional()
    .meta({ description: 'Longest speech segment Whisper reads, 5–30 s (default 28).' }),
  project_id: z.string().uuid().optional().meta({
    description:
      'Ours: the transcript project whose speaker names apply (GET /transcription/projects). Omitted: a new project named after the first file.',
  }),
});

export const transcribeRequestSchema = transcriptionOptionsSchema
  .extend({
    source_urls: z
      .array(z.string().max(2048))
      .min(1)
      .max(MAX_SOURCES)
      .meta({ description: 'http(s) URLs of audio or video, fetched by the engine.' }),
  })
  .meta({ id: 'TranscribeRequest' });

export const transcribeUploadSchema = transcriptionOptionsSchema
  .extend({
    files: z
      .string()
      .meta({ format: 'binary', description: 'Repeated: one part per recording (up to 20).' }),
  })
  .meta({ id: 'TranscribeUploadRequest' });

export const transcriptionCreatedSchema = z
  .object({
    job_id: z.number().int(),
    task_id: z.number().int(),
    status: z.enum(TRANSCRIPTION_STATUSES),
    message: z.string(),
    estimated_credits: z.number().int(),
    estimated_duration: z.number().nullable(),
    source_urls: z.array(z.string()),
    filenames: z.array(z.string()),
    project_id: z.string(),
  })
  .meta({ id: 'TranscriptionCreated' });

export const transcriptionStatusSchema = z
  .object({
    job_id: z.number().int(),
    task_id: z.number().int(),
    job_type: z.enum(['transcription', 'speaker_diarization']),
    status: z.enum(TRANSCRIPTION_STATUSES),
    progress: z.number(),
    stage: z.string().nullable(),
    eta_seconds: z.number().nullable(),
    message: z.string(),
    error: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'TranscriptionStatus' });

export const transcriptWordSchema = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
  confidence: z.number().nullable(),
});

export const transcriptSegmentSchema = z
  .object({
    id: z.number().int(),
    file_index: z.number().int(),
    speaker: z.string().nullable().meta({
      description: 'The saved name of the speaker, else its label; null without speakers.',
    }),
    speaker_label: z.string().nullable(),
    text: z.string(),
    start: z.number(),
    end: z.number(),
    confidence: z.number().nullable(),
    words: z.array(transcriptWordSchema),
    edited: z.boolean(),
  })
  .meta({ id: 'TranscriptSegment' });

export const transcriptSpeakerSchema = z
  .object({ label: z.string(), name: z.string(), renamed: z.boolean() })
  .meta({ id: 'TranscriptSpeaker' });

export const transcriptionResultSchema = z
  .object({
    job_id: z.number().int(),
    status: z.enum(TRANSCRIPTION_STATUSES),
    project_id: z.string(),
    model: z.string().nullable(),
    language: z.string().nullable(),
    duration: z.number().nullable(),
    text: z.string(),
    speakers: z.array(transcriptSpeakerSchema),
    segments: z.array(transcriptSegmentSchema),
    files: z.array(
      z.object({
        filename: z.string(),
        duration: z.number(),
        language: z.string(),
        source_url: z.string().nullable(),
        audio_url: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'TranscriptionResult' });

export const transcriptionJobSchema = z
  .object({
    id: z.number().int(),
    job_type: z.enum(['transcription', 'speaker_diarization']),
    status: z.enum(TRANSCRIPTION_STATUSES),
    progress: z.number(),
    stage: z.string().nullable(),
    eta_seconds: z.number().nullable(),
    project_id: z.string(),
    model_type: z.enum(['standard', ...MODEL_TYPES]),
    language: z.string().nullable(),
    diarization: z.boolean(),
    min_speakers: z.number().int().nullable(),
    max_speakers: z.number().int().nullable(),
    source_urls: z.array(z.string()),
    filenames: z.array(z.string()),
    credits_reserved: z.number().int(),
    error: z.string().nullable(),
    failure_reason: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'TranscriptionJob' });

export const transcriptionJobListSchema = z.object({
  jobs: z.array(transcriptionJobSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});

export const transcriptEditSchema = z
  .object({
    segments: z
      .array(
        z.object({
          id: z.number().int().min(0),
          text: z.string().max(20_000).optional(),
          speaker_label: z.string().max(64).nullable().optional(),
        }),
      )
      .min(1)
      .max(10_000),
  })
  .meta({ id: 'TranscriptEdit' });

export const transcriptProjectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    transcripts: z.number().int(),
    speakers: z.array(transcriptSpeakerSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'TranscriptProject' });

export const speakerRenameSchema = z.object({ name: z.string().trim().min(1).max(80) });

export type TranscriptionOptionsJson = z.infer<typeof transcriptionOptionsSchema>;
export type TranscriptionCreatedJson = z.infer<typeof transcriptionCreatedSchema>;
export type TranscriptionStatusJson = z.infer<typeof transcriptionStatusSchema>;
export type TranscriptionResultJson = z.infer<typeof transcriptionResultSchema>;
export type TranscriptionJobJson = z.infer<typeof transcriptionJobSchema>;
export type TranscriptSegmentJson = z.infer<typeof transcriptSegmentSchema>;
export type TranscriptProjectJson = z.infer<typeof transcriptProjectSchema>;
export type TranscriptSpeakerJson = z.infer<typeof transcriptSpeakerSchema>;
