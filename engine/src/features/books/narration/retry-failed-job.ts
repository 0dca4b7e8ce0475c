/**
 * `audiobook_retry_failed` (POST .../chapters/{chapter_id}/retry-failed-paragraphs): puts a
 * chapter's failed lines back in line for narration — status `pending`, error cleared, retry
 * count up — skipping locked and skip_narration lines. The narration feature (a later issue)
 * narrates `pending` lines on its next run; until it exists this job only resets them
 * (docs/api/audiobook.md). Idempotent: running it twice resets nothing twice.
 */
import { z } from 'zod';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import type { Books } from '../books.ts';

const input = z.object({ project_id: z.string().uuid(), chapter_id: z.string().uuid() });

export interface RetryFailedResult {
  paragraphs_requeued: number;
  locked_skipped: number;
}

export const makeRetryFailedJob = (
  books: Books,
): JobHandler<z.infer<typeof input>, RetryFailedResult> => ({
  type: JOB_TYPES.retryFailed,
  resource: 'io',
  idempotent: true,
  input,
  run({ input: { project_id, chapter_id }, progress }) {
    const { chapters } = books.repos;
    progress({ percent: 0, stage: 'requeueing' });
    const failed = chapters
      .paragraphs(chapter_id)
      .filter((p) => p.projectId === project_id && p.status === 'failed');
    const retry = failed.filter((p) => !p.locked && !p.skipNarration);
    books.lineStatus.retried(retry);
    const chapter = chapters.chapter(project_id, chapter_id);
    if (chapter) books.status.chapterRetried(chapter);
    return Promise.resolve({
      paragraphs_requeued: retry.length,
      locked_skipped: failed.filter((p) => p.locked).length,
    });
  },
});
