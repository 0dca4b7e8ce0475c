/**
 * The one HTTP request path every studio client uses (through ./transports.ts and the typed
 * ./contract.ts): it builds the headers and body, turns a failed fetch into an ApiError with the
 * `network` code, checks the status (a non-2xx answer becomes an ApiError carrying the engine's
 * `{detail, code}`), reads JSON bodies, and renews an access token once on 401 `token_expired`.
 * No React and no DOM globals beyond fetch, so unit tests drive it with a fake fetch.
 */
import { ApiError, CLIENT_ERROR_CODES, apiErrorFromResponse } from './errors.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** A given fetch, or the browser's, wrapped so it is never called with a foreign `this`. */
export function fetchOrDefault(fetchImpl: FetchLike | undefined): FetchLike {
  // Wrapped so the browser's fetch is never called with a foreign `this` ("Illegal invocation").
  return fetchImpl ?? ((input, init) => fetch(input, init));
}

export interface RequestSpec {
  method?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as is (file uploads, multipart FormData: fetch writes its Content-Type). */
  body?: RequestInit['body'];
  signal?: AbortSignal | undefined;
  credentials?: RequestInit['credentials'];
}

/**
 * One fetch of `url`; the answer is not checked (see `checked`). A `url` given as a function is
 * resolved as part of the fetch: if that fails, so does the request, as a `network` ApiError.
 */
export async function request(
  fetchImpl: FetchLike,
  url: string | (() => Promise<string>),
  spec: RequestSpec,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...spec.headers };
  if (spec.token !== undefined) headers.Authorization = `Bearer ${spec.token}`;
  let body: RequestInit['body'];
  if (spec.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(spec.json);
  } else if (spec.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(spec.form).toString();
  } else if (spec.body !== undefined) {
    body = spec.body;
  }
  const init: RequestInit = { method: spec.method ?? 'GET', headers, body, signal: spec.signal };
  if (spec.credentials !== undefined) init.credentials = spec.credentials;
  try {
    return await fetchImpl(typeof url === 'string' ? url : await url(), init);
  } catch (error) {
    if (spec.signal?.aborted) throw error;
    throw new ApiError(
      0,
      CLIENT_ERROR_CODES.network,
      `The engine could not be reached (${error instanceof Error ? error.message : String(error)})`,
      null,
      { cause: error },
    );
  }
}

/** The answer if it is a 2xx; anything else throws the engine's error as an ApiError. */
export async function checked(response: Response): Promise<Response> {
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response;
}

/** The answer's JSON body; `what` (e.g. `GET /path`) names the call in the error. */
export async function readJson<T>(response: Response, what: string): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new ApiError(
      response.status,
      CLIENT_ERROR_CODES.badResponse,
      `${what} answered a body that is not JSON`,
      response.headers.get('x-request-id'),
      { cause: error },
    );
  }
}

/** Where a signed-in person's access token comes from (the AuthSession). */
export interface AccessTokenSource {
  /** A usable access token, renewed first when it is about to expire. Throws when signed out. */
  current(): Promise<string>;
  /** The engine answered 401 `token_expired` for `expired`: resolves to a renewed token. */
  renew(expired: string): Promise<string>;
  /** The engine refused `token` as no longer valid (401 `unauthorized`): the session is over. */
  rejected(token: string): void;
}

/**
 * Sends with the person's access token and checks the answer. A 401 `token_expired` renews the
 * token and retries **once**; any other 401 (`unauthorized`: the session ended elsewhere) tells
 * the source the session is over.
 */
export async function sendWithAccessToken(
  tokens: AccessTokenSource,
  attempt: (token: string) => Promise<Response>,
): Promise<Response> {
  let token = await tokens.current();
  let response = await attempt(token);
  if (response.status === 401) {
    const error = await apiErrorFromResponse(response);
    if (error.code !== 'token_expired') throw refused(tokens, error, token);
    // One retry: the token ran out between our own expiry check and the engine's.
    token = await tokens.renew(token);
    response = await attempt(token);
    if (response.status === 401) throw refused(tokens, await apiErrorFromResponse(response), token);
  }
  return checked(response);
}

/** A 401 other than token_expired: the session behind `token` is over (revoked, signed out). */
function refused(tokens: AccessTokenSource, error: ApiError, token: string): ApiError {
  if (error.code === 'unauthorized') tokens.rejected(token);
  return error;
}

export type Query = Record<string, string | number | boolean | undefined>;

/** `{page: 2, search: ''}` → `?page=2` (empty and undefined values are left out). */
export function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.size > 0 ? `?${params.toString()}` : '';
}
