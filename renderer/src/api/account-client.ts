/**
 * The sign-in machinery's calls (document 1): registration, login, refresh, CAPTCHA (no
 * credential), logout with the token being ended, and `me` with the signed-in person's access
 * token (an answer of 401 `token_expired` renews the token and retries once; 401 `unauthorized`
 * means the session ended elsewhere, which the AccessTokenSource is told). The AuthSession drives
 * it; pages read and change account data through the data layer's `as: 'user'` hooks
 * (renderer/src/data), not through this class.
 *
 * No React and no DOM globals, so unit tests drive it with a fake fetch.
 */
import type {
  CaptchaChallenge,
  CaptchaRequired,
  LoginForm,
  RegistrationStart,
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
  /** Kept for the AccountProvider's signature; the outbox is read through the data layer. */
  studioToken?: () => Promise<string>;
  tokens: AccessTokenSource;
  fetch?: FetchLike;
}

export class AccountClient {
  /** No credential. */
  private readonly open: ContractApi;
  /** The signed-in person's access token, renewed once on `token_expired`. */
  private readonly user: ContractApi;
  private readonly logoutWith: (accessToken: string) => ContractApi;

  constructor(options: AccountClientOptions) {
    // Account calls never need cookies; the credential is the header.
    const common = { baseUrl: options.baseUrl, fetch: options.fetch, credentials: 'omit' as const };
    this.open = contractApi(tokenTransport(common));
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

  // ---- Signed-in user ---------------------------------------------------------------------

  /** Ends the session named by `accessToken` (explicit: the AuthSession calls this). */
  async logout(accessToken: string): Promise<void> {
    await this.logoutWith(accessToken).post('/auth/logout');
  }

  me(signal?: AbortSignal): Promise<User> {
    return this.user.get('/auth/me', { signal });
  }
}
