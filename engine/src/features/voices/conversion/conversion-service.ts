/**
 * Voice conversion requests (document 3: POST /voice/voice-convert, GET
 * /voice/convert/{id}/status, GET /voice/convert/jobs; docs/api/voices-custom.md): the upload and
 * the target are checked first (a missing or unusable target is 404/400, a recording that is
 * not speech 400), then the conversion pack (503 naming what to install, nothing charged), then
 * a `voice_conversion` job holds the credits. Jobs render in the contract's conversion-job shape.
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { AppError } from '../../../errors.ts';
import type { JobRow } from '../../../jobs/job-repo.ts';
import { readSampleUpload } from '../samples/sample-upload.ts';
import type { ConversionDeps } from './conversion-deps.ts';
import { requireConversionPack } from './conversion-packs.ts';
import {
  VOICE_CONVERSION_JOB,
  type ConversionInput,
  type ConversionResult,
} from './conversion-job.ts';

const MAX_SOURCE_BYTES = 200 * 1024 * 1024;

export interface ConversionRequest {
  stream: Readable | null;
  headers: Record<string, string | undefined>;
  signal: AbortSignal;
}

const STATUS: Record<JobRow['status'], 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED'> = {
  queued: 'PENDING',
  running: 'PROCESSING',
  completed: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'FAILED',
};

export class ConversionService {
  constructor(private readonly deps: ConversionDeps) {}

  async create(ownerId: string, request: ConversionRequest) {
    const incoming = this.deps.folders.incoming();
    try {
      const upload = await readSampleUpload(request.stream, request.headers, {
        field: 'file',
        maxFiles: 1,
        maxFileBytes: MAX_SOURCE_BYTES,
        dir: incoming,
        signal: request.signal,
      });
      const file = upload.files[0];
      const uuid = upload.fields.voice_uuid?.trim().toLowerCase() ?? '';
      if (!file)
        throw new AppError('validation_error', 'Send the recording in "file".', {
          details: { fields: [{ loc: ['body', 'file'], msg: 'required' }] },
        });
      if (!/^[0-9a-f-]{36}$/.test(uuid))
        throw new AppError(
          'validation_error',
          'voice_uuid (the target voice’s UUID) is required.',
          {
            details: { fields: [{ loc: ['body', 'voice_uuid'], msg: 'required' }] },
          },
        );
      const voice = this.deps.repo.byUuid(uuid);
      if (!voice || (voice.ownerId !== ownerId && !voice.isPublic))
        throw new AppError('voice_not_found', `No voice ${uuid} you may convert to.`, {
          details: { voice_uuid: uuid },
        });
      if (voice.status !== 'COMPLETED' || !voice.audioPath)
        throw new AppError(
          'validation_error',
          `Voice ${voice.name} is ${voice.status.toLowerCase()}: only a COMPLETED voice with an audio file can be a conversion target.`,
          { details: { fields: [{ loc: ['body', 'voice_uuid'], msg: 'voice not ready' }] } },
        );
      const report = await this.deps.analyzer.analyze('conversion', [file], {
        signal: request.signal,
        dnsmosWindows: 0,
      });
      requireConversionPack(this.deps.models);
      const stored = await this.deps.files.save(
        ownerId,
        fs.createReadStream(file.path),
        { filename: file.filename, contentType: 'application/octet-stream' },
        request.signal,
      );
      const input: ConversionInput = {
        file_key: stored.file_key,
        filename: file.filename,
        voice_id: voice.id,
        voice_uuid: voice.uuid,
        voice_name: voice.name,
        duration_seconds: report.files[0]?.duration_seconds ?? 0,
      };
      try {
        const row = await this.deps.jobs.create(ownerId, VOICE_CONVERSION_JOB, input);
        return this.summary(row);
      } catch (error) {
        this.deps.files.discard(ownerId, stored.file_key);
        throw error;
      }
    } finally {
      fs.rmSync(incoming, { recursive: true, force: true });
    }
  }

  /** The caller's conversion job, or 404 (another user's job and other job types look missing). */
  job(ownerId: string, id: number): JobRow {
    const row = this.deps.jobRepo.get(id);
    if (!row || row.ownerId !== ownerId || row.type !== VOICE_CONVERSION_JOB)
      throw new AppError('not_found', `Conversion ${id} not found.`);
    return row;
  }

  list(
    ownerId: string,
    query: { status?: keyof typeof REVERSE | undefined; limit: number; skip: number },
  ) {
    const { rows, total } = this.deps.jobRepo.list({
      ownerId,
      type: VOICE_CONVERSION_JOB,
      ...(query.status && { status: REVERSE[query.status] }),
      limit: query.limit,
      offset: query.skip,
    });
    return { jobs: rows.map((row) => this.summary(row)), total };
  }

  summary(row: JobRow) {
    const input = row.input as ConversionInput;
    return {
      id: row.id,
      status: STATUS[row.status],
      progress: Math.round(row.progress * 10) / 10,
      source_type: 'FILE' as const,
      original_filename: input.filename,
      target_voice_uuid: input.voice_uuid,
      target_voice_name: input.voice_name,
      created_at: row.createdAt,
      task_id: String(row.id),
      user_id: row.ownerId,
    };
  }

  status(row: JobRow, origin: string) {
    const input = row.input as ConversionInput;
    const result = (row.result ?? null) as ConversionResult | null;
    const voice = this.deps.repo.get(input.voice_id);
    let outputUrl: string | null = null;
    let outputPath: string | null = null;
    if (result) {
      try {
        const file = this.deps.files.get(row.ownerId, result.file_key);
        outputPath = this.deps.files.pathOf(file);
        outputUrl = `${origin}${this.deps.urls.sign({ path: outputPath, filename: result.filename, contentType: 'audio/wav' }).url}`;
      } catch {
        // The result file was deleted since.
      }
    }
    let sourcePath: string | null;
    try {
      sourcePath = this.deps.files.pathOf(this.deps.files.get(row.ownerId, input.file_key));
    } catch {
      sourcePath = null; // the upload was deleted since
    }
    return {
      ...this.summary(row),
      updated_at: row.finishedAt ?? row.startedAt ?? row.createdAt,
      completed_at: row.status === 'completed' ? row.finishedAt : null,
      output_path: outputPath,
      output_url: outputUrl,
      error_message:
        row.status === 'cancelled'
          ? 'cancelled'
          : row.status === 'failed'
            ? (row.errorMessage ?? 'failed')
            : null,
      source_path: sourcePath,
      conversion_metadata: {
        voice_uuid: input.voice_uuid,
        voice_id: input.voice_id,
        voice_file_path: voice?.audioPath ?? null,
        duration: result?.duration_seconds ?? null,
      },
    };
  }
}

const REVERSE = {
  PENDING: 'queued',
  PROCESSING: 'running',
  COMPLETED: 'completed',
  FAILED: 'failed',
} as const;
