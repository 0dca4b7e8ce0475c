/**
 * Query keys of the contract's GET routes: `['contract', path template, who, params, query]`.
 * The path template comes first, so the job event stream (./job-invalidation.ts) and mutations
 * invalidate by route family (`/midi`, `/audiobook/projects/{project_id}`) without knowing which
 * params a page used. No React: unit-tested.
 */
import type { Query, QueryKey } from '@tanstack/query-core';

export type ContractKey = readonly [
  'contract',
  path: string,
  who: string,
  params: object | null,
  query: object | null,
];

export function contractKey(
  path: string,
  who: string,
  call: { params?: object | undefined; query?: object | undefined } | null,
): ContractKey {
  return ['contract', path, who, call?.params ?? null, call?.query ?? null];
}

export function isContractKey(key: QueryKey): key is ContractKey {
  return key[0] === 'contract' && typeof key[1] === 'string';
}

/**
 * Whether a route template belongs to a family: `/midi` covers `/midi/jobs` and
 * `/midi/status/{midi_job_id}`; `/credits` does not cover `/credits-x`. A family may name a
 * param to match only one resource: `{ path: '/jobs/{job_id}', params: { job_id: 7 } }`.
 */
export interface RouteFamily {
  path: string;
  params?: Record<string, string | number>;
  /** Only this template, not the routes below it. */
  exact?: boolean;
}

export function inFamily(key: ContractKey, family: RouteFamily | string): boolean {
  const { path, params, exact } = typeof family === 'string' ? { path: family } : family;
  const template = key[1];
  if (template !== path && (exact === true || !template.startsWith(`${path}/`))) return false;
  if (!params) return true;
  const keyParams = (key[3] ?? {}) as Record<string, unknown>;
  return Object.entries(params).every(([name, value]) => String(keyParams[name]) === String(value));
}

/** A predicate for queryClient.invalidateQueries / setQueriesData over several families. */
export function familiesPredicate(
  families: readonly (RouteFamily | string)[],
): (query: Query) => boolean {
  return (query) =>
    isContractKey(query.queryKey) &&
    families.some((family) => inFamily(query.queryKey as ContractKey, family));
}
