/**
 * The transports the studio's clients hand to `contractApi` (./contract.ts): which origin and
 * which credential a request goes out with. Every one answers a checked (2xx) Response or
 * throws an ApiError, through the one request path in ./request.ts.
 */
import type { ContractRequest, Transport } from './contract.ts';
import { STUDIO_SESSION_PREFIX, forgetStudioSession } from './studio-access.ts';
import {
  checked,
  fetchOrDefault,
  request,
  sendWithAccessToken,
  type AccessTokenSource,
  type FetchLike,
} from './request.ts';

export interface TransportOptions {
  /** Engine origin ('' = the page's own), or a function resolving it (read once). */
  baseUrl: string | (() => Promise<string>);
  fetch?: FetchLike;
  /** Account calls send no cookies: the credential is the header. */
  credentials?: RequestInit['credentials'];
}

/** The origin without a trailing slash, resolved at most once. */
function originOf(baseUrl: TransportOptions['baseUrl']): () => Promise<string> {
  if (typeof baseUrl === 'string') {
    const origin = baseUrl.replace(/\/+$/, '');
    return () => Promise.resolve(origin);
  }
  let resolved: Promise<string> | null = null;
  return () => (resolved ??= baseUrl().then((url) => url.replace(/\/+$/, '')));
}

function send(
  fetchImpl: FetchLike,
  url: string | (() => Promise<string>),
  call: ContractRequest,
  token: string | undefined,
  credentials: RequestInit['credentials'] | undefined,
): Promise<Response> {
  return request(fetchImpl, url, {
    method: call.method,
    token,
    headers: call.headers,
    json: call.json,
    form: call.form,
    // fetch writes a FormData body's multipart Content-Type with its boundary
    body: call.body,
    signal: call.signal,
    credentials,
  });
}

/** `getToken` on every call (the studio token), or no credential at all without one. */
export function tokenTransport(
  options: TransportOptions & { getToken?: () => Promise<string | undefined> },
): Transport {
  const fetchImpl = fetchOrDefault(options.fetch);
  const origin = originOf(options.baseUrl);
  return async (call) => {
    const token = options.getToken ? await options.getToken() : undefined;
    const url = `${await origin()}/api/v1${call.path}`;
    const response = await send(fetchImpl, url, call, token, options.credentials);
    // A studio session the engine refuses has ended (expired, or every session was signed
    // out): forget it, so the studio shows its sign-in screen instead of failing page by page.
    if (response.status === 401 && token?.startsWith(STUDIO_SESSION_PREFIX)) forgetStudioSession();
    return checked(response);
  };
}

/**
 * The signed-in person's access token: a 401 `token_expired` renews it and retries once; a 401
 * `unauthorized` tells the session it is over (./request.ts `sendWithAccessToken`).
 */
export function accessTokenTransport(
  options: TransportOptions & { tokens: AccessTokenSource },
): Transport {
  const fetchImpl = fetchOrDefault(options.fetch);
  const origin = originOf(options.baseUrl);
  return (call) =>
    sendWithAccessToken(options.tokens, (token) =>
      send(
        fetchImpl,
        async () => `${await origin()}/api/v1${call.path}`,
        call,
        token,
        options.credentials,
      ),
    );
}
