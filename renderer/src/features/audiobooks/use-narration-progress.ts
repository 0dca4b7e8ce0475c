/**
 * The book's narration progress (GET .../narration/progress) from the query cache: the job
 * event stream invalidates it on every event of this book's narration jobs (its stage changes
 * with every line it starts; data/job-invalidation.ts), so it follows a run without polling.
 * `version` goes up whenever a line finishes or fails, or the run starts or ends; the book's
 * paragraph listings are then read again (their statuses), exactly then.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { invalidateFamilies } from '../../data/contract-query.ts';
import { BOOK_ROUTE, bookFamily, useNarrationProgressQuery } from './book-queries.ts';
import type { NarrationProgress } from './narration-types.ts';

/** The engine's narration job type (engine: features/books/book-jobs.ts `JOB_TYPES`). */
export const NARRATION_JOB_TYPE = 'audiobook_narration';

/** Whether `job` narrates lines of the book `projectId` (its input names the project). */
export function isNarrationOf(job: Job, projectId: string): boolean {
  if (job.type !== NARRATION_JOB_TYPE) return false;
  const input = job.input as { project_id?: unknown } | null;
  return typeof input === 'object' && input !== null && input.project_id === projectId;
}

export interface ProgressFeed {
  progress: NarrationProgress | null;
  error: string | null;
  version: number;
  /** Read the progress again now (after the studio started or cancelled a run). */
  refresh: () => void;
}

export function useNarrationProgress(projectId: string): ProgressFeed {
  const query = useNarrationProgressQuery(projectId);
  const client = useQueryClient();
  const [version, setVersion] = useState(0);
  const signature = useRef('');
  const answer = query.data;

  useEffect(() => {
    if (!answer) return;
    const next = `${answer.status}|${answer.completed}|${answer.failed}|${answer.narrating}`;
    if (next === signature.current) return;
    const first = signature.current === '';
    signature.current = next;
    if (first) return;
    setVersion((n) => n + 1);
    // The book's statuses moved: its chapters and paragraphs are read again (the progress
    // answer it also re-reads is the same, so this settles).
    void invalidateFamilies(client, [bookFamily(projectId)]);
  }, [answer, client, projectId]);

  const refresh = useCallback(
    () =>
      void invalidateFamilies(client, [
        { path: `${BOOK_ROUTE}/narration/progress`, params: { project_id: projectId } },
      ]),
    [client, projectId],
  );
  const error = query.error ? errorMessage(query.error) : null;
  return useMemo(
    () => ({ progress: answer ?? null, error, version, refresh }),
    [answer, error, version, refresh],
  );
}
