/**
 * The model packs this engine knows and whether each is ready, for the Models page and for the
 * pages that grey out options whose pack is missing. Read once, then again whenever a
 * model_install or model_verify job moves to an end (from the job event stream: no polling).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { useJobUpdates } from '../jobs/use-job.ts';
import { ModelsClient, type Pack, type PackList } from './models-client.ts';

export const MODEL_JOB_TYPES: ReadonlySet<string> = new Set(['model_install', 'model_verify']);

const ENDED = new Set(['completed', 'failed', 'cancelled']);

export interface ModelPacks {
  list: PackList | null;
  error: string | null;
  reload: () => void;
  /** A pack by id (undefined while loading or for an unknown id). */
  pack: (id: string) => Pack | undefined;
  client: ModelsClient;
}

export function useModelPacks(): ModelPacks {
  const client = useMemo(() => new ModelsClient(), []);
  const [list, setList] = useState<PackList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    const abort = new AbortController();
    client.list(abort.signal).then(
      (answer) => {
        setList(answer);
        setError(null);
      },
      (caught: unknown) => {
        if (!abort.signal.aborted) setError(errorMessage(caught));
      },
    );
    return () => abort.abort();
  }, [client, tick]);

  useJobUpdates((job: Job) => MODEL_JOB_TYPES.has(job.type) && ENDED.has(job.status), reload);

  const pack = useCallback((id: string) => list?.packs.find((p) => p.id === id), [list]);
  return { list, error, reload, pack, client };
}
