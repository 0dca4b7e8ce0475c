/**
 * The studio's data hooks, typed from the engine's contract (../api/contract.gen.ts, generated
 * from the route table): `useContractQuery('/midi/status/{midi_job_id}', {params})` checks the
 * path, params and query against the route and answers its response type from the shared query
 * cache; `useContractMutation('post', '/midi/convert')` sends a typed body and invalidates the
 * route families it changes. Pages hold no fetch state of their own.
 */
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { CallOptions, ContractApi, Method, PathOf, ResponseOf } from '../api/contract.ts';
import type { ApiError } from '../api/errors.ts';
import { apiFor, useContractApis, type ContractApis, type Credential } from './contract-apis.tsx';
import {
  contractKey,
  familiesPredicate,
  type ContractKey,
  type RouteFamily,
} from './contract-keys.ts';

type GetPath = PathOf<'get'>;
/** The params and query of a GET (everything but the signal and headers). */
export type QueryCall<P extends GetPath> = Omit<CallOptions<'get', P>, 'signal' | 'headers'>;
/** What a mutation is called with: its params, query and body. */
export type MutationCall<M extends Method, P extends PathOf<M>> = Omit<CallOptions<M, P>, 'signal'>;

type LooseCall = (path: string, options?: object) => Promise<unknown>;
type LooseSend = (method: Method, path: string, options?: object) => Promise<Response>;

function whoOf(apis: ContractApis, as: Credential): string {
  return as === 'user' ? `user:${apis.userKey ?? ''}` : as;
}

export interface ContractQueryOptions<R, T> {
  as?: Credential;
  enabled?: boolean;
  select?: (data: R) => T;
  staleTime?: number;
  /** A period, or one chosen from the last answer (poll faster while something is pending). */
  refetchInterval?: number | false | ((data: R | undefined) => number | false);
  /** Keep showing the previous answer while a new key loads (paging, filters). */
  keepPrevious?: boolean;
  /** How a fresh answer merges with the cached one (default: TanStack's structural sharing). */
  structuralSharing?: (known: unknown, incoming: unknown) => unknown;
}

/** TanStack's refetchInterval from ours (a function of the last answer, not of the query). */
function refetchEvery<R>(
  every: ContractQueryOptions<R, unknown>['refetchInterval'],
): number | false | undefined | ((query: { state: { data: R | undefined } }) => number | false) {
  return typeof every === 'function' ? (query) => every(query.state.data) : every;
}

/** The key and fetch of one GET, for useQuery, useQueries or prefetching. */
export function contractQuery<P extends GetPath>(
  apis: ContractApis,
  path: P,
  call: QueryCall<P> | null,
  as: Credential = 'studio',
): {
  queryKey: ContractKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<ResponseOf<'get', P>>;
  enabled: boolean;
} {
  const api = apiFor(apis, as);
  return {
    queryKey: contractKey(path, whoOf(apis, as), call),
    queryFn: ({ signal }) => {
      if (!api || !call) throw new Error(`${path} was fetched while disabled`);
      return (api.get as LooseCall)(path, { ...call, signal }) as Promise<ResponseOf<'get', P>>;
    },
    enabled: api !== null && call !== null,
  };
}

/** A GET from the cache; `call: null` waits (a param not known yet). */
export function useContractQuery<P extends GetPath, T = ResponseOf<'get', P>>(
  path: P,
  call: QueryCall<P> | null,
  options: ContractQueryOptions<ResponseOf<'get', P>, T> = {},
): UseQueryResult<T, ApiError> {
  const apis = useContractApis();
  const query = contractQuery(apis, path, call, options.as);
  return useQuery<ResponseOf<'get', P>, ApiError, T, ContractKey>({
    ...query,
    enabled: query.enabled && (options.enabled ?? true),
    select: options.select,
    staleTime: options.staleTime,
    refetchInterval:
      typeof options.refetchInterval === 'function'
        ? (current) =>
            (options.refetchInterval as (data: unknown) => number | false)(current.state.data)
        : options.refetchInterval,
    placeholderData: options.keepPrevious ? (previous) => previous : undefined,
    ...(options.structuralSharing ? { structuralSharing: options.structuralSharing } : {}),
  });
}

/**
 * A GET whose answer is read from the Response itself (headers such as X-Total-Count, or a body
 * that is not JSON), cached like any other.
 */
export function useContractResponse<P extends GetPath, T>(
  path: P,
  call: QueryCall<P> | null,
  read: (response: Response) => Promise<T>,
  options: Omit<ContractQueryOptions<T, T>, 'select'> = {},
): UseQueryResult<T, ApiError> {
  const apis = useContractApis();
  const as = options.as ?? 'studio';
  const api = apiFor(apis, as);
  return useQuery<T, ApiError, T, ContractKey>({
    queryKey: contractKey(path, whoOf(apis, as), call),
    queryFn: async ({ signal }) => {
      if (!api || !call) throw new Error(`${path} was fetched while disabled`);
      return read(await (api.send as LooseSend)('get', path, { ...call, signal }));
    },
    enabled: api !== null && call !== null && (options.enabled ?? true),
    staleTime: options.staleTime,
    refetchInterval: refetchEvery(options.refetchInterval),
    placeholderData: options.keepPrevious ? (previous) => previous : undefined,
  });
}

export interface ContractMutationOptions<R> {
  as?: Credential;
  /** Route families whose cached answers this change makes stale. */
  invalidates?: readonly (RouteFamily | string)[];
  onSuccess?: (data: R) => void;
}

/** A POST/PUT/PATCH/DELETE; its pending state and error are the page's busy and error. */
export function useContractMutation<M extends Exclude<Method, 'get'>, P extends PathOf<M>>(
  method: M,
  path: P,
  options: ContractMutationOptions<ResponseOf<M, P>> = {},
): UseMutationResult<ResponseOf<M, P>, ApiError, MutationCall<M, P>> {
  const apis = useContractApis();
  const client = useQueryClient();
  const api = apiFor(apis, options.as ?? 'studio');
  return useMutation<ResponseOf<M, P>, ApiError, MutationCall<M, P>>({
    mutationFn: (call) => {
      if (!api) throw new Error(`${method.toUpperCase()} ${path} needs someone signed in`);
      return (api[method] as LooseCall)(path, call) as Promise<ResponseOf<M, P>>;
    },
    onSuccess: async (data) => {
      options.onSuccess?.(data);
      if (options.invalidates?.length) await invalidateFamilies(client, options.invalidates);
    },
  });
}

export function invalidateFamilies(
  client: QueryClient,
  families: readonly (RouteFamily | string)[],
): Promise<void> {
  return client.invalidateQueries({ predicate: familiesPredicate(families) });
}

/** Marks route families stale from a page (after a change made outside a mutation hook). */
export function useInvalidate(): (...families: (RouteFamily | string)[]) => Promise<void> {
  const client = useQueryClient();
  return (...families) => invalidateFamilies(client, families);
}

/**
 * The typed api as the machine's owner (the studio token), for calls a page makes in steps (an
 * upload, then a start): every path, param and body is still checked against the contract.
 */
export function useStudioApi(): ContractApi {
  return useContractApis().studio;
}

/** The raw typed api for a credential (uploads, byte downloads) from inside a component. */
export function useContractApi(as: Credential = 'studio'): ContractApi | null {
  return apiFor(useContractApis(), as);
}
