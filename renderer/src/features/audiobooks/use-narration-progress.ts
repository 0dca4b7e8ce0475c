/**
 * The book's narration progress (GET .../narration/progress): read once, then again whenever
 * one of the book's narration jobs moves on (the studio's event stream: a job's stage changes
 * with every line it starts, and it ends with an event), when the stream reopens, and at once
 * after the studio starts or cancels a narration. No polling. `version` goes up whenever a line
 * finishes or fails, or the run starts or ends, so the manuscript re-reads its paragraphs
 * (statuses) exactly then.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Job } from '../../api/types.ts';
import { useJobUpdates } from '../jobs/use-job.ts';
import { audiobookErrorText } from './audiobook-format.ts';
import type { NarrationClient } from './narration-client.ts';
import type { NarrationProgress } from './narration-types.ts';

/** The engine's narration job type (engine: features/audiobook/book-jobs.ts `JOB_TYPES`). */
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
  refresh: () => void;
}

export function useNarrationProgress(client: NarrationClient, projectId: string): ProgressFeed {
  const [progress, setProgress] = useState<NarrationProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [tick, setTick] = useState(0);
  const signature = useRef('');

  useEffect(() => {
    const controller = new AbortController();
    client
      .progress(projectId, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setProgress(answer);
        setError(null);
        const next = `${answer.status}|${answer.completed}|${answer.failed}|${answer.narrating}`;
        if (next !== signature.current) {
          if (signature.current !== '') setVersion((n) => n + 1);
          signature.current = next;
        }
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setError(audiobookErrorText(caught));
      });
    return () => controller.abort();
  }, [client, projectId, tick]);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const ofThisBook = useCallback((job: Job) => isNarrationOf(job, projectId), [projectId]);
  useJobUpdates(ofThisBook, refresh);
  return useMemo(
    () => ({ progress, error, version, refresh }),
    [progress, error, version, refresh],
  );
}
