/**
 * The one "start a job and follow it" hook every tool page uses (MIDI, stems, noise reduction,
 * conversion, downloads, transcription …), instead of each keeping its own started/busy/error
 * state. `start` sends the request (an upload, a JSON body) and answers the created record; the
 * job is then followed live (`useJob`), and the tool's own record is read from its status route
 * through the query cache: once when the job is known, and again when the event stream says it
 * ended (./job-invalidation.ts invalidates the tool's routes), never polled.
 *
 * While the job runs, `withLive` lays the live status, progress and stage over the record.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { PathOf, ResponseOf } from '../api/contract.ts';
import { errorMessage, type ApiError } from '../api/errors.ts';
import type { Job } from '../api/types.ts';
import { useContractQuery, type QueryCall } from './contract-query.ts';
import { useJob, type LiveJob } from './use-job.ts';

type GetPath = PathOf<'get'>;

export interface JobRunOptions<P extends GetPath, V, C> {
  /** The tool's status route and its call for a job id. */
  statusPath: P;
  statusCall: (id: number) => QueryCall<P>;
  /** Sends the start request (upload and start); answers what the route created. */
  start: (variables: V) => Promise<C>;
  /** The job id in what `start` answered. */
  jobId: (created: C) => number;
  /** The record brought up to date with a live snapshot of its job (status, progress). */
  withLive?: (record: ResponseOf<'get', P>, live: Job) => ResponseOf<'get', P>;
}

export interface JobRun<R, V> {
  /** The job shown (started here or reopened), or null. */
  id: number | null;
  /** The tool's record: live while the job runs, the status route's answer once it ended. */
  record: R | null;
  /** The job itself, live. */
  live: LiveJob;
  /** The start request is on its way. */
  busy: boolean;
  /** Why the start, or reading the record, failed. */
  error: string | null;
  start: (variables: V) => void;
  /** Shows an earlier job (from a history list or the Jobs page). */
  reopen: (id: number) => void;
  /** Forgets the shown job (a new file was chosen). */
  reset: () => void;
}

export function useJobRun<P extends GetPath, V, C>(
  options: JobRunOptions<P, V, C>,
): JobRun<ResponseOf<'get', P>, V> {
  const { statusPath, statusCall, jobId, withLive } = options;
  const [id, setId] = useState<number | null>(null);
  const starting = useMutation<C, ApiError | Error, V>({
    mutationFn: options.start,
    onSuccess: (created) => setId(jobId(created)),
  });
  const live = useJob(id);
  const status = useContractQuery(statusPath, id === null ? null : statusCall(id));

  const data = id === null ? undefined : status.data;
  let record: ResponseOf<'get', P> | null = data ?? null;
  // Until the status route has been read again after the end, the live job says more.
  if (data && live.job && withLive && (!live.finished || status.isFetching)) {
    record = withLive(data, live.job);
  }

  const { mutate, reset: resetStart } = starting;
  const start = useCallback(
    (variables: V) => {
      setId(null);
      mutate(variables);
    },
    [mutate],
  );
  const reopen = useCallback(
    (next: number) => {
      resetStart();
      setId(next);
    },
    [resetStart],
  );
  const reset = useCallback(() => {
    resetStart();
    setId(null);
  }, [resetStart]);

  const failure = starting.error ?? (id !== null ? status.error : null);
  return {
    id,
    record,
    live,
    busy: starting.isPending,
    error: failure ? errorMessage(failure) : null,
    start,
    reopen,
    reset,
  };
}

/**
 * The PENDING/PROCESSING view of a live job, for tool routes that speak the contract's
 * upper-case states. A job that has just ended stays PROCESSING (at its last progress) for the
 * moment until the tool's final record arrives.
 */
export function toolStatus(job: Job): 'PENDING' | 'PROCESSING' {
  return job.status === 'queued' ? 'PENDING' : 'PROCESSING';
}
