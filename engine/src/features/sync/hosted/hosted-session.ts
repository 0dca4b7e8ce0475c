/**
 * The workstation's hosted session: its token pair (kept in the secret store), every call made
 * with it, and refresh rotation. Refreshes are serialised — the hosted service rotates refresh
 * tokens and treats a reused one as theft, ending the session — and happen ahead of expiry or on
 * a 401 `token_expired`, silently. A refusal of the refresh token itself (the session was
 * revoked, or the password changed) means "signed out": the tokens are dropped and `onSignedOut`
 * is told, so the studio can say so.
 */
import { AppError } from '../../../errors.ts';
import type { SecretStore } from '../credentials/secret-store.ts';
import {
  errorCode,
  type HostedAnswer,
  type HostedHttp,
  type HostedRequest,
} from './hosted-http.ts';
import { readClaims } from './token-claims.ts';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** Refresh when less than this is left of the access token (it lives 3600 s). */
const REFRESH_AHEAD_SECONDS = 120;

function isPair(value: unknown): value is TokenPair {
  const v = value as Partial<TokenPair> | null;
  return typeof v?.access_token === 'string' && typeof v.refresh_token === 'string';
}

export class HostedSession {
  private tokens: TokenPair | null = null;
  private loaded = false;
  private refreshing: Promise<TokenPair> | null = null;

  constructor(
    private readonly http: HostedHttp,
    /** The secret store, chosen on first use (credentials/choose-store.ts). */
    private readonly store: () => Promise<SecretStore>,
    /** The secret's account name: one per hosted URL. */
    private readonly account: string,
    private readonly onSignedOut: (why: string) => void,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async has(): Promise<boolean> {
    return (await this.current()) !== null;
  }

  private async current(): Promise<TokenPair | null> {
    if (!this.loaded) {
      const store = await this.store();
      const raw = await store.get(this.account).catch(() => null);
      const parsed = parseSecret(raw);
      this.tokens = isPair(parsed) ? parsed : null;
      this.loaded = true;
    }
    return this.tokens;
  }

  /** Keeps a new pair (after link or refresh) in memory and in the secret store. */
  async save(pair: TokenPair): Promise<void> {
    await (
      await this.store()
    ).set(
      this.account,
      JSON.stringify({ access_token: pair.access_token, refresh_token: pair.refresh_token }),
    );
    this.tokens = { access_token: pair.access_token, refresh_token: pair.refresh_token };
    this.loaded = true;
  }

  async forget(): Promise<void> {
    this.tokens = null;
    this.loaded = true;
    const store = await this.store();
    await store.delete(this.account).catch(() => false);
  }

  /** The current access token's claims (session id, user), or null when signed out. */
  async claims(): Promise<ReturnType<typeof readClaims> | null> {
    const tokens = await this.current();
    return tokens ? readClaims(tokens.access_token) : null;
  }

  private signedOut(why: string): never {
    void this.forget();
    this.onSignedOut(why);
    throw new AppError('not_linked', `Signed out of the hosted account: ${why} Sign in again.`, {
      details: { reason: 'signed_out' },
    });
  }

  private refresh(): Promise<TokenPair> {
    this.refreshing ??= (async () => {
      const tokens = await this.current();
      if (!tokens) this.signedOut('there is no hosted session on this machine.');
      const answer = await this.http.send('POST', '/auth/refresh', {
        json: { refresh_token: tokens.refresh_token },
      });
      if (answer.status === 200 && isPair(answer.body)) {
        await this.save(answer.body);
        return answer.body;
      }
      // 401: revoked, expired, or reused — the session is over.
      return this.signedOut('the hosted service ended this workstation’s session.');
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /**
   * One call with the session's access token: refreshed first when about to expire, and once
   * more (then retried once) on 401 `token_expired`. Other answers go back to the caller.
   */
  async call(method: string, path: string, request: HostedRequest = {}): Promise<HostedAnswer> {
    let tokens = await this.current();
    if (!tokens) this.signedOut('this studio holds no hosted session.');
    const exp = readClaims(tokens.access_token).exp;
    if (exp !== null && exp - this.nowSeconds() < REFRESH_AHEAD_SECONDS)
      tokens = await this.refresh();
    let answer = await this.http.send(method, path, { ...request, bearer: tokens.access_token });
    if (answer.status === 401 && errorCode(answer.body) === 'token_expired') {
      tokens = await this.refresh();
      answer = await this.http.send(method, path, { ...request, bearer: tokens.access_token });
    }
    if (answer.status === 401) {
      // The session behind a still-valid token ended (revoked from another device).
      this.signedOut('the hosted service no longer accepts this workstation’s session.');
    }
    return answer;
  }
}

function parseSecret(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
