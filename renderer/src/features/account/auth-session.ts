/**
 * The signed-in person, as the studio knows them: their tokens (memory + a TokenStore), a timer
 * that renews the access token shortly before it expires, and one renewal at a time — the engine
 * rotates refresh tokens and treats a second use of one as theft, ending the session
 * (docs/api/auth.md, "Refresh tokens"), so concurrent renewals must share one request.
 *
 * Framework-free (React reads it through useSyncExternalStore in account-context.tsx) and free of
 * DOM globals; clock and timers are injectable for the unit tests.
 */
import type { AccessTokenSource } from '../../api/account-client.ts';
import { SIGNED_OUT } from '../../api/account-client.ts';
import type { TokenPair, TokenResponse, User } from '../../api/account-types.ts';
import { ApiError, isApiError } from '../../api/errors.ts';
import type { StoredTokens, TokenStore } from './token-store.ts';
import { REFRESH_RETRY_MS, expiresAtFrom, needsRefresh, refreshDelayMs } from './token-timing.ts';

export type AuthState =
  | { status: 'restoring' }
  | {
      status: 'signed-out';
      /** Why, when it was not the person's own choice ("your session ended elsewhere"). */
      notice: string | null;
    }
  | {
      status: 'signed-in';
      userId: string;
      email: string;
      /** From sign-in or the last /auth/me; null right after a restore. */
      user: User | null;
    };

export interface AuthSessionDeps {
  store: TokenStore;
  refresh(refreshToken: string): Promise<TokenPair>;
  logout(accessToken: string): Promise<void>;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const SESSION_ENDED_NOTICE =
  'Your session has ended (it was signed out from another place, or it expired). Sign in again.';

export class AuthSession implements AccessTokenSource {
  private state: AuthState = { status: 'restoring' };
  private tokens: StoredTokens | null = null;
  private renewal: Promise<StoredTokens> | null = null;
  private restoring: Promise<void> | null = null;
  private timer: unknown = null;
  private running = false;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly deps: AuthSessionDeps) {
    this.now = deps.now ?? Date.now;
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer =
      deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  // ---- For React --------------------------------------------------------------------------

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Loads saved tokens once and keeps the refresh timer running until `stop()`. */
  start(): void {
    this.running = true;
    this.restoring ??= this.restore();
    void this.restoring.then(() => this.schedule());
  }

  stop(): void {
    this.running = false;
    this.cancelTimer();
  }

  // ---- Signing in and out -----------------------------------------------------------------

  async signIn(response: TokenResponse): Promise<void> {
    await this.restoring; // a late restore must not overwrite a fresh sign-in
    await this.keep({
      accessToken: response.access_token,
      refreshToken: response.refresh_token,
      expiresAt: expiresAtFrom(response.expires_in, this.now()),
      userId: response.user.id,
      email: response.user.email,
    });
    this.set({
      status: 'signed-in',
      userId: response.user.id,
      email: response.user.email,
      user: response.user,
    });
  }

  /** Ends the session on the engine (best effort) and forgets the tokens here in any case. */
  async signOut(): Promise<void> {
    if (this.tokens) {
      try {
        await this.deps.logout(await this.current());
      } catch {
        // Already ended, or the engine is down: the tokens are dropped here either way.
      }
    }
    await this.forget(null);
  }

  /** Keeps the newest /auth/me answer for the header ("Signed in as …"). */
  setUser(user: User): void {
    if (this.state.status !== 'signed-in' || this.state.userId !== user.id) return;
    this.set({ ...this.state, email: user.email, user });
  }

  // ---- AccessTokenSource ------------------------------------------------------------------

  async current(): Promise<string> {
    await this.restoring;
    const tokens = this.tokens;
    if (!tokens) throw signedOutError();
    if (!needsRefresh(tokens.expiresAt, this.now())) return tokens.accessToken;
    return this.renew(tokens.accessToken);
  }

  async renew(expired: string): Promise<string> {
    const tokens = this.tokens;
    if (!tokens) throw signedOutError();
    // Another call renewed it meanwhile: use that token instead of spending the refresh token.
    if (tokens.accessToken !== expired && !needsRefresh(tokens.expiresAt, this.now())) {
      return tokens.accessToken;
    }
    return (await this.refreshOnce()).accessToken;
  }

  rejected(token: string): void {
    if (this.tokens?.accessToken !== token) return;
    void this.forget(SESSION_ENDED_NOTICE);
  }

  // ---- Inside -----------------------------------------------------------------------------

  /** One renewal at a time: every caller during a renewal gets the same promise. */
  private refreshOnce(): Promise<StoredTokens> {
    const tokens = this.tokens;
    if (!tokens) return Promise.reject(signedOutError());
    this.renewal ??= this.deps
      .refresh(tokens.refreshToken)
      .then(async (pair) => {
        const next: StoredTokens = {
          ...tokens,
          accessToken: pair.access_token,
          refreshToken: pair.refresh_token,
          expiresAt: expiresAtFrom(pair.expires_in, this.now()),
        };
        // Signed out (or in as someone else) while the request was out: keep what is there now.
        if (this.tokens?.refreshToken !== tokens.refreshToken) throw signedOutError();
        await this.keep(next);
        return next;
      })
      .catch(async (error: unknown) => {
        // A refused refresh token (spent, session revoked, 30 days passed) cannot be retried.
        if (isApiError(error) && error.status === 401 && this.tokens === tokens) {
          await this.forget(SESSION_ENDED_NOTICE);
        } else if (this.tokens === tokens) {
          this.schedule(REFRESH_RETRY_MS);
        }
        throw error;
      })
      .finally(() => {
        this.renewal = null;
      });
    return this.renewal;
  }

  private async restore(): Promise<void> {
    let saved: StoredTokens | null;
    try {
      saved = await this.deps.store.load();
    } catch {
      saved = null; // an unreadable store is the same as an empty one
    }
    if (this.state.status !== 'restoring') return; // signed in meanwhile
    if (saved) {
      this.tokens = saved;
      this.set({ status: 'signed-in', userId: saved.userId, email: saved.email, user: null });
    } else {
      this.set({ status: 'signed-out', notice: null });
    }
  }

  private async keep(tokens: StoredTokens): Promise<void> {
    this.tokens = tokens;
    this.schedule();
    try {
      await this.deps.store.save(tokens);
    } catch {
      // Not saved: still signed in for this page load, from memory.
    }
  }

  private async forget(notice: string | null): Promise<void> {
    this.tokens = null;
    this.cancelTimer();
    this.set({ status: 'signed-out', notice });
    try {
      await this.deps.store.clear();
    } catch {
      // Best effort; the tokens are gone from memory already.
    }
  }

  private schedule(delayMs?: number): void {
    this.cancelTimer();
    const tokens = this.tokens;
    if (!this.running || !tokens) return;
    const ms = delayMs ?? refreshDelayMs(tokens.expiresAt, this.now());
    this.timer = this.setTimer(() => {
      this.timer = null;
      // Failures reschedule themselves (refreshOnce) or sign out; nothing to report here.
      this.refreshOnce().catch(() => undefined);
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private set(next: AuthState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

function signedOutError(): ApiError {
  return new ApiError(401, SIGNED_OUT, 'Sign in to continue.');
}
