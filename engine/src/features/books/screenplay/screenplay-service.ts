/**
 * POST .../screenplay/annotate and its status (document 2, rules 10–11). Starting checks the
 * scope and the book's state; the work is the `audiobook_screenplay_annotation` job
 * (screenplay-job.ts): the cast library's context reading, refined by the language model when
 * one is set up (so annotation never answers 503).
 */
import type { ChapterRow, ParagraphRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import { JOB_TYPES, type BookJobs } from '../book-jobs.ts';
import { contractError, contractStatus } from '../cast/cast-detection.ts';
import type { ChapterRepo } from '../chapters/chapter-repo.ts';
import { chaptersInScope } from '../chapters/chapter-scope.ts';
import type { LanguageModel } from '../../language/index.ts';
import { ANNOTATION_WORD_LIMIT } from '../cast/detection-limits.ts';
import type { ProjectRepo } from '../projects/project-repo.ts';
import { requireOwnedProject } from '../projects/project-service.ts';

export interface AnnotationCounts {
  chapters_processed: number;
  paragraphs_split: number;
  speakers: string[];
  skipped_paragraphs: number;
}

const BUSY: ReadonlySet<string> = new Set(['queued', 'narrating']);

/** Rule 10: locked, being-narrated, queued and skip_narration lines are never sent. */
export function sendable(paragraph: ParagraphRow, chapter: ChapterRow): boolean {
  return (
    !paragraph.locked &&
    !BUSY.has(paragraph.status) &&
    !paragraph.skipNarration &&
    !chapter.skipNarration
  );
}

export class ScreenplayService {
  /** Counts of running jobs, so the status route can show them before the job ends. */
  readonly live = new Map<number, AnnotationCounts>();

  constructor(
    private readonly projects: ProjectRepo,
    private readonly chapters: ChapterRepo,
    private readonly bookJobs: BookJobs,
    private readonly jobs: JobRunner,
    private readonly language: LanguageModel,
  ) {}

  async start(ownerId: string, projectId: string, chapterIds: string[] | undefined) {
    const project = requireOwnedProject(this.projects, ownerId, projectId);
    const chapters = chaptersInScope(this.chapters, project.id, chapterIds);
    if (this.bookJobs.active(project.id, [JOB_TYPES.screenplay]).length > 0) {
      throw new AppError('conflict', 'An annotation is already running for this book.', {
        details: { reason: 'annotation_running' },
      });
    }
    if (this.bookJobs.active(project.id, [JOB_TYPES.export]).length > 0) {
      throw new AppError('conflict', 'The book is being exported.', {
        details: { reason: 'exporting' },
      });
    }
    const paragraphs = this.chapters.bookParagraphs(
      project.id,
      chapters.map((c) => c.id),
    );
    const busy = paragraphs.find((p) => BUSY.has(p.status));
    if (busy) {
      throw new AppError('conflict', `Paragraph ${busy.id} in this scope is being narrated.`, {
        details: { reason: 'narrating', paragraph_id: busy.id },
      });
    }
    const byId = new Map(chapters.map((c) => [c.id, c]));
    const inScope = paragraphs.filter((p) => {
      const chapter = byId.get(p.chapterId);
      return chapter !== undefined && sendable(p, chapter);
    });
    const words = inScope.reduce((sum, p) => sum + p.wordCount, 0);
    // The limit is the model's; the rules' reading alone takes any book in one pass.
    if (this.language.available() && words > ANNOTATION_WORD_LIMIT) {
      throw new AppError(
        'bad_request',
        `The selection has ${words} words; one annotation takes at most ${ANNOTATION_WORD_LIMIT}. Annotate fewer chapters at a time.`,
        { details: { words, word_limit: ANNOTATION_WORD_LIMIT, reason: 'scope_too_large' } },
      );
    }
    const job = await this.jobs.create(ownerId, JOB_TYPES.screenplay, {
      project_id: project.id,
      chapter_ids: chapters.map((c) => c.id),
    });
    return {
      job_id: String(job.id),
      chapters_in_scope: chapters.length,
      paragraphs_in_scope: inScope.length,
    };
  }

  status(ownerId: string, projectId: string, jobId: number) {
    const project = requireOwnedProject(this.projects, ownerId, projectId);
    const row = this.bookJobs.find(ownerId, project.id, JOB_TYPES.screenplay, jobId);
    if (!row) throw new AppError('not_found', `Annotation job ${jobId} not found.`);
    const result = (row.result ??
      this.live.get(row.id) ??
      null) as Partial<AnnotationCounts> | null;
    return {
      job_id: String(row.id),
      status: contractStatus(row.status),
      progress: Math.round(row.progress * 10) / 10,
      current_step: row.stage,
      error_message: contractError(row),
      chapters_processed: result?.chapters_processed ?? 0,
      paragraphs_split: result?.paragraphs_split ?? 0,
      speakers: result?.speakers ?? [],
      skipped_paragraphs: result?.skipped_paragraphs ?? 0,
    };
  }
}
