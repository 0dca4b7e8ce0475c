/**
 * The MIDI routes' work, free of express: creating jobs from an upload, a URL or a stem job,
 * reading and listing them as the contract's MIDI job, and deleting them (outputs purged).
 * Input is checked before any credit is held: exactly one of file and url, stems and options
 * within range, a readable audio stream no longer than the limit, a separator when splitting.
 * A refused request forgets the file it had already stored.
 */
import type { Readable } from 'node:stream';
import path from 'node:path';
import { probeMedia, requireAudio } from '../../../audio/index.ts';
import { byteLimit, isMultipart } from '../../../api/multipart.ts';
import { storeMultipartUpload } from '../../platform/index.ts';
import { AppError } from '../../../errors.ts';
import { TERMINAL_STATUSES } from '../../../jobs/job-types.ts';
import { isResultDeleted, type JobRow } from '../../../jobs/job-repo.ts';
import type { MusicDeps } from '../music-deps.ts';
import { type StoredFile } from '../../platform/index.ts';
import {
  MIDI_JOB_TYPE,
  transcribableStems,
  type MidiJobInput,
  type MidiJobResult,
} from './midi-job.ts';
import { MAX_MIDI_INPUT_SECONDS } from './midi-limits.ts';
import { parseOptions, parseStems } from './midi-request.ts';
import type { MidiJob } from './midi-schema.ts';
import { midiJobView } from './midi-view.ts';
import { ACCEPTED_STEMS } from './stem-instruments.ts';
import { requireSeparator } from './stem-source.ts';
import { fetchUrlInput } from '../../platform/index.ts';

export interface RawRequest {
  stream: Readable | null;
  headers: Record<string, string | undefined>;
  signal: AbortSignal;
}

const MAX_FORM_BYTES = 64 * 1024;

function fieldError(field: string, message: string): AppError {
  return new AppError('validation_error', message, {
    details: { fields: [{ loc: ['body', field], msg: message }] },
  });
}

async function readSmallBody(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.pipe(
    byteLimit(MAX_FORM_BYTES, 'A MIDI request without a file'),
  )) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Text fields and the stored file (multipart) of a convert request. */
async function readConvertForm(
  deps: MusicDeps,
  ownerId: string,
  request: RawRequest,
): Promise<{ fields: Record<string, unknown>; file: StoredFile | null }> {
  const { stream, headers, signal } = request;
  if (!stream) throw new AppError('internal_error', 'raw route without a request stream');
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (isMultipart(type)) {
    return storeMultipartUpload(deps.files, ownerId, stream, headers, {
      maxFileBytes: deps.files.maxBytes,
      what: 'An audio upload',
      signal,
    });
  }
  const text = await readSmallBody(stream);
  if (type === 'application/json') {
    try {
      const parsed: unknown = JSON.parse(text === '' ? '{}' : text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
      return { fields: parsed as Record<string, unknown>, file: null };
    } catch {
      throw new AppError('bad_request', 'The JSON body is malformed (expected an object).');
    }
  }
  return { fields: Object.fromEntries(new URLSearchParams(text)), file: null };
}

/** Probes the stored input: 400 when it is not audio or too long; its duration otherwise. */
async function checkAudio(
  deps: MusicDeps,
  file: StoredFile,
  ownerId: string,
): Promise<number | null> {
  const ffmpeg = await deps.ffmpeg.require();
  const blob = deps.files.pathOf(deps.files.get(ownerId, file.file_key));
  let seconds: number | null;
  try {
    const info = await probeMedia(ffmpeg, blob);
    requireAudio(info, blob);
    seconds = info.duration_seconds;
  } catch (error) {
    if (error instanceof AppError && error.status === 400) {
      const why = error.message
        .replace(/^reading [^:]+: /, '')
        .replace(path.basename(blob), file.filename);
      throw new AppError(error.code, `${file.filename}: ${why}`, { details: error.details });
    }
    throw error;
  }
  if (seconds !== null && seconds > MAX_MIDI_INPUT_SECONDS) {
    throw new AppError(
      'invalid_audio',
      `${file.filename} is ${Math.round(seconds / 60)} minutes long; one MIDI job transcribes at most ${MAX_MIDI_INPUT_SECONDS / 60} minutes.`,
      { details: { duration_seconds: seconds, max_seconds: MAX_MIDI_INPUT_SECONDS } },
    );
  }
  return seconds;
}

export function requestOrigin(headers: Record<string, string | undefined>): string {
  return `http://${headers.host ?? '127.0.0.1'}`;
}

export async function createConvertJob(
  deps: MusicDeps,
  ownerId: string,
  request: RawRequest,
): Promise<MidiJob> {
  const { fields, file } = await readConvertForm(deps, ownerId, request);
  let input: StoredFile | null = file;
  try {
    const url =
      typeof fields.url === 'string' && fields.url.trim() !== '' ? fields.url.trim() : null;
    if (file !== null && url !== null)
      throw fieldError('url', 'Send either file or url, not both.');
    if (file === null && url === null)
      throw fieldError('file', 'Send an audio file (file) or a url.');
    const stems = parseStems(fields.stems);
    const options = parseOptions(fields.options);
    if (transcribableStems(stems).length === 0) {
      throw fieldError(
        'stems',
        'drums and other are never transcribed: ask for bass, vocals, piano or guitar.',
      );
    }
    if (options.split) await requireSeparator();
    input ??= await fetchUrlInput(deps, ownerId, url ?? '', request.signal);
    const seconds = await checkAudio(deps, input, ownerId);
    const jobInput: MidiJobInput = {
      mode: 'standalone',
      file_key: input.file_key,
      source_job_id: null,
      original_filename: input.filename,
      stems_requested: stems,
      options,
      duration_seconds: seconds,
    };
    const row = await deps.jobs.create(ownerId, MIDI_JOB_TYPE, jobInput);
    return midiJobView(deps, row, requestOrigin(request.headers));
  } catch (error) {
    if (input) deps.files.discard(ownerId, input.file_key);
    throw error;
  }
}

export async function createFromStemsJob(
  deps: MusicDeps,
  ownerId: string,
  stemJobId: number,
  body: { stems?: string[] | undefined; options?: unknown },
  headers: Record<string, string | undefined>,
): Promise<MidiJob> {
  const separator = await requireSeparator();
  const outputs = separator.stemJobOutputs(deps, ownerId, stemJobId);
  if (outputs === null) throw new AppError('not_found', `Stem job ${stemJobId} not found.`);
  if (outputs === 'expired') {
    throw new AppError(
      'gone',
      `The outputs of stem job ${stemJobId} have expired under the plan's retention; run the separation again.`,
      { details: { stem_job_id: stemJobId } },
    );
  }
  const available = outputs.stems.map((s) => s.stem);
  const accepted = (ACCEPTED_STEMS as readonly string[]).filter((s) => available.includes(s));
  const stems = body.stems ?? accepted;
  const foreign = stems.filter((s) => !available.includes(s));
  if (foreign.length > 0) {
    throw fieldError(
      'stems',
      `Stem job ${stemJobId} has no ${foreign.join(', ')} (it has ${available.join(', ')}).`,
    );
  }
  const unknown = stems.filter((s) => !(ACCEPTED_STEMS as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw fieldError(
      'stems',
      `${unknown.join(', ')} cannot be transcribed; MIDI takes ${ACCEPTED_STEMS.join(', ')}.`,
    );
  }
  if (transcribableStems(stems).length === 0) {
    throw fieldError(
      'stems',
      `Stem job ${stemJobId} has no stem MIDI can transcribe (bass, vocals, piano, guitar).`,
    );
  }
  const options = parseOptions(body.options);
  let seconds: number | null = null;
  const first = outputs.stems.find((s) => stems.includes(s.stem));
  if (first) {
    try {
      seconds = (await probeMedia(await deps.ffmpeg.require(), first.path)).duration_seconds;
    } catch {
      seconds = null; // priced at the minimum; the job reports the stem's own failure
    }
  }
  const row = await deps.jobs.create(ownerId, MIDI_JOB_TYPE, {
    mode: 'from_stems',
    file_key: null,
    source_job_id: stemJobId,
    original_filename: `stem-job-${stemJobId}`,
    stems_requested: stems,
    options: { ...options, split: false },
    duration_seconds: seconds,
  } satisfies MidiJobInput);
  return midiJobView(deps, row, requestOrigin(headers));
}

/** The caller's live MIDI job, or 404 (another owner's, a deleted one, another type). */
export function ownMidiJob(deps: MusicDeps, ownerId: string, id: number): JobRow {
  const row = deps.jobRepo.get(id);
  if (!row || row.ownerId !== ownerId || row.type !== MIDI_JOB_TYPE || isResultDeleted(row)) {
    throw new AppError('not_found', `MIDI job ${id} not found.`);
  }
  return row;
}

export function listJobs(
  deps: MusicDeps,
  ownerId: string,
  skip: number,
  limit: number,
  headers: Record<string, string | undefined>,
) {
  const { rows, total } = deps.jobRepo.list({
    ownerId,
    type: MIDI_JOB_TYPE,
    excludeDeleted: true,
    limit,
    offset: skip,
  });
  const origin = requestOrigin(headers);
  return {
    jobs: rows.map((row) => midiJobView(deps, row, origin)),
    total,
    skip,
    limit,
    has_more: skip + rows.length < total,
  };
}

async function settled(deps: MusicDeps, id: number, timeoutMs: number): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = deps.jobRepo.get(id);
    if (!row) throw new AppError('not_found', `MIDI job ${id} not found.`);
    if (TERMINAL_STATUSES.has(row.status) && !deps.jobs.isRunning(id)) return row;
    if (Date.now() > deadline) {
      throw new AppError('conflict', `MIDI job ${id} is still stopping; try again in a moment.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Cancels the job if it still runs, deletes its input and every output, hides the job. */
export async function deleteJob(deps: MusicDeps, ownerId: string, id: number): Promise<void> {
  const row = ownMidiJob(deps, ownerId, id);
  if (!TERMINAL_STATUSES.has(row.status)) deps.jobs.cancel(id);
  const done = await settled(deps, id, 15_000);
  const input = done.input as MidiJobInput;
  const result = done.status === 'completed' ? (done.result as MidiJobResult | null) : null;
  const keys = [
    input.file_key,
    result?.merged_file_key ?? null,
    ...Object.values(result?.tracks ?? {}).map((t) => t.file_key),
    ...Object.values(result?.stem_audio ?? {}),
  ];
  for (const key of keys) if (key) deps.files.discard(ownerId, key);
  deps.jobRepo.markResultDeleted(id, new Date().toISOString());
}
