/**
 * The MIDI routes' request options and the MIDI job as the contract shows it (document 3,
 * "MIDI job" and "Audio to MIDI"). Imports only zod: the studio derives its types from it.
 */
import { z } from 'zod';

export const MIDI_STEMS = ['bass', 'vocals', 'piano', 'guitar', 'drums', 'other'] as const;

export const midiOptionsSchema = z
  .object({
    onset_threshold: z.number().min(0.05).max(0.95).default(0.5),
    frame_threshold: z.number().min(0.05).max(0.95).default(0.3),
    min_note_len_ms: z.number().min(10).max(2000).default(128),
    tempo_bpm: z.number().min(30).max(300).nullable().default(null),
    /** false: transcribe the input as one track without separating it first. */
    split: z.boolean().default(true),
    /** Native extension: the published "melodia trick" (notes grown from leftover energy). */
    melodia_trick: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'MidiOptions' });

export type MidiOptions = z.infer<typeof midiOptionsSchema>;

export const midiStemsSchema = z
  .array(z.enum(MIDI_STEMS))
  .min(1)
  .max(MIDI_STEMS.length)
  .refine((stems) => new Set(stems).size === stems.length, 'stems must not repeat');

export const MIDI_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const midiJobSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(MIDI_STATUSES),
    progress: z.number().int(),
    stage: z.enum(['split', 'transcribe', 'merge']).nullable(),
    mode: z.enum(['standalone', 'from_stems']),
    source_job_id: z.number().int().nullable(),
    stems_requested: z.array(z.string()),
    options: midiOptionsSchema,
    midi_urls: z.record(z.string(), z.string()),
    merged_midi_url: z.string().nullable(),
    stem_urls: z.record(z.string(), z.string()),
    /** Which separator produced each stem and its quality tier (native extension). */
    stem_engines: z.record(z.string(), z.object({ engine: z.string(), tier: z.string() })),
    note_counts: z.record(z.string(), z.number().int()),
    detected_tempo_bpm: z.number().nullable(),
    tempo_source: z.enum(['detected', 'override', 'default']).nullable(),
    skipped_stems: z.array(z.string()),
    failed_stems: z.record(z.string(), z.string()).nullable(),
    duration: z.number().int().nullable(),
    original_filename: z.string(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    error_message: z.string().nullable(),
    urls_expire_at: z.string().nullable(),
  })
  .meta({ id: 'MidiJob' });

export type MidiJob = z.infer<typeof midiJobSchema>;

export const midiJobListSchema = z
  .object({
    jobs: z.array(midiJobSchema),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
    has_more: z.boolean(),
  })
  .meta({ id: 'MidiJobList' });
