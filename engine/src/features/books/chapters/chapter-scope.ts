/**
 * The chapters a book-wide job works on (Auto Direction, screenplay annotation): `chapter_ids`
 * omitted means the whole book; an empty list or ids matching none of the book's chapters are
 * refused before any job is queued.
 */
import type { ChapterRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { ChapterRepo } from './chapter-repo.ts';

export function chaptersInScope(
  chapters: ChapterRepo,
  projectId: string,
  chapterIds: string[] | undefined,
): ChapterRow[] {
  if (chapterIds === undefined) return chapters.listChapters(projectId);
  if (chapterIds.length === 0) {
    throw new AppError(
      'empty_selection',
      'chapter_ids is empty: send chapter ids, or omit it for the whole book.',
    );
  }
  const found = chapters.chaptersByIds(projectId, [...new Set(chapterIds)]);
  if (found.length === 0) {
    throw new AppError('bad_request', 'No chapter of this project matches chapter_ids.', {
      details: { reason: 'no_chapters_matched' },
    });
  }
  return found;
}
