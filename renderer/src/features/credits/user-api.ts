/**
 * The transport for the signed-in person's own routes outside the Account area (credits,
 * webhooks), with the same rules as AccountClient (../../api/account-client.ts):
 *
 * - `user`: the person's access token from the AuthSession; a 401 `token_expired` renews it and
 *   retries **once**; a 401 `unauthorized` tells the session it is over (it signs out).
 * - `studio`: the per-launch studio token (the machine's owner), for the owner-only
 *   `GET`/`PUT /local/plan`.
 *
 * Answers come back as the raw Response (a caller may need headers, e.g. the usage list's
 * X-Total-Count); `json()` reads the body. No React and no DOM globals: unit tests drive it with a
 * fake fetch.
 */
import type { AccessTokenSource } from '../../api/account-client.ts';
import type { FetchLike } from '../../api/client.ts';
import { ApiError, CLIENT_ERROR_CODES, apiErrorFromResponse } from '../../api/errors.ts';

export type Credential = 'user' | 'studio';

export interface UserCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  auth?: Credential;
  json?: unknown;
  signal?: AbortSignal;
}

export interface UserApiOptions {
  /** Engine origin ('' = the page's own origin), resolved once. */
  baseUrl: string | (() => Promise<string>);
  tokens: AccessTokenSource;
  studioToken: () => Promise<string>;
  fetch?: FetchLike;
}

export class UserApi {
  private base: Promise<string> | null = null;
  private readonly fetchImpl: FetchLike;

  constructor(private readonly options: UserApiOptions) {
    // Wrapped so the browser's fetch is never called with a foreign `this` ("Illegal invocation").
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The answer's JSON body (a 2xx; anything else throws an ApiError). */
  async json<T>(path: string, call: UserCall = {}): Promise<T> {
    const response = await this.send(path, call);
    return readJson<T>(response, `${call.method ?? 'GET'} ${path}`);
  }

  /** The checked answer (a 2xx; anything else throws an ApiError). */
  async send(path: string, call: UserCall = {}): Promise<Response> {
    if (call.auth === 'studio') {
      const token = await this.options.studioToken();
      return checked(await this.fetchOnce(path, call, token));
    }
    const tokens = this.options.tokens;
    let token = await tokens.current();
    let response = await this.fetchOnce(path, call, token);
    if (response.status === 401) {
      const error = await apiErrorFromResponse(response);
      if (error.code !== 'token_expired') throw this.refused(error, token);
      // One retry: the token ran out between our own expiry check and the engine's.
      token = await tokens.renew(token);
      response = await this.fetchOnce(path, call, token);
      if (response.status === 401) throw this.refused(await apiErrorFromResponse(response), token);
    }
    return checked(response);
  }

  private refused(error: ApiError, token: string): ApiError {
    if (error.code === 'unauthorized') this.options.tokens.rejected(token);
    return error;
  }

  private baseUrl(): Promise<string> {
    const { baseUrl } = this.options;
    this.base ??= (typeof baseUrl === 'string' ? Promise.resolve(baseUrl) : baseUrl()).then((url) =>
      url.replace(/\/+$/, ''),
    );
    return this.base;
  }

  private async fetchOnce(path: string, call: UserCall, token: string): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    };
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(call.json);
    }
    try {
      return await this.fetchImpl(`${await this.baseUrl()}/api/v1${path}`, {
        method: call.method ?? 'GET',
        headers,
        body,
        signal: call.signal,
        credentials: 'omit',
      });
    } catch (error) {
      if (call.signal?.aborted) throw error;
      throw new ApiError(
        0,
        CLIENT_ERROR_CODES.network,
        `The engine could not be reached (${error instanceof Error ? error.message : String(error)})`,
        null,
        { cause: error },
      );
    }
  }
}

async function checked(response: Response): Promise<Response> {
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response;
}

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
