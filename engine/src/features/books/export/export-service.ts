/**
 * The export routes' work (docs/api/export.md): starting an export (refused while narration
 * runs or another export runs, or when a chapter is not narrated), its status with per-chapter
 * progress and the per-file report, the signed download of the ZIP, and "check my files" /
 * "master my files" for audio from elsewhere. Stateless over Books.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../../errors.ts';
import type { Books } from '../books.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import { chaptersInScope } from '../chapters/chapter-scope.ts';
import { ACX_RULES, MASTER_TARGETS } from './acx-rules.ts';
import { creditsText } from './credits-text.ts';
import { exportDir, readSidecar } from './export-files.ts';
import { exportCredits, type ExportResult } from './export-job.ts';
import type { ExportInput } from './export-input.ts';
import { planExport } from './export-plan.ts';
import type { ExportBody, FileReport } from './export-schemas.ts';
import {
  creditsForMinutes,
  MASTER_JOB_TYPE,
  removeInputsWhenMastered,
  type MasterInput,
} from './master-uploads-job.ts';
import { narratorVoice } from './speech-clip.ts';
import { checkUploadedFile, probeForMaster } from './upload-check.ts';
import { readAudioUploads } from './upload-files.ts';

const round1 = (n: number): number => Math.round(n * 10) / 10;

function targetFrom(fields: Record<string, string>): number {
  const raw = fields.target_rms_db;
  if (raw === undefined || raw === '') return MASTER_TARGETS.rmsDb;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < ACX_RULES.rmsMinDb || value > ACX_RULES.rmsMaxDb)
    throw new AppError(
      'validation_error',
      `target_rms_db must be between ${ACX_RULES.rmsMinDb} and ${ACX_RULES.rmsMaxDb}.`,
      {
        details: { fields: [{ loc: ['body', 'target_rms_db'], msg: 'out of range' }] },
      },
    );
  return value;
}

export class ExportService {
  constructor(private readonly books: Books) {
    removeInputsWhenMastered(books);
  }

  async start(ownerId: string, projectId: string, body: ExportBody) {
    const { books } = this;
    const project = books.projects.require(ownerId, projectId);
    const { bookJobs, production } = books.repos;
    if (bookJobs.active(project.id, [JOB_TYPES.narration]).length > 0)
      throw new AppError('conflict', 'The book is being narrated; export after narration ends.');
    if (bookJobs.active(project.id, [JOB_TYPES.export]).length > 0)
      throw new AppError('conflict', 'The book is already being exported.');
    const settings = production.settings(project.id);
    const coverId = body.cover_image_id ?? settings.coverImageId;
    if (coverId) {
      const media = production.media(project.id, coverId);
      if (!media || media.kind !== 'cover')
        throw new AppError(
          'validation_error',
          'cover_image_id must name a cover uploaded to this project.',
          {
            details: { fields: [{ loc: ['body', 'cover_image_id'], msg: `no cover ${coverId}` }] },
          },
        );
    }
    // The credited narrator: this export's, else the book's, else (last resort) the voice's name.
    const narrator =
      body.narrator ?? (project.narrator || narratorVoice(books, project).displayName);
    const narrate = body.narrate_credits ?? settings.narrateCredits;
    const credits = narrate
      ? creditsText({
          title: project.title,
          subtitle: body.subtitle ?? '',
          author: project.author,
          narrator,
          openingOverride: body.opening_credits ?? settings.openingAnnouncement,
          closingOverride: body.closing_credits ?? settings.closingAnnouncement,
        })
      : null;
    const chapterIds = this.chosenChapters(project.id, body.chapter_ids);
    const input: ExportInput = {
      ...body,
      chapter_ids: chapterIds,
      project_id: project.id,
      credits,
      narrator_name: narrator,
      subtitle_text: body.subtitle ?? '',
      cover_media_id: coverId,
    };
    // Refuses here (not only in the job) so the caller hears at once which paragraphs lack audio.
    const plan = planExport(books, project.id, {
      credits,
      longChapters: body.long_chapters,
      chapterIds,
    });
    const exported = plan.filter((f) => f.kind === 'chapter');
    const sampleChapter = body.retail_sample_chapter;
    if (sampleChapter !== undefined && !exported.some((f) => f.chapterNumber === sampleChapter))
      throw new AppError(
        'validation_error',
        `retail_sample_chapter ${sampleChapter} is not among the exported chapters.`,
        {
          details: {
            fields: [{ loc: ['body', 'retail_sample_chapter'], msg: 'not exported' }],
          },
        },
      );
    const seconds = plan.reduce((s, f) => s + f.takes.reduce((n, t) => n + t.seconds, 0), 0);
    const job = await books.deps.jobs.create(ownerId, JOB_TYPES.export, input);
    return {
      job_id: job.id,
      project_id: project.id,
      status: 'queued' as const,
      chapters: exported.length,
      estimated_output_minutes: round1(seconds / 60 + plan.length * 0.05),
      estimated_credits: exportCredits(
        input,
        exported.map((f) => f.header),
      ),
    };
  }

  /**
   * `chapter_ids` checked as the other book-wide routes check it (chaptersInScope), and stricter:
   * an export names exactly what it packages, so one unknown id refuses it (404, naming them).
   */
  private chosenChapters(projectId: string, ids: string[] | undefined): string[] | undefined {
    if (ids === undefined) return undefined;
    const found = chaptersInScope(this.books.repos.chapters, projectId, ids);
    const known = new Set(found.map((c) => c.id));
    const unknown = [...new Set(ids)].filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new AppError('not_found', 'Some chapter_ids are not chapters of this book.', {
        details: { chapter_ids: unknown.slice(0, 20) },
      });
    return found.map((c) => c.id);
  }

  private job(ownerId: string, projectId: string, jobId: number) {
    this.books.projects.require(ownerId, projectId);
    const job = this.books.repos.bookJobs.find(ownerId, projectId, JOB_TYPES.export, jobId);
    if (!job) throw new AppError('not_found', `Export job ${jobId} not found for this project.`);
    return job;
  }

  status(ownerId: string, projectId: string, jobId: number) {
    const job = this.job(ownerId, projectId, jobId);
    const sidecar = readSidecar(exportDir(this.books.deps.config.home, projectId, job.id));
    return {
      job_id: job.id,
      project_id: projectId,
      status: job.status,
      progress: Math.round(job.progress * 10) / 10,
      stage: job.stage,
      eta_seconds: job.etaSeconds === null ? null : Math.round(job.etaSeconds),
      error_message: job.errorMessage,
      chapters: sidecar.chapters,
      report: sidecar.report,
      warnings: sidecar.warnings,
      created_at: job.createdAt,
      finished_at: job.finishedAt,
    };
  }

  download(ownerId: string, projectId: string, jobId: number, origin: string) {
    const job = this.job(ownerId, projectId, jobId);
    const waiting = {
      job_id: job.id,
      status: job.status,
      ready: false,
      url: null,
      expires_at: null,
      filename: null,
      bytes: null,
      sha256: null,
      error_message: job.errorMessage,
    };
    if (job.status !== 'completed') return waiting;
    const result = job.result as ExportResult;
    const file = path.join(this.books.deps.config.home, result.zip.path);
    if (!fs.existsSync(file))
      throw new AppError('gone', 'The package was removed; export the book again.');
    const signed = this.books.deps.urls.sign({
      path: file,
      filename: result.zip.filename,
      contentType: 'application/zip',
    });
    return {
      ...waiting,
      ready: true,
      url: `${origin}${signed.url}`,
      expires_at: signed.expiresAt,
      filename: result.zip.filename,
      bytes: result.zip.bytes,
      sha256: result.zip.sha256,
    };
  }

  private uploadDir(): { relative: string; absolute: string } {
    const relative = path.join('exports', 'uploads', randomUUID());
    return { relative, absolute: path.join(this.books.deps.config.home, relative) };
  }

  /** "Check my files": measures and validates each uploaded file; nothing is kept. */
  async check(request: {
    stream: Readable | null;
    headers: Record<string, string | undefined>;
    signal: AbortSignal;
  }) {
    const dir = this.uploadDir();
    try {
      const { files } = await readAudioUploads(
        request.stream,
        request.headers,
        dir.absolute,
        request.signal,
      );
      const ffmpeg = await this.books.deps.ffmpeg.require();
      const reports: FileReport[] = [];
      for (const file of files) reports.push(await checkUploadedFile(ffmpeg, file, request.signal));
      return { passed: reports.every((r) => r.passed), files: reports };
    } finally {
      fs.rmSync(dir.absolute, { recursive: true, force: true });
    }
  }

  /** "Master my files": a job mastering each uploaded file to the ACX spec. */
  async master(
    ownerId: string,
    request: {
      stream: Readable | null;
      headers: Record<string, string | undefined>;
      signal: AbortSignal;
    },
  ) {
    const dir = this.uploadDir();
    try {
      const { files, fields } = await readAudioUploads(
        request.stream,
        request.headers,
        dir.absolute,
        request.signal,
      );
      const target = targetFrom(fields);
      const ffmpeg = await this.books.deps.ffmpeg.require();
      const inputs: MasterInput['files'] = [];
      for (const file of files) {
        const probed = await probeForMaster(ffmpeg, file, request.signal);
        inputs.push({
          filename: file.filename,
          path: path.relative(this.books.deps.config.home, file.path),
          seconds: probed.seconds,
          sample_rate: probed.sampleRate,
        });
      }
      const input: MasterInput = { dir: dir.relative, target_rms_db: target, files: inputs };
      const job = await this.books.deps.jobs.create(ownerId, MASTER_JOB_TYPE, input);
      const minutes = inputs.reduce((s, f) => s + f.seconds + 6, 0) / 60;
      return {
        job_id: job.id,
        status: 'queued' as const,
        files: inputs.length,
        estimated_output_minutes: round1(minutes),
        estimated_credits: creditsForMinutes(minutes),
      };
    } catch (error) {
      fs.rmSync(dir.absolute, { recursive: true, force: true });
      throw error;
    }
  }
}
