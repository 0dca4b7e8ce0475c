/**
 * Job `reader` (the contract's job_type): narrates the article stored in its input into an MP3
 * in the owner's files. Price: nothing for a standard (embedded) voice, `READER_CREDITS_PER_
 * CHARACTER` per character for a premium (neural) one — the same native rate as /audio/speech —
 * reserved on the extracted text and refunded on failure. Idempotent: a re-run narrates again.
 */
import { z } from 'zod';
import type { JobHandler } from '../../../jobs/job-types.ts';
import type { ReaderService } from './reader-service.ts';

export const READER_JOB = 'reader';
export const READER_CREDITS_PER_CHARACTER = 1;

export const readerInput = z.object({
  source_url: z.string().nullable(),
  title: z.string(),
  byline: z.string().nullable(),
  paragraphs: z.array(z.string()),
  voice_id: z.number().int(),
  voice_name: z.string(),
  is_premium: z.boolean(),
  show_branding: z.boolean(),
  /** The origin the job was created on, for the callback's absolute URLs. */
  origin: z.string(),
  webhook_url: z.string().nullable(),
});

export type ReaderInput = z.infer<typeof readerInput>;

export interface ReaderResult {
  audio_file_key: string;
  audio_duration_seconds: number;
  word_count: number;
}

export const makeReaderJob = (service: ReaderService): JobHandler<ReaderInput, ReaderResult> => ({
  type: READER_JOB,
  resource: 'inference',
  idempotent: true,
  input: readerInput,
  price: (input) => service.quote(input),
  run: (ctx) => service.run(ctx),
});
