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
import {
  checked,
  fetchOrDefault,
  readJson,
  request,
  sendWithAccessToken,
  type AccessTokenSource,
  type FetchLike,
} from './request.ts';

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

type Auth = 'none' | 'user' | 'studio';

interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  auth: Auth;
  json?: unknown;
  form?: Record<string, string>;
  signal?: AbortSignal;
}

export class AccountClient {
  private readonly baseUrl: string;
  private readonly studioToken: () => Promise<string>;
  private readonly tokens: AccessTokenSource;
  private readonly fetchImpl: FetchLike;

  constructor(options: AccountClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.studioToken = options.studioToken;
    this.tokens = options.tokens;
    this.fetchImpl = fetchOrDefault(options.fetch);
  }

  // ---- No credential ----------------------------------------------------------------------

  initiateRegistration(body: RegistrationStart): Promise<{ message: string; email: string }> {
    return this.json('/auth/initiate-registration', { method: 'POST', auth: 'none', json: body });
  }

  verifyRegistration(email: string, code: string): Promise<TokenResponse> {
    return this.json('/auth/verify-registration', {
      method: 'POST',
      auth: 'none',
      json: { email, verification_code: code },
    });
  }

  /** POST /auth/token is an OAuth2-style form post (document 1): form-urlencoded. */
  login(form: LoginForm): Promise<TokenResponse> {
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      if (typeof value === 'string' && value !== '') fields[key] = value;
    }
    return this.json('/auth/token', { method: 'POST', auth: 'none', form: fields });
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.json('/auth/refresh', {
      method: 'POST',
      auth: 'none',
      json: { refresh_token: refreshToken },
    });
  }

  captchaRequired(signal?: AbortSignal): Promise<CaptchaRequired> {
    return this.json('/auth/captcha/required', { auth: 'none', signal });
  }

  generateCaptcha(): Promise<CaptchaChallenge> {
    return this.json('/auth/captcha/generate', { auth: 'none' });
  }

  // ---- Studio token -----------------------------------------------------------------------

  /** Newest first. Only the studio token may read the outbox (it holds every account's codes). */
  readOutbox(to: string, signal?: AbortSignal): Promise<{ messages: OutboxMessage[] }> {
    const query = new URLSearchParams({ to, channel: 'email', limit: '5' });
    return this.json(`/local/outbox?${query.toString()}`, { auth: 'studio', signal });
  }

  // ---- Signed-in user ---------------------------------------------------------------------

  /** Ends the session named by `accessToken` (explicit: the AuthSession calls this). */
  async logout(accessToken: string): Promise<void> {
    await checked(
      await this.fetchOnce('/auth/logout', { method: 'POST', auth: 'none' }, accessToken),
    );
  }

  me(signal?: AbortSignal): Promise<User> {
    return this.json('/auth/me', { auth: 'user', signal });
  }

  updateMe(update: ProfileUpdate): Promise<User> {
    return this.json('/auth/me', { method: 'PATCH', auth: 'user', json: update });
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    await this.send('/auth/change-password', {
      method: 'POST',
      auth: 'user',
      json: { current_password: currentPassword, new_password: newPassword },
    });
  }

  sessions(signal?: AbortSignal): Promise<SessionRecord[]> {
    return this.json('/auth/sessions', { auth: 'user', signal });
  }

  async revokeSession(target: { sessionId: string } | { allOthers: true }): Promise<void> {
    const json =
      'sessionId' in target ? { session_id: target.sessionId } : { revoke_all_others: true };
    await this.send('/auth/sessions/revoke', { method: 'POST', auth: 'user', json });
  }

  devices(includeInactive: boolean, signal?: AbortSignal): Promise<DeviceList> {
    return this.json(`/auth/devices?include_inactive=${includeInactive}`, {
      auth: 'user',
      signal,
    });
  }

  listApiKeys(status: ApiKeyStatus | null, signal?: AbortSignal): Promise<ApiKeyRecord[]> {
    const qs = status ? `?status=${status}` : '';
    return this.json(`/auth/api-keys${qs}`, { auth: 'user', signal });
  }

  createApiKey(request: CreateApiKeyRequest): Promise<CreatedApiKey> {
    return this.json('/auth/api-keys', { method: 'POST', auth: 'user', json: request });
  }

  async revokeApiKey(id: string): Promise<void> {
    await this.send(`/auth/api-keys/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      auth: 'user',
    });
  }

  // ---- Transport --------------------------------------------------------------------------

  private async json<T>(path: string, call: Call): Promise<T> {
    const response = await this.send(path, call);
    return readJson<T>(response, `${call.method ?? 'GET'} ${path}`);
  }

  private async send(path: string, call: Call): Promise<Response> {
    if (call.auth === 'none') return checked(await this.fetchOnce(path, call));
    if (call.auth === 'studio') {
      const token = await this.studioToken();
      return checked(await this.fetchOnce(path, call, token));
    }
    return sendWithAccessToken(this.tokens, (token) => this.fetchOnce(path, call, token));
  }

  private fetchOnce(path: string, call: Call, token?: string): Promise<Response> {
    return request(this.fetchImpl, `${this.baseUrl}/api/v1${path}`, {
      method: call.method,
      token,
      json: call.json,
      form: call.form,
      signal: call.signal,
      // Account calls never need cookies; the credential is the header.
      credentials: 'omit',
    });
  }
}
