/**
 * The one place that decides a book's and its chapters' statuses (document 2, "States and
 * transitions"; docs/api/audiobook.md and narration.md). Other parts of the books area say what
 * happened — a parse started or ended, lines changed, a chapter was retried — and this module
 * writes `projects.status` and `chapters.status` accordingly; nothing else writes them.
 *
 * Lines (paragraphs) carry their own status, written by narration and editing; chapters and the
 * book follow from their lines (status-rules.ts) and from whether narration jobs are running.
 */
import type { ChapterRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import { JOB_TYPES, type BookJobs } from '../book-jobs.ts';
import type { ChapterRepo } from '../chapters/chapter-repo.ts';
import type { ProjectRepo } from '../projects/project-repo.ts';
import type { ProjectStatus } from '../vocabulary.ts';
import { chapterStatus, countStatuses } from './status-rules.ts';

export class BookStatus {
  constructor(
    private readonly projects: ProjectRepo,
    private readonly chapters: ChapterRepo,
    private readonly bookJobs: BookJobs,
  ) {}

  // ---- manuscript ---------------------------------------------------------------------------

  /** A manuscript is being read into the book; returns the status to restore if it cannot. */
  parsingStarted(projectId: string): ProjectStatus | null {
    const before = this.projects.get(projectId)?.status ?? null;
    this.projects.update(projectId, { status: 'parsing' });
    return before;
  }

  /** A parse that never started (its job could not be created) leaves the book as it was. */
  parsingAbandoned(projectId: string, before: ProjectStatus): void {
    this.projects.update(projectId, { status: before });
  }

  parsed(projectId: string): void {
    this.projects.update(projectId, {
      status: 'ready_for_narration',
      parsingCompletedAt: new Date().toISOString(),
    });
  }

  /**
   * A failed import: a book that already has chapters keeps them and stays ready for narration
   * (document 2: append failure); a book without any is `failed`. error_message is written either
   * way and never cleared by a later success (document 2, Project).
   */
  parseFailed(projectId: string, message: string): void {
    const hasChapters = this.chapters.countChapters(projectId) > 0;
    this.projects.update(projectId, {
      status: hasChapters ? 'ready_for_narration' : 'failed',
      errorMessage: message,
    });
  }

  // ---- narration ----------------------------------------------------------------------------

  /** Lines of these chapters changed status: the chapters follow, then the book once. */
  linesChanged(projectId: string, chapterIds: Iterable<string>): void {
    this.refreshChapters(projectId, chapterIds);
    this.refreshProject(projectId);
  }

  /** Chapters follow their lines; the book is left for the caller's next `linesChanged`. */
  refreshChapters(projectId: string, chapterIds: Iterable<string>): void {
    for (const chapterId of new Set(chapterIds)) {
      const chapter = this.chapters.chapter(projectId, chapterId);
      if (chapter) this.refreshChapter(chapter);
    }
  }

  /** A chapter whose failed lines go back in line for narration is no longer `failed`. */
  chapterRetried(chapter: ChapterRow): void {
    if (chapter.status !== 'failed') return;
    this.chapters.updateChapter(chapter.id, {
      status: 'pending',
      failureReason: null,
      retryCount: chapter.retryCount + 1,
    });
  }

  private refreshChapter(chapter: ChapterRow): void {
    const lines = this.chapters.paragraphs(chapter.id).filter((p) => !p.skipNarration);
    const counts = countStatuses(lines.map((p) => p.status));
    const status = chapter.skipNarration ? 'pending' : chapterStatus(counts);
    const seconds =
      status === 'completed' ? lines.reduce((s, p) => s + (p.durationSeconds ?? 0), 0) : null;
    const failed = lines.find((p) => p.status === 'failed');
    this.chapters.updateChapter(chapter.id, {
      status,
      durationSeconds:
        seconds === null ? chapter.durationSeconds : Math.round(seconds * 1000) / 1000,
      failureReason: status === 'failed' ? (failed?.errorMessage ?? 'a paragraph failed') : null,
    });
  }

  /** An export package was made: the book says so until its lines change again. */
  exported(projectId: string): void {
    this.projects.update(projectId, {
      status: 'exported',
      productionCompletedAt: new Date().toISOString(),
    });
  }

  /** The book: `narrating` while narration jobs run, `narrated` once every line has audio. */
  refreshProject(projectId: string): void {
    const project = this.projects.get(projectId);
    if (!project || !narrationDecides(project)) return;
    const lines = this.chapters.narratedParagraphs(projectId);
    const counts = countStatuses(lines.map((p) => p.status));
    const active = this.bookJobs.active(projectId, [JOB_TYPES.narration]).length > 0;
    const now = new Date().toISOString();
    if (active || counts.queued + counts.narrating > 0) {
      this.projects.update(projectId, {
        status: 'narrating',
        narrationStartedAt: project.narrationStartedAt ?? now,
      });
    } else if (counts.total > 0 && counts.completed === counts.total) {
      this.projects.update(projectId, {
        status: 'narrated',
        narrationCompletedAt: project.narrationCompletedAt ?? now,
      });
    } else {
      this.projects.update(projectId, {
        status: 'ready_for_narration',
        narrationCompletedAt: null,
      });
    }
  }
}

/** While a manuscript is being read (or none was), the book's status is the parse's. */
function narrationDecides(project: ProjectRow): boolean {
  return project.status !== 'parsing' && project.status !== 'draft';
}
