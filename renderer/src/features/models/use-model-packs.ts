/**
 * The model packs this engine knows and whether each is ready, for the Models page and for the
 * pages that grey out options whose pack is missing. One query the job event stream refreshes
 * when an install or a check starts or ends (data/job-invalidation.ts): no polling.
 */
import { errorMessage } from '../../api/errors.ts';
import type { ResponseOf } from '../../api/contract.ts';
import { useContractQuery, useInvalidate } from '../../data/contract-query.ts';

export type PackList = ResponseOf<'get', '/model-packs'>;
export type Pack = PackList['packs'][number];
export type PackJob = ResponseOf<'post', '/model-packs/{pack_id}/install'>;

export const MODEL_JOB_TYPES: ReadonlySet<string> = new Set(['model_install', 'model_verify']);

export interface ModelPacks {
  list: PackList | null;
  error: string | null;
  reload: () => void;
  /** A pack by id (undefined while loading or for an unknown id). */
  pack: (id: string) => Pack | undefined;
}

export function useModelPacks(): ModelPacks {
  const query = useContractQuery('/model-packs', {});
  const invalidate = useInvalidate();
  const list = query.data ?? null;
  return {
    list,
    error: query.error ? errorMessage(query.error) : null,
    reload: () => void invalidate('/model-packs'),
    pack: (id) => list?.packs.find((p) => p.id === id),
  };
}
