/**
 * The download a page started, followed live on the studio's event stream (useJob through
 * useToolJob: no polling) and read once from its status route when it ends.
 */
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { toolStatus, useToolJob } from '../jobs/use-tool-job.ts';
import { WebClient, type DownloadChoice } from './web-client.ts';
import type { DownloadJob } from './web-types.ts';

function withLive(record: DownloadJob, live: Job): DownloadJob {
  return { ...record, status: toolStatus(live), progress: live.progress, stage: live.stage };
}

export interface DownloadRun {
  job: DownloadJob | null;
  busy: boolean;
  error: string | null;
  start: (url: string, choice: DownloadChoice) => Promise<void>;
}

export function useDownload(): DownloadRun {
  const client = useMemo(() => new WebClient(), []);
  const [started, setStarted] = useState<DownloadJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fetchFinal = useCallback(
    (id: number, signal: AbortSignal) => client.downloadJob(id, signal),
    [client],
  );
  const { job, error: finalError } = useToolJob(started, fetchFinal, withLive);
  const start = useCallback(
    async (url: string, choice: DownloadChoice) => {
      setBusy(true);
      setError(null);
      setStarted(null);
      try {
        setStarted((await client.download(url, choice)).job);
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setBusy(false);
      }
    },
    [client],
  );
  return { job, busy, error: error ?? finalError, start };
}
