/**
 * Transcription requests and jobs: checks options and model packs BEFORE anything is stored for
 * long or charged, creates the job, runs it (transcribe-file.ts), and renders its views.
 */
import { AppError } from '../../../errors.ts';
import type { JobRow } from '../../../jobs/job-repo.ts';
import type { JobContext, JobQuote } from '../../../jobs/job-types.ts';
import type { JobRepo } from '../../../jobs/job-repo.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import type { JobEvents } from '../../../jobs/job-events.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { Ffmpeg } from '../../../audio/types.ts';
import type { Pricing } from '../../billing/index.ts';
import type { FileStore } from '../../platform/index.ts';
import { probeMedia } from '../../../audio/probe.ts';
import type { AlignmentService } from '../alignment/alignment-service.ts';
import type { SherpaHost } from '../asr-engines/sherpa-host.ts';
import { resolveAsr, resolveDiarization, type ModelType } from './asr-packs.ts';
import type { TranscriptStore } from './transcript-store.ts';
import { renumberSegments } from './speaker-labels.ts';
import { transcribeFile } from './transcribe-file.ts';
import {
  DIARIZATION_JOB,
  TRANSCRIPTION_JOB,
  type TranscriptionInput,
} from './transcription-job.ts';
import type { FileTranscript, TranscriptionResult } from './transcript-types.ts';
import { whisperLanguage } from './whisper-languages.ts';

function formatClock(seconds: number): string {
  const s = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export interface TranscriptionDeps {
  files: FileStore;
  store: TranscriptStore;
  jobs: JobRunner;
  jobRepo: JobRepo;
  jobEvents: JobEvents;
  models: ModelRegistry;
  credits: Pricing;
  ffmpeg: () => Promise<Ffmpeg>;
  sherpa: SherpaHost;
  alignment: AlignmentService;
}

/** Options common to every entry point, already parsed from the request's fields. */
export interface TranscriptionOptions {
  language: string | null;
  task: 'transcribe' | 'translate';
  /** A Whisper pack asked for by id (`whisper-small`), else null: chosen by `modelType`. */
  model: string | null;
  modelType: ModelType;
  diarize: boolean;
  minSpeakers: number | null;
  maxSpeakers: number | null;
  wordTimestamps: boolean;
  confidenceScores: boolean;
  chunkSeconds: number;
  /** The transcript project whose speaker names apply; null: a new one, or none with `noProject`. */
  projectId: string | null;
  /** OpenAI-compatible calls answer at once and keep no project. */
  noProject?: boolean;
}

/** The contract's limit: "up to 15 hours per video". */
export const MAX_TOTAL_SECONDS = 15 * 3600;

export class TranscriptionService {
  constructor(private readonly deps: TranscriptionDeps) {}

  /** 400 for a language Whisper lacks, 503 for a missing pack: before anything is charged. */
  check(options: TranscriptionOptions): string | null {
    let language: string | null = null;
    if (options.language !== null) {
      language = whisperLanguage(options.language);
      if (language === null) {
        throw new AppError(
          'validation_error',
          `language "${options.language}" is not one Whisper knows (ISO 639-1, e.g. en, de, pt).`,
          {
            details: {
              fields: [{ loc: ['body', 'language'], msg: 'unsupported language' }],
              param: 'language',
            },
          },
        );
      }
    }
    if (
      options.minSpeakers !== null &&
      options.maxSpeakers !== null &&
      options.minSpeakers > options.maxSpeakers
    ) {
      throw new AppError('validation_error', 'min_speakers must not exceed max_speakers.', {
        details: { fields: [{ loc: ['body', 'min_speakers'], msg: 'greater than max_speakers' }] },
      });
    }
    resolveAsr(this.deps.models, options.model, options.modelType);
    if (options.diarize) resolveDiarization(this.deps.models);
    return language;
  }

  /**
   * Seconds of audio in the stored files, probed before anything is charged: a file ffmpeg
   * cannot read or without audio is 400 `invalid_audio` (a 0-byte upload is one), and more than
   * 15 hours in all is 400 `validation_error`.
   */
  async probe(ownerId: string, files: { file_key: string; filename: string }[]): Promise<number> {
    const ffmpeg = await this.deps.ffmpeg();
    let total = 0;
    for (const f of files) {
      const row = this.deps.files.get(ownerId, f.file_key);
      if (row.bytes === 0) throw new AppError('invalid_audio', `${f.filename} is empty (0 bytes).`);
      const info = await probeMedia(ffmpeg, this.deps.files.pathOf(row)).catch((error: unknown) => {
        if (error instanceof AppError && error.status < 500)
          throw new AppError(error.code, `${f.filename} is not audio or video ffmpeg can read.`, {
            details: { ...error.details, param: 'file', filename: f.filename },
          });
        throw error;
      });
      if (info.audio === null)
        throw new AppError('invalid_audio', `${f.filename} has no audio stream.`);
      total += info.duration_seconds ?? 0;
    }
    if (total > MAX_TOTAL_SECONDS) {
      throw new AppError(
        'validation_error',
        `Transcription takes up to ${MAX_TOTAL_SECONDS / 3600} hours of audio per request; these files hold ${(total / 3600).toFixed(1)} hours.`,
        { details: { max_seconds: MAX_TOTAL_SECONDS, seconds: total } },
      );
    }
    return total;
  }

  /** Creates the job for files already stored (the caller discards them if this throws). */
  async create(
    ownerId: string,
    files: { file_key: string; filename: string }[],
    options: TranscriptionOptions,
    sourceUrls: string[] | null,
  ): Promise<JobRow> {
    const language = this.check(options);
    const probed = await this.probe(ownerId, files);
    const project = options.noProject
      ? null
      : this.projectFor(ownerId, options.projectId, files[0]?.filename ?? 'Transcript');
    const input: TranscriptionInput = {
      files,
      source_urls: sourceUrls,
      language,
      task: options.task,
      model: options.model,
      diarize: options.diarize,
      min_speakers: options.minSpeakers,
      max_speakers: options.maxSpeakers,
      word_timestamps: options.wordTimestamps,
      confidence_scores: options.confidenceScores,
      model_type: options.modelType,
      project_id: project,
      chunk_seconds: options.chunkSeconds,
      probed_seconds: probed,
    };
    try {
      return await this.deps.jobs.create(
        ownerId,
        options.diarize ? DIARIZATION_JOB : TRANSCRIPTION_JOB,
        input,
      );
    } catch (error) {
      // A project made for this request goes with it (e.g. 402: nothing is kept).
      if (project !== null && options.projectId === null) this.deps.store.deleteProject(project);
      throw error;
    }
  }

  /** The named project (404 when it is not the caller's), or a new one named after the file. */
  private projectFor(ownerId: string, projectId: string | null, filename: string): string {
    if (projectId === null) return this.deps.store.createProject(ownerId, filename).id;
    if (!this.deps.store.project(ownerId, projectId))
      throw new AppError('not_found', `Transcript project ${projectId} not found.`, {
        details: { param: 'project_id' },
      });
    return projectId;
  }

  /** Waits for a job's end (the OpenAI-compatible routes answer synchronously). */
  waitFor(id: number, signal: AbortSignal): Promise<JobRow> {
    return new Promise((resolve, reject) => {
      const finish = (): boolean => {
        const row = this.deps.jobRepo.get(id);
        if (
          row &&
          (row.status === 'completed' || row.status === 'failed' || row.status === 'cancelled')
        ) {
          unsubscribe();
          signal.removeEventListener('abort', onAbort);
          resolve(row);
          return true;
        }
        return false;
      };
      const onAbort = (): void => {
        unsubscribe();
        // The client left: stop the work it will never read (its credits are released).
        this.deps.jobs.cancel(id);
        reject(new AppError('bad_request', 'The request was aborted by the client.'));
      };
      const unsubscribe = this.deps.jobEvents.subscribe((event) => {
        if (event.job.id === id) finish();
      });
      signal.addEventListener('abort', onAbort, { once: true });
      finish();
    });
  }

  /** The caller's transcription job, or 404. */
  job(ownerId: string, id: number): JobRow {
    const row = this.deps.jobRepo.get(id);
    if (
      !row ||
      row.ownerId !== ownerId ||
      (row.type !== TRANSCRIPTION_JOB && row.type !== DIARIZATION_JOB)
    ) {
      throw new AppError('not_found', `Transcription job ${id} not found.`);
    }
    return row;
  }

  async quote(ownerId: string, input: TranscriptionInput): Promise<JobQuote> {
    const seconds = input.probed_seconds ?? (await this.probedSeconds(ownerId, input));
    const base = this.deps.credits.quoteMinutes('transcription', seconds);
    if (!input.diarize) return base;
    const speakers = this.deps.credits.quoteMinutes('speaker_diarization', seconds);
    return {
      ...base,
      credits: base.credits + speakers.credits,
      serviceType: 'speaker_diarization',
      metadata: { ...base.metadata, diarization_credits: speakers.credits },
    };
  }

  private async probedSeconds(ownerId: string, input: TranscriptionInput): Promise<number | null> {
    let total = 0;
    try {
      const ffmpeg = await this.deps.ffmpeg();
      for (const f of input.files) {
        const row = this.deps.files.get(ownerId, f.file_key);
        total += (await probeMedia(ffmpeg, this.deps.files.pathOf(row))).duration_seconds ?? 0;
      }
      return total;
    } catch {
      return null; // unreadable media fails in run() and is refunded
    }
  }

  async run(ctx: JobContext<TranscriptionInput>): Promise<TranscriptionResult> {
    const { input, ownerId, signal } = ctx;
    const asr = resolveAsr(this.deps.models, input.model, input.model_type);
    const diarization = input.diarize
      ? {
          ...resolveDiarization(this.deps.models),
          min: input.min_speakers,
          max: input.max_speakers,
        }
      : null;
    const results: FileTranscript[] = [];
    const started = Date.now();
    for (const [index, file] of input.files.entries()) {
      const row = this.deps.files.get(ownerId, file.file_key);
      results.push(
        await transcribeFile(
          { sherpa: this.deps.sherpa, alignment: this.deps.alignment, ffmpeg: this.deps.ffmpeg },
          {
            path: this.deps.files.pathOf(row),
            filename: file.filename,
            asr,
            language: input.language,
            task: input.task,
            wordTimestamps: input.word_timestamps || input.confidence_scores,
            maxSegmentSeconds: input.chunk_seconds,
            diarization,
            signal,
            onProgress: (fraction) => {
              const percent = ((index + fraction) / input.files.length) * 100;
              const elapsed = (Date.now() - started) / 1000;
              ctx.progress({
                percent,
                stage: 'transcribe',
                ...(percent > 2 && { etaSeconds: (elapsed * (100 - percent)) / percent }),
              });
            },
          },
        ),
      );
    }
    const duration = results.reduce((sum, r) => sum + r.duration, 0);
    if (results.every((r) => r.segments.length === 0)) {
      // Silence (or noise) only: nothing to transcribe is a failed request, refunded in full.
      throw new AppError(
        'invalid_audio',
        `No speech was found in ${input.files.map((f) => f.filename).join(', ')} (${formatClock(duration)} of audio).`,
      );
    }
    renumberSegments(results);
    // Word timings are also how confidence is measured; each is kept only when it was asked for.
    for (const segment of results.flatMap((r) => r.segments)) {
      if (!input.word_timestamps) segment.words = [];
      if (!input.confidence_scores) {
        segment.confidence = null;
        for (const word of segment.words) word.confidence = null;
      }
    }
    const used =
      this.deps.credits.quoteMinutes('transcription', duration).credits +
      (input.diarize ? this.deps.credits.quoteMinutes('speaker_diarization', duration).credits : 0);
    ctx.reportUsage({ credits: used, audioDuration: duration });
    const speakers = [
      ...new Set(
        results
          .flatMap((r) => r.segments.map((s) => s.speaker))
          .filter((s): s is string => s !== null),
      ),
    ].sort();
    return {
      model: asr.pack,
      task: input.task,
      language: results[0]?.language ?? input.language ?? 'en',
      duration: Math.round(duration * 1000) / 1000,
      text: results.map((r) => r.text).join('\n\n'),
      files: results,
      speakers,
    };
  }
}
