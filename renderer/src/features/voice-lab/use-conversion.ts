/**
 * A conversion job: started by the upload, followed live on the studio's event stream
 * (useToolJob over useJob), its full record (output URL) read once it ended.
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { toolStatus, useToolJob } from '../jobs/use-tool-job.ts';
import type { VoiceLabClient } from './voice-lab-client.ts';
import type { ConversionJob } from './voice-lab-types.ts';

function withLive(record: ConversionJob, live: Job): ConversionJob {
  return { ...record, status: toolStatus(live), progress: live.progress };
}

export function useConversion(client: VoiceLabClient) {
  const [started, setStarted] = useState<ConversionJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fetchFinal = useCallback(
    (id: number, signal: AbortSignal) => client.conversion(id, signal),
    [client],
  );
  const { job, error: finalError } = useToolJob(started, fetchFinal, withLive);

  const start = useCallback(
    async (file: File, voiceUuid: string) => {
      setBusy(true);
      setError(null);
      setStarted(null);
      try {
        const created = await client.convert(file, voiceUuid);
        setStarted(await client.conversion(created.id));
      } catch (caught) {
        setError(errorMessage(caught));
      } finally {
        setBusy(false);
      }
    },
    [client],
  );
  return { job, busy, error: error ?? finalError, start };
}
