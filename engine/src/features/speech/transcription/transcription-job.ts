/**
 * Jobs `transcription` and `speaker_diarization` (the contract's job_type names, so webhooks
 * carry them unmapped): every file of the request through transcribe-file.ts in turn.
 *
 * Price: `transcription` credits per started minute of the probed total, plus
 * `speaker_diarization` per minute when speakers are asked for; settled on the decoded length.
 * Idempotent: a re-run after a crash reads the same stored files and charges once.
 */
import { z } from 'zod';
import type { JobHandler } from '../../../jobs/job-types.ts';
import type { TranscriptionService } from './transcription-service.ts';
import type { TranscriptionResult } from './transcript-types.ts';

export const TRANSCRIPTION_JOB = 'transcription';
export const DIARIZATION_JOB = 'speaker_diarization';

export const transcriptionInput = z.object({
  files: z.array(z.object({ file_key: z.string().uuid(), filename: z.string() })).min(1),
  source_urls: z.array(z.string()).nullable(),
  language: z.string().nullable(),
  task: z.enum(['transcribe', 'translate']),
  model: z.string().nullable(),
  diarize: z.boolean(),
  min_speakers: z.number().int().positive().nullable(),
  max_speakers: z.number().int().positive().nullable(),
  word_timestamps: z.boolean(),
  confidence_scores: z.boolean(),
  // Fields of the native routes; the defaults keep jobs stored before them readable.
  model_type: z.enum(['standard', 'premium', 'premium-diarized']).default('standard'),
  project_id: z.string().nullable().default(null),
  chunk_seconds: z.number().min(5).max(30).default(28),
  /** Seconds of audio probed at the request (the estimate); null when it could not be read. */
  probed_seconds: z.number().nullable().default(null),
});

export type TranscriptionInput = z.infer<typeof transcriptionInput>;
export type TranscriptionInputFields = z.input<typeof transcriptionInput>;

export function makeTranscriptionJob(
  service: TranscriptionService,
  type: typeof TRANSCRIPTION_JOB | typeof DIARIZATION_JOB,
): JobHandler<TranscriptionInput, TranscriptionResult> {
  return {
    type,
    resource: 'inference',
    idempotent: true,
    input: transcriptionInput,
    price: (input, { ownerId }) => service.quote(ownerId, input),
    run: (ctx) => service.run(ctx),
  };
}
