/**
 * `useJob(id)`: one job, live, from the studio's one event stream (no polling). It shows what
 * the studio already knows at once, fetches GET /jobs/{id}, follows every event for the job, and
 * fetches again whenever the stream reopens (events sent meanwhile are not replayed).
 *
 * `useJobUpdates(filter, onUpdate)`: a nudge whenever a matching job moves on, for views that
 * read their own route (a book's narration progress) instead of polling it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../api/context.tsx';
import type { Job, JobStatus } from '../../api/types.ts';
import { watchJob } from './job-feed.ts';
import { useJobFeed } from './jobs-context.tsx';

export interface LiveJob {
  /** null until the job is known (or when no id was given). */
  job: Job | null;
  status: JobStatus | null;
  /** 0–100. */
  progress: number;
  stage: string | null;
  etaSeconds: number | null;
  /** The job's `result` once it completed. */
  result: unknown;
  /** The job's own error line once it failed. */
  error: string | null;
  /** Whether the job has ended (completed, failed or cancelled). */
  finished: boolean;
  /** The last fetch failed (the state shown is the last one known). */
  loadError: string | null;
}

interface Watched {
  id: number | null;
  job: Job | null;
  loadError: string | null;
}

export function useJob(id: number | null): LiveJob {
  const api = useApi();
  const feed = useJobFeed();
  const [watched, setWatched] = useState<Watched>({ id, job: null, loadError: null });

  useEffect(() => {
    if (id === null) return;
    return watchJob({
      feed,
      id,
      fetchJob: (jobId, signal) => api.getJob(jobId, signal),
      onJob: (job) => setWatched({ id, job, loadError: null }),
      onError: (message) => setWatched((current) => ({ ...current, id, loadError: message })),
    });
  }, [api, feed, id]);

  // A state left from the previous id is never shown for the new one.
  const current = watched.id === id ? watched : { id, job: null, loadError: null };
  return useMemo(() => describe(current.job, current.loadError), [current.job, current.loadError]);
}

function describe(job: Job | null, loadError: string | null): LiveJob {
  const status = job?.status ?? null;
  return {
    job,
    status,
    progress: job?.progress ?? 0,
    stage: job?.stage ?? null,
    etaSeconds: job?.eta_seconds ?? null,
    result: job?.status === 'completed' ? job.result : null,
    error: job?.status === 'failed' ? (job.error_message ?? '') : null,
    finished: status === 'completed' || status === 'failed' || status === 'cancelled',
    loadError,
  };
}

/**
 * Calls `onUpdate` whenever a job matching `filter` moves on (an event, or a snapshot the studio
 * fetched) and whenever the stream reopens (what happened meanwhile is not replayed). For views
 * that read their own route when their jobs change, instead of polling it.
 */
export function useJobUpdates(filter: (job: Job) => boolean, onUpdate: () => void): void {
  const feed = useJobFeed();
  const latest = useRef({ filter, onUpdate });
  useEffect(() => {
    latest.current = { filter, onUpdate };
  });
  useEffect(() => {
    const offJobs = feed.watchAll((job) => {
      if (latest.current.filter(job)) latest.current.onUpdate();
    });
    const offReopen = feed.onReopen(() => latest.current.onUpdate());
    return () => {
      offJobs();
      offReopen();
    };
  }, [feed]);
}
