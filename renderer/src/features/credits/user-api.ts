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
import {
  checked,
  fetchOrDefault,
  readJson,
  request,
  sendWithAccessToken,
  type AccessTokenSource,
  type FetchLike,
} from '../../api/request.ts';

export { readJson } from '../../api/request.ts';

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
    this.fetchImpl = fetchOrDefault(options.fetch);
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
    return sendWithAccessToken(this.options.tokens, (token) => this.fetchOnce(path, call, token));
  }

  private baseUrl(): Promise<string> {
    const { baseUrl } = this.options;
    this.base ??= (typeof baseUrl === 'string' ? Promise.resolve(baseUrl) : baseUrl()).then((url) =>
      url.replace(/\/+$/, ''),
    );
    return this.base;
  }

  private fetchOnce(path: string, call: UserCall, token: string): Promise<Response> {
    const url = async () => `${await this.baseUrl()}/api/v1${path}`;
    return request(this.fetchImpl, url, {
      method: call.method,
      token,
      json: call.json,
      signal: call.signal,
      credentials: 'omit',
    });
  }
}
