/**
 * `useJob(id)`: one job, live. Its entry in the query cache (`/jobs/{job_id}`) is fetched once and
 * then kept current by the job event stream (./job-invalidation.ts: every event writes the
 * snapshot in), and fetched again when the stream reopens. A slow fetch never takes the job back
 * to an earlier state (`fresher` decides between what the cache has and what arrives).
 */
import { useMemo } from 'react';
import { errorMessage } from '../api/errors.ts';
import type { Job, JobStatus } from '../api/types.ts';
import { fresher } from '../features/jobs/job-list.ts';
import { useContractQuery } from './contract-query.ts';

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

export function useJob(id: number | null): LiveJob {
  const query = useContractQuery(
    '/jobs/{job_id}',
    id === null ? null : { params: { job_id: id } },
    {
      // The event stream keeps it current; a reopened stream invalidates it.
      staleTime: Infinity,
      structuralSharing: (known, incoming) =>
        known && incoming && (known as Job).id === (incoming as Job).id
          ? fresher(known as Job, incoming as Job)
          : incoming,
    },
  );
  const job = id === null ? null : (query.data ?? null);
  const loadError = query.error ? errorMessage(query.error) : null;
  return useMemo(() => describeJob(job, loadError), [job, loadError]);
}

export function describeJob(job: Job | null, loadError: string | null = null): LiveJob {
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
