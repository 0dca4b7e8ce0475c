/**
 * The two creation routes of document 2, "Transcription": POST /transcription/transcribe (JSON,
 * `source_urls` fetched through platform's one guarded fetcher) and POST
 * /transcription/transcribe-upload (multipart, `files` repeated, options as form fields). Both
 * check the options and model packs, store or fetch the audio, probe it, and create the job; a
 * failure anywhere discards what was stored and charges nothing.
 */
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { EngineConfig } from '../../../config.ts';
import { AppError } from '../../../errors.ts';
import type { JobRow } from '../../../jobs/job-repo.ts';
import {
  fetchUrlInput,
  storeMultipartFiles,
  type FileStore,
  type StoredFile,
  type WebhookLookup,
} from '../../platform/index.ts';
import type { TranscriptionOptions, TranscriptionService } from './transcription-service.ts';
import {
  CHUNK_SECONDS,
  MAX_SOURCES,
  transcriptionOptionsSchema,
  type TranscriptionCreatedJson,
  type TranscriptionOptionsJson,
} from './transcription-schemas.ts';

export interface TranscriptionRequestDeps {
  config: EngineConfig;
  files: FileStore;
  transcription: TranscriptionService;
  /** Tests answer DNS for the URL fetcher; production uses the system resolver. */
  lookup?: WebhookLookup;
}

function invalid(field: string, message: string): AppError {
  return new AppError('validation_error', message, {
    details: { fields: [{ loc: ['body', field], msg: message }], param: field },
  });
}

/** Request options → the service's, with the documented defaults. */
export function toOptions(o: TranscriptionOptionsJson): TranscriptionOptions {
  const modelType = o.model_type ?? 'standard';
  const asksSpeakers = o.min_speakers !== undefined || o.max_speakers !== undefined;
  return {
    language: o.language?.trim() || null,
    task: 'transcribe',
    model: null,
    modelType,
    // premium-diarized always gives speakers; otherwise the flag, or min/max given.
    diarize: modelType === 'premium-diarized' || (o.enable_speaker_diarization ?? asksSpeakers),
    minSpeakers: o.min_speakers ?? null,
    maxSpeakers: o.max_speakers ?? null,
    wordTimestamps: o.enable_word_timestamps ?? true,
    confidenceScores: o.enable_confidence_scores ?? true,
    chunkSeconds: o.chunk_duration ?? CHUNK_SECONDS.default,
    projectId: o.project_id ?? null,
  };
}

function created(row: JobRow, sourceUrls: string[], files: StoredFile[]): TranscriptionCreatedJson {
  const input = row.input as { probed_seconds: number | null; project_id: string };
  return {
    job_id: row.id,
    task_id: row.id,
    status: 'PENDING',
    message: `Transcription of ${files.length} file${files.length === 1 ? '' : 's'} queued.`,
    estimated_credits: row.creditsReserved,
    estimated_duration:
      input.probed_seconds === null ? null : Math.round(input.probed_seconds * 1000) / 1000,
    source_urls: sourceUrls,
    filenames: files.map((f) => f.filename),
    project_id: input.project_id,
  };
}

async function createFor(
  deps: TranscriptionRequestDeps,
  ownerId: string,
  stored: StoredFile[],
  options: TranscriptionOptions,
  sourceUrls: string[],
): Promise<TranscriptionCreatedJson> {
  try {
    const row = await deps.transcription.create(
      ownerId,
      stored.map((f) => ({ file_key: f.file_key, filename: f.filename })),
      options,
      sourceUrls.length > 0 ? sourceUrls : null,
    );
    return created(row, sourceUrls, stored);
  } catch (error) {
    for (const f of stored) deps.files.discard(ownerId, f.file_key);
    throw error;
  }
}

export async function transcribeUrls(
  deps: TranscriptionRequestDeps,
  ownerId: string,
  body: TranscriptionOptionsJson & { source_urls: string[] },
  signal: AbortSignal,
): Promise<TranscriptionCreatedJson> {
  const options = toOptions(body);
  // Options and packs first: nothing is downloaded for a request that cannot run.
  deps.transcription.check(options);
  const stored: StoredFile[] = [];
  try {
    for (const [index, url] of body.source_urls.entries()) {
      if (!/^https?:\/\//i.test(url.trim()))
        throw invalid(`source_urls.${index}`, 'source_urls must start with http:// or https://.');
      stored.push(await fetchUrlInput(deps, ownerId, url.trim(), signal, deps.lookup));
    }
  } catch (error) {
    for (const f of stored) deps.files.discard(ownerId, f.file_key);
    throw error;
  }
  return createFor(deps, ownerId, stored, options, body.source_urls);
}

export async function transcribeUpload(
  deps: TranscriptionRequestDeps,
  ownerId: string,
  request: { stream: Readable | null; headers: Record<string, string | undefined> },
  signal: AbortSignal,
): Promise<TranscriptionCreatedJson> {
  if (!request.stream) throw invalid('files', 'Send the recordings as multipart `files` parts.');
  const upload = await storeMultipartFiles(deps.files, ownerId, request.stream, request.headers, {
    field: 'files',
    maxFiles: MAX_SOURCES,
    maxFileBytes: deps.files.maxBytes,
    what: 'A recording',
    signal,
  });
  const discard = (): void => {
    for (const f of upload.files) deps.files.discard(ownerId, f.file_key);
  };
  let options: TranscriptionOptions;
  try {
    if (upload.fields.source_urls !== undefined)
      throw invalid(
        'source_urls',
        'Give either files (this route) or source_urls (POST /transcription/transcribe), not both.',
      );
    if (upload.files.length === 0)
      throw invalid('files', 'files is required: one multipart part named "files" per recording.');
    const parsed = transcriptionOptionsSchema.safeParse(upload.fields);
    if (!parsed.success) {
      throw new AppError(
        'validation_error',
        `Invalid form fields: ${z.prettifyError(parsed.error)}`,
        {
          details: {
            fields: parsed.error.issues.map((i) => ({ loc: ['body', ...i.path], msg: i.message })),
          },
        },
      );
    }
    options = toOptions(parsed.data);
  } catch (error) {
    discard();
    throw error;
  }
  return createFor(deps, ownerId, upload.files, options, []);
}
