/**
 * POST .../direction/auto, GET .../direction/auto/latest and .../{job_id}/status (document 2,
 * "Direction"). Starting checks the scope and the book's state and picks the method (the
 * language model when one is set up, unless the caller asks for the heuristic); the work is the
 * `audiobook_auto_direction` job (direction-job.ts). Free: no credits are held or charged.
 */
import type { ChapterRow, ParagraphRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { JobRow } from '../../../jobs/job-repo.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import { JOB_TYPES, type BookJobs } from '../book-jobs.ts';
import { contractError, contractStatus } from '../cast/cast-detection.ts';
import type { ChapterRepo } from '../chapters/chapter-repo.ts';
import { chaptersInScope } from '../chapters/chapter-scope.ts';
import type { ProjectRepo } from '../projects/project-repo.ts';
import { requireOwnedProject } from '../projects/project-service.ts';
import { directionResultSchema } from './direction-schemas.ts';
import type { LanguageModel } from '../../language/index.ts';

const BUSY: ReadonlySet<string> = new Set(['queued', 'narrating']);

/** Locked and being-narrated lines keep their direction; skipped lines are not read. */
export function directable(paragraph: ParagraphRow, chapter: ChapterRow): boolean {
  return (
    !paragraph.locked &&
    !BUSY.has(paragraph.status) &&
    !paragraph.skipNarration &&
    !chapter.skipNarration
  );
}

export class DirectionService {
  constructor(
    private readonly projects: ProjectRepo,
    private readonly chapters: ChapterRepo,
    private readonly bookJobs: BookJobs,
    private readonly jobs: JobRunner,
    private readonly language: LanguageModel,
  ) {}

  async start(
    ownerId: string,
    projectId: string,
    chapterIds: string[] | undefined,
    wanted: 'auto' | 'heuristic' | 'model' = 'auto',
  ) {
    const project = requireOwnedProject(this.projects, ownerId, projectId);
    if (wanted === 'model') this.language.require('Auto Direction with the language model');
    const method =
      wanted === 'heuristic' || (wanted === 'auto' && !this.language.available())
        ? ('heuristic' as const)
        : ('model' as const);
    const chapters = chaptersInScope(this.chapters, project.id, chapterIds);
    if (this.bookJobs.active(project.id, [JOB_TYPES.direction]).length > 0) {
      throw new AppError('conflict', 'Auto Direction is already running for this book.', {
        details: { reason: 'direction_running' },
      });
    }
    if (this.bookJobs.active(project.id, [JOB_TYPES.export]).length > 0) {
      throw new AppError('conflict', 'The book is being exported.', {
        details: { reason: 'exporting' },
      });
    }
    const byId = new Map(chapters.map((c) => [c.id, c]));
    const inScope = this.chapters
      .bookParagraphs(
        project.id,
        chapters.map((c) => c.id),
      )
      .filter((p) => {
        const chapter = byId.get(p.chapterId);
        return chapter !== undefined && directable(p, chapter);
      });
    const job = await this.jobs.create(ownerId, JOB_TYPES.direction, {
      project_id: project.id,
      chapter_ids: chapters.map((c) => c.id),
      method,
    });
    return {
      job_id: String(job.id),
      chapters_in_scope: chapters.length,
      paragraphs_in_scope: inScope.length,
      estimated_credits: 0 as const,
      method,
      model: method === 'model' ? this.language.label() : null,
    };
  }

  private view(row: JobRow) {
    const result = directionResultSchema.safeParse(row.result);
    const input = row.input as { chapter_ids?: unknown } | null;
    const chapterIds = Array.isArray(input?.chapter_ids)
      ? input.chapter_ids.filter((id): id is string => typeof id === 'string')
      : [];
    return {
      job_id: String(row.id),
      status: contractStatus(row.status),
      progress: Math.round(row.progress * 10) / 10,
      current_step: row.stage,
      error_message: contractError(row),
      chapter_ids: chapterIds,
      result: result.success ? result.data : null,
    };
  }

  status(ownerId: string, projectId: string, jobId: number) {
    const project = requireOwnedProject(this.projects, ownerId, projectId);
    const row = this.bookJobs.find(ownerId, project.id, JOB_TYPES.direction, jobId);
    if (!row) throw new AppError('not_found', `Auto Direction job ${jobId} not found.`);
    return this.view(row);
  }

  latest(ownerId: string, projectId: string) {
    const project = requireOwnedProject(this.projects, ownerId, projectId);
    const row = this.bookJobs.latest(project.id, JOB_TYPES.direction);
    if (!row) throw new AppError('not_found', 'Auto Direction has not run on this book.');
    return this.view(row);
  }
}
