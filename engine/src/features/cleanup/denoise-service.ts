/**
 * Noise reduction requests: takes the recording (a multipart `file`, or a `url` fetched here),
 * checks the fields and that the mode's model pack is installed BEFORE anything is charged,
 * creates the `denoise` job, and renders a job in the contract's shape (denoise-schema.ts) with
 * freshly signed download URLs.
 */
import type { Readable } from 'node:stream';
import { isMultipart } from '../../api/multipart.ts';
import { storeMultipartUpload } from '../platform/index.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { JobRow } from '../../jobs/job-repo.ts';
import type { CleanupDeps } from './cleanup-deps.ts';
import { type StoredFile } from '../platform/index.ts';
import { ENGINES } from './denoise-engines.ts';
import {
  DENOISE_JOB,
  resolveEngineFiles,
  type DenoiseInput,
  type DenoiseResult,
} from './denoise-job.ts';
import {
  DENOISE_OUTPUT_FORMATS,
  DENOISE_QUALITY_MODES,
  type DenoiseJobJson,
} from './denoise-schema.ts';
import { fetchUrlInput } from '../platform/index.ts';

export interface DenoiseRequest {
  stream: Readable | null;
  headers: Record<string, string | undefined>;
  signal: AbortSignal;
}

const FIELD_BYTES = 64 * 1024;

function invalid(field: string, message: string): AppError {
  return new AppError('validation_error', message, {
    details: { fields: [{ loc: ['body', field], msg: message }] },
  });
}

/** quality_mode and output_format from text fields; unknown values are 400 with the choices. */
function parseOptions(fields: Record<string, string>) {
  const mode = fields.quality_mode?.trim() || 'balanced';
  if (!(DENOISE_QUALITY_MODES as readonly string[]).includes(mode)) {
    throw invalid(
      'quality_mode',
      `quality_mode must be one of ${DENOISE_QUALITY_MODES.join(', ')} (got "${mode}"); ` +
        'other modes (aggressive, preserving) are not available in this engine.',
    );
  }
  const format = fields.output_format?.trim() || null;
  if (format !== null && !(DENOISE_OUTPUT_FORMATS as readonly string[]).includes(format)) {
    throw invalid(
      'output_format',
      `output_format must be one of ${DENOISE_OUTPUT_FORMATS.join(', ')} (got "${format}").`,
    );
  }
  return {
    quality_mode: mode as DenoiseInput['quality_mode'],
    output_format: format as DenoiseInput['output_format'],
  };
}

async function readSmallBody(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    if (bytes > FIELD_BYTES) {
      throw new AppError(
        'payload_too_large',
        `A form body without a file is limited to ${FIELD_BYTES} bytes.`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON or urlencoded fields (the url form of the request). */
async function readFields(stream: Readable, contentType: string): Promise<Record<string, string>> {
  const text = await readSmallBody(stream);
  if (contentType.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError('bad_request', 'The JSON body is malformed.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new AppError('validation_error', 'The JSON body must be an object.');
    }
    return Object.fromEntries(
      Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : String(v)]),
    );
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export class DenoiseService {
  constructor(private readonly deps: CleanupDeps) {}

  async create(ownerId: string, request: DenoiseRequest, origin: string): Promise<DenoiseJobJson> {
    const { stream, headers, signal } = request;
    const contentType = (headers['content-type'] ?? '').toLowerCase();
    if (!stream) throw new AppError('validation_error', 'Send a file or a url.');
    const { files } = this.deps;
    let fields: Record<string, string>;
    let uploaded: StoredFile | null = null;
    if (isMultipart(contentType)) {
      const upload = await storeMultipartUpload(files, ownerId, stream, headers, {
        maxFileBytes: files.maxBytes,
        what: 'The recording',
        signal,
      });
      fields = upload.fields;
      uploaded = upload.file;
    } else {
      fields = await readFields(stream, contentType);
    }
    try {
      const options = parseOptions(fields);
      const url = fields.url?.trim() || null;
      if ((uploaded === null) === (url === null)) {
        throw invalid('file', 'Give exactly one of file and url.');
      }
      // Refuse a missing model pack now (503 with the install command), before any charge —
      // unless the owner lets the hosted service run it (docs/api/sync.md, "Offload").
      const offload = this.needsOffload(ownerId, options.quality_mode);
      if (url !== null) {
        if (!/^https?:\/\//i.test(url))
          throw invalid('url', 'url must start with http:// or https://.');
        // The same guarded fetch as MIDI: public addresses only (loopback with the owner's opt-in).
        uploaded = await fetchUrlInput(this.deps, ownerId, url, signal);
      }
      const input: DenoiseInput = {
        file_key: uploaded!.file_key,
        ...options,
        source_url: url,
        offload,
      };
      const row = await this.deps.jobs.create(ownerId, DENOISE_JOB, input);
      return this.view(row, origin);
    } catch (error) {
      if (uploaded !== null) files.discard(ownerId, uploaded.file_key);
      throw error;
    }
  }

  /** True when the mode's pack is missing here and the hosted service may run it instead. */
  private needsOffload(ownerId: string, mode: DenoiseInput['quality_mode']): boolean {
    try {
      resolveEngineFiles(this.deps, mode);
      return false;
    } catch (error) {
      if (
        isAppError(error) &&
        error.code === 'model_not_installed' &&
        this.deps.offload.available(ownerId)
      ) {
        return true;
      }
      throw error;
    }
  }

  /** The caller's denoise job, or 404 (another user's job and other job types look missing). */
  job(ownerId: string, id: number): JobRow {
    const row = this.deps.jobRepo.get(id);
    if (!row || row.ownerId !== ownerId || row.type !== DENOISE_JOB) {
      throw new AppError('not_found', `Denoise job ${id} not found.`);
    }
    return row;
  }

  view(row: JobRow, origin: string): DenoiseJobJson {
    const input = row.input as DenoiseInput;
    const result = (row.result ?? null) as DenoiseResult | null;
    const { files, urls } = this.deps;
    let expires: string | null = null;
    const sign = (key: string, filename: string, contentType: string): string | null => {
      try {
        const file = files.get(row.ownerId, key);
        const signed = urls.sign({ path: files.pathOf(file), filename, contentType });
        expires = signed.expiresAt;
        return `${origin}${signed.url}`;
      } catch {
        return null; // the file was deleted since
      }
    };
    let original = 'upload';
    let sourceUrl: string | null = input.source_url;
    try {
      const source = files.get(row.ownerId, input.file_key);
      original = source.filename;
      sourceUrl ??= sign(source.key, source.filename, source.contentType);
    } catch {
      // The upload is gone; the job's record stays.
    }
    const status =
      row.status === 'queued'
        ? 'PENDING'
        : row.status === 'running'
          ? 'PROCESSING'
          : row.status === 'completed'
            ? 'COMPLETED'
            : 'FAILED';
    return {
      id: row.id,
      status,
      progress: Math.round(row.progress * 10) / 10,
      stage: row.stage,
      eta_seconds: row.etaSeconds === null ? null : Math.round(row.etaSeconds),
      quality_mode: input.quality_mode,
      engine: ENGINES[input.quality_mode].name,
      original_filename: original,
      is_video: (result?.video ?? null) !== null,
      source_url: sourceUrl,
      denoised_audio_url: result
        ? sign(result.audio.file_key, result.audio.filename, result.audio.content_type)
        : null,
      video_output_url: result?.video
        ? sign(result.video.file_key, result.video.filename, result.video.content_type)
        : null,
      urls_expire_at: expires,
      noise_reduction_db: result?.noise_reduction_db ?? null,
      noise_floor_before_db: result?.noise_floor_before_db ?? null,
      noise_floor_after_db: result?.noise_floor_after_db ?? null,
      duration_seconds: result ? Math.round(result.duration_seconds * 1000) / 1000 : null,
      credits_used:
        row.status === 'completed' && result
          ? (result.hosted?.credits_used ??
            this.deps.pricing.quoteMinutes('denoise_audio', result.duration_seconds).credits)
          : null,
      error:
        row.status === 'cancelled'
          ? 'cancelled'
          : row.status === 'failed'
            ? (row.errorMessage ?? 'failed')
            : null,
      created_at: row.createdAt,
      completed_at: row.finishedAt,
    };
  }
}
