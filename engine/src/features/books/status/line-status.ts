/**
 * The one writer of a line's narration state (docs/api/narration.md, "Line status"): `status`,
 * `error_message` and the active take (`audio_key`, `duration_seconds`, `take_count`). Narration,
 * takes, recordings, retries and annotation say what happened; this module writes the columns
 * and has the chapters and the book follow (BookStatus, the one writer of their statuses).
 *
 * Every write of these columns outside this module is a type error: ChapterRepo's ParagraphPatch
 * cannot name them, and only `updateLineState`/`updateLinesState` can.
 */
import type { ParagraphRow } from '../../../db/schema/audiobook.ts';
import type { ChapterRepo, ParagraphPatch } from '../chapters/chapter-repo.ts';
import { ACTIVE_LINE } from '../narration/line-states.ts';
import type { BookStatus } from './book-status.ts';

/** What a line keeps of a take made active. */
export interface ActiveTake {
  id: string;
  durationSeconds: number;
}

export class LineStatus {
  constructor(
    private readonly chapters: ChapterRepo,
    private readonly book: BookStatus,
  ) {}

  /** A narration job was created for these lines (before its response). */
  queued(projectId: string, lines: readonly ParagraphRow[]): void {
    this.chapters.updateLinesState(
      lines.map((p) => p.id),
      { status: 'queued', errorMessage: null },
    );
    this.book.linesChanged(
      projectId,
      lines.map((p) => p.chapterId),
    );
  }

  narrating(line: ParagraphRow): void {
    this.chapters.updateLineState(line.id, { status: 'narrating' });
    this.book.refreshChapters(line.projectId, [line.chapterId]);
  }

  failed(line: ParagraphRow, message: string): void {
    this.chapters.updateLineState(line.id, { status: 'failed', errorMessage: message });
    this.book.refreshChapters(line.projectId, [line.chapterId]);
  }

  /**
   * A new take became the line's active audio (narration or a recording). `voice` is the voice
   * narration saves on the line when the request named one (docs/api/narration.md).
   */
  narrated(
    line: ParagraphRow,
    take: ActiveTake,
    voice?: Pick<ParagraphPatch, 'voiceId' | 'voiceSetBy'>,
  ): void {
    this.chapters.updateLineState(line.id, {
      status: 'completed',
      errorMessage: null,
      audioKey: take.id,
      durationSeconds: take.durationSeconds,
      takeCount: line.takeCount + 1,
      ...voice,
    });
    this.book.refreshChapters(line.projectId, [line.chapterId]);
  }

  /** An earlier take made active again. */
  takeActivated(line: ParagraphRow, take: ActiveTake): void {
    this.chapters.updateLineState(line.id, {
      audioKey: take.id,
      durationSeconds: take.durationSeconds,
      status: 'completed',
      errorMessage: null,
    });
    this.book.linesChanged(line.projectId, [line.chapterId]);
  }

  /**
   * Lines of an ended job still `queued`/`narrating` go back to what they were (`completed` with
   * audio, else `pending`); their chapters follow. Returns those chapters (the book is the
   * caller's to settle, once).
   */
  released(projectId: string, paragraphIds: readonly string[]): string[] {
    const stuck = this.chapters
      .paragraphsByIds([...paragraphIds])
      .filter((p) => p.projectId === projectId && ACTIVE_LINE.has(p.status));
    for (const line of stuck)
      this.chapters.updateLineState(line.id, { status: line.audioKey ? 'completed' : 'pending' });
    const chapters = stuck.map((p) => p.chapterId);
    this.book.refreshChapters(projectId, chapters);
    return chapters;
  }

  /** Failed lines put back in line for narration. */
  retried(lines: readonly ParagraphRow[]): void {
    for (const line of lines)
      this.chapters.updateLineState(line.id, {
        status: 'pending',
        errorMessage: null,
        retryCount: line.retryCount + 1,
      });
  }

  /**
   * Annotation rewrote the line's text (document 2, rule 10: "any paragraph whose text changes
   * loses its audio and becomes pending"). Runs inside the annotation's transaction; its
   * chapters are refreshed once the batch is written.
   */
  audioRemoved(paragraphId: string): void {
    this.chapters.updateLineState(paragraphId, {
      status: 'pending',
      audioKey: null,
      durationSeconds: null,
      errorMessage: null,
    });
  }
}
