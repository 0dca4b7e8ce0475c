/**
 * Chapters and paragraphs (document 2, "Chapters and paragraphs", "Paragraph status"). A locked
 * paragraph refuses every change but unlocking with 409; a text change recounts words and
 * characters and keeps the line's audio, which then reads as stale (`audio_stale`, reason `text`)
 * until the line is narrated again (docs/api/narration.md, "Stale audio").
 */
import type { ChapterRow, ParagraphRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import { paginate } from '../../../api/pagination.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import { textColumns, type ChapterRepo, type ParagraphPatch } from './chapter-repo.ts';
import type { UpdateParagraphBody } from './chapter-schemas.ts';
import type { ProjectService } from '../projects/project-service.ts';
import type { LineStaleness } from '../status/line-staleness.ts';
import { chapterView, paragraphView, type ParagraphJson } from '../projects/views.ts';

/** Paragraphs per page when only `page` is sent (document 2, "Limits"). */
export const DEFAULT_PARAGRAPHS_PER_PAGE = 50;

const BUSY: ReadonlySet<string> = new Set(['queued', 'narrating']);

export function lockedConflict(paragraph: ParagraphRow): AppError {
  return new AppError(
    'conflict',
    `Paragraph ${paragraph.id} is locked. Unlock it (PUT {"locked": false}) before changing it.`,
    { details: { paragraph_id: paragraph.id, reason: 'locked' } },
  );
}

export class ChapterService {
  constructor(
    private readonly projects: ProjectService,
    private readonly chapters: ChapterRepo,
    private readonly jobs: JobRunner,
    /** 404 `voice_not_found` unless the voice is in the owner's catalog (cast-service.ts). */
    private readonly checkVoice: (ownerId: string, voiceId: number) => void,
    private readonly staleness: LineStaleness,
  ) {}

  requireChapter(
    ownerId: string,
    projectId: string,
    chapterId: string,
  ): {
    project: ProjectRow;
    chapter: ChapterRow;
  } {
    const project = this.projects.require(ownerId, projectId);
    const chapter = this.chapters.chapter(project.id, chapterId);
    if (!chapter) throw new AppError('not_found', `Chapter ${chapterId} not found.`);
    return { project, chapter };
  }

  requireParagraph(ownerId: string, projectId: string, paragraphId: string): ParagraphRow {
    const project = this.projects.require(ownerId, projectId);
    const paragraph = this.chapters.paragraph(project.id, paragraphId);
    if (!paragraph) throw new AppError('not_found', `Paragraph ${paragraphId} not found.`);
    return paragraph;
  }

  private view(project: ProjectRow, chapter: ChapterRow) {
    const stats = this.chapters.chapterStats([chapter.id]).get(chapter.id) ?? {
      paragraphs: 0,
      words: 0,
      characters: 0,
    };
    const lines = this.chapters.paragraphs(chapter.id).filter((p) => !p.skipNarration);
    const stale = chapter.skipNarration ? 0 : this.staleness.of(project, lines).size;
    return chapterView(chapter, stats, project.speed, stale);
  }

  private detail(project: ProjectRow, chapter: ChapterRow) {
    return { ...this.view(project, chapter), text: this.chapters.chapterText(chapter.id) };
  }

  list(ownerId: string, projectId: string, page: number, perPage: number) {
    const project = this.projects.require(ownerId, projectId);
    const rows = this.chapters.listChapters(project.id, perPage, (page - 1) * perPage);
    const stats = this.chapters.chapterStats(rows.map((r) => r.id));
    const stale = this.staleness.perChapter(project);
    return {
      chapters: rows.map((row) =>
        chapterView(
          row,
          stats.get(row.id) ?? { paragraphs: 0, words: 0, characters: 0 },
          project.speed,
          stale.get(row.id) ?? 0,
        ),
      ),
      ...paginate(this.chapters.countChapters(project.id), page, perPage),
    };
  }

  get(ownerId: string, projectId: string, chapterId: string) {
    const { project, chapter } = this.requireChapter(ownerId, projectId, chapterId);
    return this.detail(project, chapter);
  }

  update(
    ownerId: string,
    projectId: string,
    chapterId: string,
    body: {
      title?: string | undefined;
      skip_narration?: boolean | undefined;
      voice_id?: number | null | undefined;
      narration_notes?: string | undefined;
    },
  ) {
    const { project, chapter } = this.requireChapter(ownerId, projectId, chapterId);
    if (typeof body.voice_id === 'number') this.checkVoice(ownerId, body.voice_id);
    const updated =
      this.chapters.updateChapter(chapter.id, {
        ...(body.title !== undefined && { title: body.title }),
        ...(body.skip_narration !== undefined && { skipNarration: body.skip_narration }),
        ...(body.voice_id !== undefined && { voiceId: body.voice_id }),
        ...(body.narration_notes !== undefined && { narrationNotes: body.narration_notes }),
      }) ?? chapter;
    return this.detail(project, updated);
  }

  /** 409 while a line of it is locked or being narrated; later chapters move up one. */
  delete(ownerId: string, projectId: string, chapterId: string): void {
    const { project, chapter } = this.requireChapter(ownerId, projectId, chapterId);
    const paragraphs = this.chapters.paragraphs(chapter.id);
    const locked = paragraphs.find((p) => p.locked);
    if (locked) {
      throw new AppError(
        'conflict',
        `Chapter ${chapter.id} has locked paragraphs (e.g. ${locked.id}); unlock them first.`,
        { details: { reason: 'locked', paragraph_id: locked.id } },
      );
    }
    if (paragraphs.some((p) => BUSY.has(p.status))) {
      throw new AppError('conflict', `Chapter ${chapter.id} is being narrated.`, {
        details: { reason: 'narrating' },
      });
    }
    this.chapters.deleteChapter(project.id, chapter);
  }

  paragraphs(
    ownerId: string,
    projectId: string,
    chapterId: string,
    query: { page?: number | undefined; per_page?: number | undefined },
  ) {
    const { project, chapter } = this.requireChapter(ownerId, projectId, chapterId);
    const total = this.chapters.countParagraphs(chapter.id);
    if (query.page === undefined && query.per_page === undefined) {
      return {
        paragraphs: this.views(project, this.chapters.paragraphs(chapter.id)),
        total,
        page: null,
        per_page: null,
        has_next: false,
        has_prev: false,
      };
    }
    const page = query.page ?? 1;
    const perPage = query.per_page ?? DEFAULT_PARAGRAPHS_PER_PAGE;
    return {
      paragraphs: this.views(
        project,
        this.chapters.paragraphs(chapter.id, perPage, (page - 1) * perPage),
      ),
      ...paginate(total, page, perPage),
    };
  }

  paragraph(ownerId: string, projectId: string, paragraphId: string) {
    return this.viewOne(
      this.projects.require(ownerId, projectId),
      this.requireParagraph(ownerId, projectId, paragraphId),
    );
  }

  private viewOne(project: ProjectRow, line: ParagraphRow): ParagraphJson {
    return paragraphView(line, this.staleness.of(project, [line]).get(line.id) ?? null);
  }

  /** Paragraph bodies with whether each line's audio is stale (status/line-staleness.ts). */
  private views(project: ProjectRow, lines: ParagraphRow[]): ParagraphJson[] {
    const stale = this.staleness.of(project, lines);
    return lines.map((line) => paragraphView(line, stale.get(line.id) ?? null));
  }

  updateParagraph(
    ownerId: string,
    projectId: string,
    paragraphId: string,
    body: UpdateParagraphBody,
  ) {
    const paragraph = this.requireParagraph(ownerId, projectId, paragraphId);
    if (typeof body.voice_id === 'number') this.checkVoice(ownerId, body.voice_id);
    const changes = Object.entries(body).filter(([, value]) => value !== undefined);
    if (paragraph.locked && changes.some(([key]) => key !== 'locked'))
      throw lockedConflict(paragraph);
    const patch: ParagraphPatch = {};
    if (body.text !== undefined && body.text !== paragraph.text) {
      if (BUSY.has(paragraph.status)) {
        throw new AppError('conflict', `Paragraph ${paragraph.id} is being narrated.`, {
          details: { paragraph_id: paragraph.id, reason: 'narrating' },
        });
      }
      Object.assign(patch, textColumns(body.text));
    }
    if (body.voice_id !== undefined) {
      patch.voiceId = body.voice_id;
      patch.voiceSetBy = body.voice_id === null ? null : 'user';
    }
    if (body.character_name !== undefined) {
      const name = body.character_name.trim();
      patch.characterName = name === '' ? null : name;
      patch.speakerCleared = name === '';
      patch.characterSetBy = 'user';
    }
    if (body.direction !== undefined) {
      patch.direction = body.direction;
      patch.directionSetBy = body.direction === '' ? null : 'user';
    }
    if (body.locked !== undefined) patch.locked = body.locked;
    if (body.skip_narration !== undefined) patch.skipNarration = body.skip_narration;
    if (body.speed !== undefined) patch.speed = body.speed;
    if (body.emotion !== undefined) patch.emotion = body.emotion;
    if (body.delivery_style !== undefined) patch.deliveryStyle = body.delivery_style;
    if (body.trailing_silence_ms !== undefined) patch.trailingSilenceMs = body.trailing_silence_ms;
    const updated =
      Object.keys(patch).length > 0
        ? (this.chapters.updateParagraph(paragraph.id, patch) ?? paragraph)
        : paragraph;
    // A new text keeps the line's audio, which now reads as stale (reason `text`) until the line
    // is narrated again: its status and the chapter's and book's stay true to the audio they have.
    return this.viewOne(this.projects.require(ownerId, projectId), updated);
  }

  /** A job that puts the chapter's failed lines back in line for narration. */
  async retryFailed(ownerId: string, projectId: string, chapterId: string) {
    const { project, chapter } = this.requireChapter(ownerId, projectId, chapterId);
    const failed = this.chapters.paragraphs(chapter.id).filter((p) => p.status === 'failed').length;
    const job = await this.jobs.create(ownerId, JOB_TYPES.retryFailed, {
      project_id: project.id,
      chapter_id: chapter.id,
    });
    return {
      job_id: job.id,
      chapter_id: chapter.id,
      failed_paragraphs: failed,
      status: job.status,
    };
  }
}
