/**
 * Typed client for the account routes (document 1). Three kinds of call:
 *
 * - `none`: registration, login, refresh, CAPTCHA — no credential.
 * - `user`: the signed-in person's access token, from an AccessTokenSource (the AuthSession).
 *   An answer of 401 `token_expired` renews the token and retries once; 401 `unauthorized`
 *   means the session ended elsewhere (revoked, password changed), which the source is told.
 * - `studio`: the per-launch studio token, for the one route only the machine's owner may read:
 *   GET /local/outbox.
 *
 * No React and no DOM globals, so unit tests drive it with a fake fetch.
 */
import type {
  ApiKeyRecord,
  ApiKeyStatus,
  CaptchaChallenge,
  CaptchaRequired,
  CreateApiKeyRequest,
  CreatedApiKey,
  DeviceList,
  LoginForm,
  OutboxMessage,
  ProfileUpdate,
  RegistrationStart,
  SessionRecord,
  TokenPair,
  TokenResponse,
  User,
} from './account-types.ts';
import { contractApi, type ContractApi } from './contract.ts';
import type { AccessTokenSource, FetchLike } from './request.ts';
import { accessTokenTransport, tokenTransport } from './transports.ts';

export type { AccessTokenSource } from './request.ts';

/** Thrown when a `user` call is made while nobody is signed in. */
export const SIGNED_OUT = 'signed_out';

export interface AccountClientOptions {
  /** Engine origin; '' = the page's own origin (web studio). */
  baseUrl: string;
  /** The studio token (bridge or meta tag), for GET /local/outbox. */
  studioToken: () => Promise<string>;
  tokens: AccessTokenSource;
  fetch?: FetchLike;
}

export class AccountClient {
  /** No credential. */
  private readonly open: ContractApi;
  /** The studio token. */
  private readonly studio: ContractApi;
  /** The signed-in person's access token, renewed once on `token_expired`. */
  private readonly user: ContractApi;
  private readonly logoutWith: (accessToken: string) => ContractApi;

  constructor(options: AccountClientOptions) {
    // Account calls never need cookies; the credential is the header.
    const common = { baseUrl: options.baseUrl, fetch: options.fetch, credentials: 'omit' as const };
    this.open = contractApi(tokenTransport(common));
    this.studio = contractApi(tokenTransport({ ...common, getToken: options.studioToken }));
    this.user = contractApi(accessTokenTransport({ ...common, tokens: options.tokens }));
    this.logoutWith = (accessToken) =>
      contractApi(tokenTransport({ ...common, getToken: () => Promise.resolve(accessToken) }));
  }

  // ---- No credential ----------------------------------------------------------------------

  initiateRegistration(body: RegistrationStart): Promise<{ message: string; email: string }> {
    return this.open.post('/auth/initiate-registration', { json: body });
  }

  verifyRegistration(email: string, code: string): Promise<TokenResponse> {
    return this.open.post('/auth/verify-registration', {
      json: { email, verification_code: code },
    });
  }

  /** POST /auth/token is an OAuth2-style form post (document 1): form-urlencoded. */
  login(form: LoginForm): Promise<TokenResponse> {
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      if (typeof value === 'string' && value !== '') fields[key] = value;
    }
    return this.open.post('/auth/token', { form: fields });
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.open.post('/auth/refresh', { json: { refresh_token: refreshToken } });
  }

  captchaRequired(signal?: AbortSignal): Promise<CaptchaRequired> {
    return this.open.get('/auth/captcha/required', { signal });
  }

  generateCaptcha(): Promise<CaptchaChallenge> {
    return this.open.get('/auth/captcha/generate');
  }

  // ---- Studio token -----------------------------------------------------------------------

  /** Newest first. Only the studio token may read the outbox (it holds every account's codes). */
  readOutbox(to: string, signal?: AbortSignal): Promise<{ messages: OutboxMessage[] }> {
    return this.studio.get('/local/outbox', {
      query: { to, channel: 'email', limit: 5 },
      signal,
    });
  }

  // ---- Signed-in user ---------------------------------------------------------------------

  /** Ends the session named by `accessToken` (explicit: the AuthSession calls this). */
  async logout(accessToken: string): Promise<void> {
    await this.logoutWith(accessToken).post('/auth/logout');
  }

  me(signal?: AbortSignal): Promise<User> {
    return this.user.get('/auth/me', { signal });
  }

  updateMe(update: ProfileUpdate): Promise<User> {
    return this.user.patch('/auth/me', { json: update });
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    await this.user.post('/auth/change-password', {
      json: { current_password: currentPassword, new_password: newPassword },
    });
  }

  sessions(signal?: AbortSignal): Promise<SessionRecord[]> {
    return this.user.get('/auth/sessions', { signal });
  }

  async revokeSession(target: { sessionId: string } | { allOthers: true }): Promise<void> {
    const json =
      'sessionId' in target ? { session_id: target.sessionId } : { revoke_all_others: true };
    await this.user.post('/auth/sessions/revoke', { json });
  }

  devices(includeInactive: boolean, signal?: AbortSignal): Promise<DeviceList> {
    return this.user.get('/auth/devices', {
      query: { include_inactive: includeInactive ? 'true' : 'false' },
      signal,
    });
  }

  listApiKeys(status: ApiKeyStatus | null, signal?: AbortSignal): Promise<ApiKeyRecord[]> {
    return this.user.get('/auth/api-keys', { query: status ? { status } : {}, signal });
  }

  createApiKey(request: CreateApiKeyRequest): Promise<CreatedApiKey> {
    return this.user.post('/auth/api-keys', { json: request });
  }

  async revokeApiKey(id: string): Promise<void> {
    await this.user.delete('/auth/api-keys/{key_id}', { params: { key_id: id } });
  }
}
