/**
 * Installing one pack from anywhere in the studio: reads what the engine knows of it (title,
 * size, licence, an install already running), starts the model_install job (which installs what
 * the pack requires first) and follows it live. When the job ends the health check is asked
 * again, so every capability status in the studio moves at once.
 */
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { useJob, type LiveJob } from '../../data/use-job.ts';
import { useEngineHealth } from '../engine/health-context.tsx';

export function useInstallPack(packId: string) {
  const view = useContractQuery('/model-packs/{pack_id}', { params: { pack_id: packId } });
  const pack = view.data ?? null;
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = jobId ?? pack?.install_job_id ?? null;
  const live: LiveJob = useJob(running);
  const { refresh } = useEngineHealth();
  const mutation = useContractMutation('post', '/model-packs/{pack_id}/install', {
    invalidates: ['/model-packs'],
  });

  useEffect(() => {
    if (live.finished) refresh();
  }, [live.finished, refresh]);

  const start = async (acceptLicence: boolean): Promise<void> => {
    setError(null);
    try {
      const job = await mutation.mutateAsync({
        params: { pack_id: packId },
        json: acceptLicence ? { accept_licence: true } : {},
      });
      setJobId(job.id);
    } catch (caught) {
      // An install already running (another window): follow it instead of failing.
      const other = isApiError(caught) ? caught.body?.job_id : undefined;
      if (typeof other === 'number') setJobId(other);
      else setError(errorMessage(caught));
    }
  };

  return {
    pack,
    live,
    installing: running !== null && !live.finished,
    installed: pack?.ready === true || live.status === 'completed',
    failed: live.status === 'failed' ? (live.error ?? '') : null,
    error: error ?? (view.error ? errorMessage(view.error) : null),
    busy: mutation.isPending,
    start,
  };
}
