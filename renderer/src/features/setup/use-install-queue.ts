/**
 * Installs a list of packs one after another (what the first-run setup's one click does): each
 * pack's model_install job is followed live, the next starts when it completes, and a failure
 * stops the queue with its reason. Non-commercial packs are sent with the acknowledgement the
 * person gave in the licence dialog. The list is taken when the queue starts: the setup's own
 * answer shrinks as packs install, and must not move the queue under it.
 */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { useJob } from '../../data/use-job.ts';
import { useEngineHealth } from '../engine/health-context.tsx';

export interface InstallQueue {
  /** Index of the pack being installed; null before start and after the end. */
  current: number | null;
  done: number;
  failed: string | null;
  finished: boolean;
  live: ReturnType<typeof useJob>;
  /** The packs being installed (the list given at start). */
  packIds: string[];
  start: (packIds: string[], acceptLicence: boolean) => void;
}

export function useInstallQueue(): InstallQueue {
  const [packIds, setPackIds] = useState<string[]>([]);
  const [current, setCurrent] = useState<number | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [accept, setAccept] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  const live = useJob(jobId);
  const { refresh } = useEngineHealth();
  const mutation = useContractMutation('post', '/model-packs/{pack_id}/install', {
    invalidates: ['/model-packs'],
  });

  // Starts the pack at `current` whenever it moves.
  useEffect(() => {
    if (current === null) return;
    const id = packIds[current];
    if (id === undefined) {
      setCurrent(null);
      setFinished(true);
      refresh();
      return;
    }
    let stale = false;
    mutation
      .mutateAsync({ params: { pack_id: id }, json: accept ? { accept_licence: true } : {} })
      .then((job) => !stale && setJobId(job.id))
      .catch((caught: unknown) => {
        if (stale) return;
        setFailed(errorMessage(caught));
        setCurrent(null);
      });
    return () => {
      stale = true;
    };
    // The mutation object changes every render; `current` alone decides when to start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  useEffect(() => {
    if (!live.finished || current === null) return;
    if (live.status === 'completed') {
      setJobId(null);
      setCurrent(current + 1);
    } else {
      setFailed(live.error ?? 'The install stopped.');
      setCurrent(null);
      refresh();
    }
  }, [live.finished, live.status, live.error, current, refresh]);

  return {
    current,
    done: current ?? (finished ? packIds.length : 0),
    failed,
    finished,
    live,
    packIds,
    start: (ids, acceptLicence) => {
      setPackIds(ids);
      setAccept(acceptLicence);
      setFailed(null);
      setFinished(false);
      setCurrent(0);
    },
  };
}
