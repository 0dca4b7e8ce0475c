/**
 * The transport for the signed-in person's own routes outside the Account area (credits,
 * webhooks), with the same rules as AccountClient (../../api/account-client.ts):
 *
 * - `user`: the person's access token from the AuthSession; a 401 `token_expired` renews it and
 *   retries **once**; a 401 `unauthorized` tells the session it is over (it signs out).
 * - `studio`: the per-launch studio token (the machine's owner), for the owner-only
 *   `GET`/`PUT /local/plan`.
 *
 * `user` and `studio` are typed over the engine's contract (../../api/contract.ts); `send`
 * answers the raw Response (a caller may need headers, e.g. the usage list's X-Total-Count). No React and no DOM globals: unit tests drive it with a
 * fake fetch.
 */
import { contractApi, type ContractApi, type ContractRequest } from '../../api/contract.ts';
import { readJson, type AccessTokenSource, type FetchLike } from '../../api/request.ts';
import { accessTokenTransport, tokenTransport } from '../../api/transports.ts';

export { readJson } from '../../api/request.ts';

export type Credential = 'user' | 'studio';

export interface UserCall {
  method?: ContractRequest['method'];
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
  /** Typed calls with the person's access token. */
  readonly user: ContractApi;
  /** Typed calls with the studio token (the owner-only routes). */
  readonly studio: ContractApi;
  private readonly transports: Record<Credential, ReturnType<typeof tokenTransport>>;

  constructor(options: UserApiOptions) {
    const common = { baseUrl: options.baseUrl, fetch: options.fetch, credentials: 'omit' as const };
    this.transports = {
      user: accessTokenTransport({ ...common, tokens: options.tokens }),
      studio: tokenTransport({ ...common, getToken: options.studioToken }),
    };
    this.user = contractApi(this.transports.user);
    this.studio = contractApi(this.transports.studio);
  }

  /** The answer's JSON body for a path given as text (a 2xx; anything else throws an ApiError). */
  async json<T>(path: string, call: UserCall = {}): Promise<T> {
    const response = await this.send(path, call);
    return readJson<T>(response, `${call.method ?? 'GET'} ${path}`);
  }

  /** The checked answer for a path given as text (a 2xx; anything else throws an ApiError). */
  send(path: string, call: UserCall = {}): Promise<Response> {
    return this.transports[call.auth ?? 'user']({
      method: call.method ?? 'GET',
      path,
      json: call.json,
      signal: call.signal,
    });
  }
}
