/**
 * Wire shapes of speech translation (document 3, "Speech translation", "Translation job";
 * docs/api/speech-translation.md). Imports only zod: the studio derives its types from this file.
 */
import { z } from 'zod';

export const TRANSLATION_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export const DUB_STAGES = [
  'extract',
  'separate',
  'recognize',
  'translate',
  'voices',
  'speak',
  'fit',
  'mix',
  'mux',
  'transcripts',
] as const;

/** POST /translation/translations (multipart, urlencoded or JSON). */
export const createTranslationBody = z
  .object({
    file: z.string().optional().meta({
      format: 'binary',
      description: 'The recording (audio or video); or give url, not both.',
    }),
    url: z.string().optional().meta({
      description: 'http:// or https:// address of the recording; or give file, not both.',
    }),
    target_language: z
      .string()
      .meta({ description: 'One of the 21 codes (GET /translation/languages).' }),
    source_language: z
      .string()
      .optional()
      .meta({ description: 'The language spoken; detected when omitted.' }),
  })
  .meta({ id: 'CreateSpeechTranslation' });

export const translationParams = z.object({
  translation_job_id: z.coerce.number().int().positive(),
});

export const segmentParams = translationParams.extend({
  segment_id: z.coerce.number().int().min(0),
});

export const listQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const stageView = z.object({
  name: z.enum(DUB_STAGES),
  status: z.enum(['done', 'running', 'waiting', 'failed']),
  /** The attempt (job id) that finished it, when done. */
  task_id: z.number().int().nullable(),
  finished_at: z.string().nullable(),
  seconds: z.number().nullable(),
});

const speakerView = z.object({
  label: z.string(),
  gender: z.enum(['male', 'female']).nullable(),
  age: z.enum(['child', 'adult']),
  f0: z.number(),
  voice: z.object({
    method: z.enum(['clone', 'catalog']),
    pack: z.string().nullable(),
    voice_id: z.number().int().nullable(),
    voice_name: z.string().nullable(),
    conversion: z.string().nullable(),
    prompt_seconds: z.number(),
  }),
});

export const translationJobSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(TRANSLATION_STATUSES),
    source_language: z.string().nullable(),
    target_language: z.string(),
    input_path: z.string().nullable(),
    input_source: z.enum(['FILE', 'URL']),
    created_at: z.string(),
    original_filename: z.string(),
    display_name: z.string(),
    /** The current attempt's job id (GET /jobs/{job_id}, cancel, events). */
    task_id: z.string(),
    parameters: z.object({
      source_type: z.enum(['audio', 'video']),
      is_video: z.boolean(),
      duration: z.number(),
      is_speech_translation: z.literal(true),
    }),
    audio_output_path: z.string().nullable(),
    video_output_path: z.string().nullable(),
    transcript_path: z.string().nullable(),
    translated_audio_url: z.string().nullable(),
    video_output_url: z.string().nullable(),
    transcript_urls: z
      .object({ json: z.string().nullable(), source_audio: z.string().nullable() })
      .nullable(),
    // Ours (docs/api/speech-translation.md).
    progress: z.number(),
    stage: z.string().nullable(),
    stages: z.array(stageView),
    source_language_detected: z.boolean(),
    source_url: z.string().nullable(),
    original_url: z.string().nullable(),
    subtitle_urls: z
      .object({
        source_srt: z.string(),
        source_vtt: z.string(),
        target_srt: z.string(),
        target_vtt: z.string(),
      })
      .nullable(),
    separation: z
      .object({ engine: z.string(), tier: z.enum(['neural', 'dsp']), title: z.string() })
      .nullable(),
    speakers: z.array(speakerView),
    attempts: z.number().int(),
    credits_reserved: z.number().int(),
    urls_expire_at: z.string().nullable(),
    error_message: z.string().nullable(),
    completed_at: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'SpeechTranslationJob' });

export type TranslationJobJson = z.infer<typeof translationJobSchema>;

export const translationListSchema = z
  .object({
    translations: z.array(translationJobSchema),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'SpeechTranslationList' });

const dubPlacement = z.object({
  start: z.number(),
  end: z.number(),
  speed: z.number(),
  borrowed: z.number(),
  shortened: z.string().nullable(),
  cut: z.number(),
});

export const transcriptSchema = z
  .object({
    source_language: z.string(),
    source_detected: z.boolean(),
    target_language: z.string(),
    duration: z.number(),
    separation: z.object({
      engine: z.string(),
      tier: z.enum(['neural', 'dsp']),
      title: z.string(),
    }),
    recognition: z.object({ pack: z.string() }),
    translation: z.object({ engine: z.string(), packs: z.array(z.string()) }),
    speakers: z.array(speakerView),
    segments: z.array(
      z.object({
        id: z.number().int(),
        speaker: z.string(),
        start: z.number(),
        end: z.number(),
        text: z.string(),
        translation: z.string(),
        machine_translation: z.string(),
        edited: z.boolean(),
        words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })),
        dub: dubPlacement.nullable(),
      }),
    ),
  })
  .meta({ id: 'SpeechTranslationTranscript' });

export type DubTranscriptJson = z.infer<typeof transcriptSchema>;

export const subtitlesQuery = z.object({
  language: z.enum(['source', 'target']).default('target'),
  format: z.enum(['srt', 'vtt']).default('srt'),
});

export const editLineBody = z
  .object({
    translation: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .meta({ description: 'The line as it should be spoken.' }),
  })
  .meta({ id: 'EditSpeechTranslationLine' });

const planProblem = z.object({
  stage: z.enum(['recognition', 'translation', 'speech']),
  reason: z.string(),
  message: z.string(),
  pack: z.string().nullable(),
});

export const languagesQuery = z.object({
  source: z.string().optional(),
  target: z.string().optional(),
});

export const languagesSchema = z
  .object({
    languages: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        recognition: z.object({ supported: z.boolean(), installed: z.boolean() }),
        translation: z.object({
          /** Installed packs translate into it (from some language). */
          into: z.boolean(),
          packs: z.array(z.string()),
        }),
        cloning: z.object({
          supported: z.boolean(),
          installed: z.boolean(),
          packs: z.array(z.string()),
        }),
        catalog_voice: z.object({
          available: z.boolean(),
          voices: z.number().int(),
          neural: z.boolean(),
        }),
      }),
    ),
    conversion: z.object({ installed: z.string().nullable(), packs: z.array(z.string()) }),
    separation: z.object({
      engine: z.string(),
      tier: z.enum(['neural', 'dsp']),
      title: z.string(),
    }),
    pair: z
      .object({
        source: z.string().nullable(),
        target: z.string(),
        possible: z.boolean(),
        speech: z
          .union([
            z.object({ method: z.literal('clone'), pack: z.string() }),
            z.object({
              method: z.literal('catalog'),
              voice: z.string(),
              conversion: z.string().nullable(),
            }),
          ])
          .nullable(),
        translation: z.object({ engine: z.string(), packs: z.array(z.string()) }).nullable(),
        recognition: z.object({ pack: z.string() }).nullable(),
        problems: z.array(planProblem),
      })
      .nullable(),
  })
  .meta({ id: 'SpeechTranslationLanguages' });
