/**
 * The Noise reduction page's data: starting a job (upload and start in one call) and the job
 * followed live from the studio's event stream, its full record (figures, URLs) read from the
 * status route once it ended.
 */
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { toolStatus, useToolJob } from '../jobs/use-tool-job.ts';
import { DenoiseClient } from './denoise-client.ts';
import type { DenoiseJob, QualityMode } from './denoise-types.ts';

function withLive(record: DenoiseJob, live: Job): DenoiseJob {
  return {
    ...record,
    status: toolStatus(live),
    progress: live.progress,
    stage: live.stage,
    eta_seconds: live.eta_seconds,
  };
}

export interface DenoiseRun {
  job: DenoiseJob | null;
  busy: boolean;
  error: string | null;
  start: (file: File, mode: QualityMode) => Promise<void>;
  /** Shows an earlier result (from the history or the Jobs page). */
  reopen: (id: number) => void;
}

export function useDenoise(): DenoiseRun {
  const client = useMemo(() => new DenoiseClient(), []);
  const [started, setStarted] = useState<DenoiseJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fetchFinal = useCallback(
    (id: number, signal: AbortSignal) => client.job(id, signal),
    [client],
  );
  const { job, error: finalError } = useToolJob(started, fetchFinal, withLive);

  const start = useCallback(
    async (file: File, mode: QualityMode) => {
      setBusy(true);
      setError(null);
      setStarted(null);
      try {
        setStarted(await client.start(file, mode));
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setBusy(false);
      }
    },
    [client],
  );

  const reopen = useCallback(
    (id: number) => {
      client.job(id).then(
        (record) => {
          setStarted(record);
          setError(null);
        },
        (e: unknown) => setError(errorMessage(e)),
      );
    },
    [client],
  );

  return { job, busy, error: error ?? finalError, start, reopen };
}
