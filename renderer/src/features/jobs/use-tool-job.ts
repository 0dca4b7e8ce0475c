/**
 * A music tool's job (MIDI, stems, noise reduction) followed live without polling: the tool's
 * own record as its start route answered it, kept current from the studio's event stream
 * (`useJob`: status, progress, stage, ETA), and the tool's full record (result URLs, figures)
 * fetched once from its status route when the job has ended.
 *
 * Tool routes speak the contract's upper-case states; `toolStatus` maps the engine's.
 */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { useJob } from './use-job.ts';

/**
 * The PENDING/PROCESSING view of a live job. A job that has just ended stays PROCESSING (at its
 * last progress) for the moment until the tool's final record arrives.
 */
export function toolStatus(job: Job): 'PENDING' | 'PROCESSING' {
  return job.status === 'queued' ? 'PENDING' : 'PROCESSING';
}

export interface ToolJob<T> {
  /** The tool's record: live while the job runs, the status route's answer once it ended. */
  job: T | null;
  /** The final record could not be fetched. */
  error: string | null;
}

export function useToolJob<T extends { id: number }>(
  started: T | null,
  /** The tool's status route (keep it stable). */
  fetchFinal: (id: number, signal: AbortSignal) => Promise<T>,
  /** The started record brought up to date with a live snapshot of its job. */
  withLive: (record: T, live: Job) => T,
): ToolJob<T> {
  const id = started?.id ?? null;
  const live = useJob(id);
  const [final, setFinal] = useState<{ id: number; record: T } | null>(null);
  const [error, setError] = useState<{ id: number; message: string } | null>(null);

  useEffect(() => {
    if (id === null || !live.finished) return;
    const abort = new AbortController();
    fetchFinal(id, abort.signal).then(
      (record) => {
        if (!abort.signal.aborted) setFinal({ id, record });
      },
      (caught: unknown) => {
        if (!abort.signal.aborted) setError({ id, message: errorMessage(caught) });
      },
    );
    return () => abort.abort();
  }, [id, live.finished, fetchFinal]);

  if (started === null) return { job: null, error: null };
  const ended = final?.id === started.id ? final.record : null;
  const job = ended ?? (live.job ? withLive(started, live.job) : started);
  return { job, error: error?.id === started.id ? error.message : null };
}
