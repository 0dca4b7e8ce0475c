/**
 * Manuscripts (document 2, "Manuscript"): upload (multipart into the file store), parse and
 * append (a job), paste and generate (answered with the book's totals). One project runs one
 * import at a time; a second one while a parse runs is 409.
 */
import type { Readable } from 'node:stream';
import type { ProjectRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import type { WorkerPool } from '../../../jobs/worker-pool.ts';
import { isMultipart } from '../../../api/multipart.ts';
import { storeMultipartUpload } from '../../platform/index.ts';
import type { Principal } from '../../../api/principal.ts';
import { type FileStore } from '../../platform/index.ts';
import { JOB_TYPES, type BookJobs } from '../book-jobs.ts';
import type { BookImporter, ImportMode, ImportOptions } from './book-import.ts';
import type { BookGenerator } from './book-generator.ts';
import type { CastDetection } from '../cast/cast-detection.ts';
import type { ChapterRepo } from '../chapters/chapter-repo.ts';
import {
  extractPlainText,
  MAX_MANUSCRIPT_BYTES,
  sniffFormat,
  type ExtractedBook,
} from '../../../libraries/manuscript/index.ts';
import { readHead } from './file-head.ts';
import { MANUSCRIPT_TASK, type ManuscriptTaskInput } from './manuscript-task.ts';
import type { MultiVoiceSwitch, ProjectService } from '../projects/project-service.ts';
import type { ProjectRepo } from '../projects/project-repo.ts';
import {
  uploadFields,
  type GenerateBody,
  type ImportResponse,
  type ParseBody,
  type PasteBody,
} from '../projects/project-schemas.ts';
import { estimateMinutes, round1 } from '../text-stats.ts';
import type { BookStatus } from '../status/book-status.ts';

/** Pastes shorter than this are read on the request (a few milliseconds). */
const INLINE_PASTE_CHARS = 100_000;
/** Multipart framing and small fields around the file. */
const MULTIPART_OVERHEAD = 1024 * 1024;

export interface BookFlags {
  multi_voice?: boolean | undefined;
  detect_speakers?: boolean | undefined;
  auto_direction?: boolean | undefined;
}

/**
 * Document 2, cast rule 5: speaker detection is off by default for API keys and on in the
 * studio (session credentials); multi_voice: true turns it on.
 */
export function detectSpeakersFor(principal: Principal | null, flags: BookFlags): boolean {
  if (flags.multi_voice === true) return true;
  return flags.detect_speakers ?? principal?.kind !== 'api_key';
}

/** Auto Direction defaults off for API keys (document 2, "Manuscript"). */
export function autoDirectionFor(principal: Principal | null, flags: BookFlags): boolean {
  return flags.auto_direction ?? principal?.kind !== 'api_key';
}

export class ManuscriptService {
  constructor(
    private readonly deps: {
      projects: ProjectService;
      projectRepo: ProjectRepo;
      chapters: ChapterRepo;
      bookJobs: BookJobs;
      jobs: JobRunner;
      files: FileStore;
      workers: WorkerPool;
      importer: BookImporter;
      generator: BookGenerator;
      cast: MultiVoiceSwitch;
      detection: CastDetection;
      status: BookStatus;
    },
  ) {}

  /** 409 while a parse of this book is queued or running. */
  private requireIdle(project: ProjectRow): void {
    if (this.deps.bookJobs.active(project.id, [JOB_TYPES.parse]).length > 0) {
      throw new AppError('conflict', 'A manuscript is already being parsed for this project.', {
        details: { reason: 'parsing' },
      });
    }
  }

  /** A book that has chapters is replaced only on request, or added to with append. */
  private requireMode(project: ProjectRow, mode: ImportMode): void {
    if (mode !== 'parse') return;
    if (this.deps.chapters.countChapters(project.id) === 0) return;
    throw new AppError(
      'conflict',
      'This project already has a manuscript. Send reparse: true to replace its chapters and ' +
        'paragraphs, or add the file with POST .../manuscript/append.',
      { details: { reason: 'has_manuscript' } },
    );
  }

  async upload(
    ownerId: string,
    projectId: string,
    request: {
      stream: Readable | null;
      headers: Record<string, string | undefined>;
      signal: AbortSignal;
    },
  ) {
    const project = this.deps.projects.require(ownerId, projectId);
    const { stream, headers, signal } = request;
    if (!stream || !isMultipart(headers['content-type'])) {
      throw new AppError(
        'unsupported_media_type',
        'Upload the manuscript as multipart/form-data with the file in the "file" field.',
      );
    }
    const declared = Number(headers['content-length'] ?? '0');
    if (declared > MAX_MANUSCRIPT_BYTES + MULTIPART_OVERHEAD) {
      throw new AppError(
        'payload_too_large',
        `Manuscripts are limited to ${MAX_MANUSCRIPT_BYTES} bytes.`,
        {
          details: { max_bytes: MAX_MANUSCRIPT_BYTES },
        },
      );
    }
    const upload = await storeMultipartUpload(this.deps.files, ownerId, stream, headers, {
      maxFileBytes: MAX_MANUSCRIPT_BYTES,
      what: 'A manuscript',
      signal,
    });
    const fields = uploadFields.safeParse(upload.fields);
    if (!upload.file) {
      throw new AppError('validation_error', 'The multipart body has no "file" field.', {
        details: { fields: [{ loc: ['body', 'file'], msg: 'required' }] },
      });
    }
    const stored = upload.file;
    let fileType: string;
    try {
      if (!fields.success) {
        throw new AppError('validation_error', 'multi_voice must be true or false.', {
          details: { fields: [{ loc: ['body', 'multi_voice'], msg: 'must be true or false' }] },
        });
      }
      const head = await readHead(
        this.deps.files.pathOf(this.deps.files.get(ownerId, stored.file_key)),
      );
      fileType = sniffFormat(head, stored.filename);
    } catch (error) {
      this.deps.files.discard(ownerId, stored.file_key);
      throw error;
    }
    const multiVoice = fields.data.multi_voice;
    if (multiVoice !== undefined) this.deps.cast.setMultiVoice(project, multiVoice);
    const host = headers.host ?? '127.0.0.1';
    return {
      file_key: stored.file_key,
      file_url: `http://${host}/api/v1/files/${stored.file_key}`,
      max_size_bytes: MAX_MANUSCRIPT_BYTES,
      filename: stored.filename,
      bytes: stored.bytes,
      file_type: fileType,
      multi_voice: multiVoice ?? project.multiVoice,
    };
  }

  /** Starts an `audiobook_parse` job; `append` adds the file's chapters after the book's. */
  async startParse(
    ownerId: string,
    projectId: string,
    body: ParseBody,
    principal: Principal | null,
    append: boolean,
  ) {
    const project = this.deps.projects.require(ownerId, projectId);
    const file = this.deps.files.get(ownerId, body.file_key);
    const format = sniffFormat(await readHead(this.deps.files.pathOf(file)), body.filename);
    this.requireIdle(project);
    const mode: ImportMode = append ? 'append' : body.reparse ? 'reparse' : 'parse';
    this.requireMode(project, mode);
    const before = project.status;
    this.deps.status.parsingStarted(project.id);
    if (body.multi_voice !== undefined)
      this.deps.projectRepo.update(project.id, { multiVoice: body.multi_voice });
    let job;
    try {
      job = await this.deps.jobs.create(ownerId, JOB_TYPES.parse, {
        project_id: project.id,
        file_key: file.key,
        filename: body.filename,
        file_type: format,
        mode,
        detect_speakers: detectSpeakersFor(principal, body),
        ...(body.multi_voice !== undefined && { multi_voice: body.multi_voice }),
        auto_direction: autoDirectionFor(principal, body),
      });
    } catch (error) {
      this.deps.status.parsingAbandoned(project.id, before);
      throw error;
    }
    // A rough guide for pollers: a few seconds plus ~1 s per 100 kB (PDFs take longest).
    const seconds = 3 + Math.ceil(file.bytes / 100_000);
    return {
      job_id: job.id,
      estimated_completion_time: new Date(Date.now() + seconds * 1000).toISOString(),
      project_id: project.id,
      status: 'parsing',
    };
  }

  private async importNow(
    project: ProjectRow,
    book: ExtractedBook,
    options: Omit<ImportOptions, 'jobId'>,
  ): Promise<ImportResponse> {
    const result = await this.deps.importer.apply(project, book, options);
    const detectionJob = await this.deps.detection.startContextPass(project.ownerId, project.id);
    const updated = this.deps.projectRepo.get(project.id) ?? project;
    const totals = this.deps.projectRepo.totalsOf(project.id);
    return {
      project_id: project.id,
      status: updated.status,
      total_chapters: totals.chapters,
      total_words: totals.words,
      estimated_duration_minutes: round1(estimateMinutes(totals.words, updated.speed)),
      chapters_added: result.chaptersAdded,
      speakers_detected: result.speakersDetected,
      detection_job_id: detectionJob === null ? null : String(detectionJob),
      warnings: result.warnings,
    };
  }

  private importMode(body: {
    reparse?: boolean | undefined;
    append?: boolean | undefined;
  }): ImportMode {
    if (body.reparse && body.append) {
      throw new AppError('validation_error', 'Send reparse or append, not both.');
    }
    return body.append ? 'append' : body.reparse ? 'reparse' : 'parse';
  }

  async paste(ownerId: string, projectId: string, body: PasteBody, principal: Principal | null) {
    const project = this.deps.projects.require(ownerId, projectId);
    if (body.text.trim() === '') {
      throw new AppError('validation_error', 'The pasted text is empty.', {
        details: { fields: [{ loc: ['body', 'text'], msg: 'empty' }] },
      });
    }
    const mode = this.importMode(body);
    this.requireIdle(project);
    this.requireMode(project, mode);
    // A short paste is read inline (milliseconds); a whole novel goes to a worker thread so the
    // engine keeps answering meanwhile.
    const book =
      body.text.length < INLINE_PASTE_CHARS
        ? extractPlainText(body.text, body.title === undefined ? {} : { title: body.title })
        : await this.deps.workers.run<ExtractedBook>(MANUSCRIPT_TASK, {
            kind: 'text',
            text: body.text,
            title: body.title,
          } satisfies ManuscriptTaskInput);
    return this.importNow(project, book, {
      mode,
      source: { filename: body.source ?? 'paste', fileType: 'txt', fileKey: null },
      detectSpeakers: detectSpeakersFor(principal, body),
      multiVoice: body.multi_voice,
    });
  }

  async generate(
    ownerId: string,
    projectId: string,
    body: GenerateBody,
    principal: Principal | null,
    signal: AbortSignal,
  ) {
    const project = this.deps.projects.require(ownerId, projectId);
    const mode = this.importMode(body);
    this.requireIdle(project);
    this.requireMode(project, mode);
    const book = await this.deps.generator.generate(
      {
        prompt: body.prompt,
        title: body.title ?? project.title,
        audience: body.audience ?? null,
        tone: body.tone ?? 'warm',
        chapterCount: body.chapter_count ?? 3,
        wordsPerChapter: body.words_per_chapter ?? 600,
        language: project.language,
      },
      signal,
    );
    return this.importNow(project, book, {
      mode,
      source: { filename: 'generate', fileType: 'txt', fileKey: null },
      detectSpeakers: detectSpeakersFor(principal, body),
      multiVoice: body.multi_voice,
    });
  }
}
