/**
 * AuthSession + AccountClient with a fake engine (fetch), a fake clock and fake timers: refresh
 * scheduling, one renewal at a time, one retry on 401 token_expired, and signing out when the
 * engine says the session is over.
 */
import { describe, expect, it } from 'vitest';
import { AccountClient, SIGNED_OUT } from '../../renderer/src/api/account-client.ts';
import type { TokenResponse, User } from '../../renderer/src/api/account-types.ts';
import type { FetchLike } from '../../renderer/src/api/request.ts';
import {
  AuthSession,
  SESSION_ENDED_NOTICE,
} from '../../renderer/src/features/account/auth-session.ts';
import {
  memoryTokenStore,
  type StoredTokens,
  type TokenStore,
} from '../../renderer/src/features/account/token-store.ts';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const noContent = () => new Response(null, { status: 204 });

const user = { id: 'u-1', email: 'ada@example.com', full_name: 'Ada' } as User;

function tokens(n: number, expiresIn = 3600): TokenResponse {
  return {
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    token_type: 'bearer',
    expires_in: expiresIn,
    user,
  };
}

interface Request {
  method: string;
  path: string;
  auth: string | null;
  body: string | null;
  contentType: string | null;
}

/** A scripted engine: `routes` answers by "METHOD /path"; every request is recorded. */
function fakeEngine(routes: Record<string, (req: Request) => Response | Promise<Response>>) {
  const requests: Request[] = [];
  const fetch: FetchLike = async (url, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const req: Request = {
      method: init?.method ?? 'GET',
      path: url.replace('http://engine/api/v1', ''),
      auth: headers.Authorization ?? null,
      body: typeof init?.body === 'string' ? init.body : null,
      contentType: headers['Content-Type'] ?? null,
    };
    requests.push(req);
    const route = routes[`${req.method} ${req.path.split('?')[0]}`];
    if (!route) throw new Error(`unexpected request ${req.method} ${req.path}`);
    return route(req);
  };
  return { fetch, requests };
}

function fakeTimers() {
  let now = T0;
  let next = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimer: (run: () => void, ms: number) => {
      const id = next++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id: unknown) => void pending.delete(id as number),
    /** The one pending timer's due time, relative to T0. */
    due: () => [...pending.values()].map((timer) => timer.at - T0),
    /** Moves the clock to `ms` after T0 and runs what fell due. */
    advanceTo: (ms: number) => {
      now = T0 + ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at <= now) {
          pending.delete(id);
          timer.run();
        }
      }
    },
  };
}

function setup(routes: Parameters<typeof fakeEngine>[0], store: TokenStore = memoryTokenStore()) {
  const engine = fakeEngine(routes);
  const timers = fakeTimers();
  let client: AccountClient | null = null;
  const session = new AuthSession({
    store,
    refresh: (token) => client!.refresh(token),
    logout: (token) => client!.logout(token),
    now: timers.now,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
  });
  client = new AccountClient({
    baseUrl: 'http://engine/',
    studioToken: async () => 'studio-token',
    tokens: session,
    fetch: engine.fetch,
  });
  session.start();
  return { engine, timers, session, client, store };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AuthSession', () => {
  it('signs in, keeps the tokens, and renews them five minutes before expiry', async () => {
    let issued = 1;
    const { engine, timers, session, store } = setup({
      'POST /auth/refresh': () => json(200, tokens(++issued)),
    });
    await flush();
    expect(session.getState()).toEqual({ status: 'signed-out', notice: null });

    await session.signIn(tokens(1));
    expect(session.getState()).toMatchObject({ status: 'signed-in', email: 'ada@example.com' });
    expect(await store.load()).toMatchObject({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      expiresAt: T0 + 3_600_000,
    });
    expect(timers.due()).toEqual([3_300_000]);

    timers.advanceTo(3_300_000);
    await flush();
    expect(engine.requests).toEqual([
      expect.objectContaining({ method: 'POST', path: '/auth/refresh', auth: null }),
    ]);
    expect(JSON.parse(engine.requests[0]!.body!)).toEqual({ refresh_token: 'refresh-1' });
    expect(await session.current()).toBe('access-2');
    expect((await store.load())?.refreshToken).toBe('refresh-2');
    // The next renewal is planned from the new token's expiry.
    expect(timers.due()).toEqual([3_300_000 + 3_300_000]);
  });

  it('renews an expired saved token before its first use after a restore', async () => {
    const store = memoryTokenStore();
    const saved: StoredTokens = {
      accessToken: 'access-old',
      refreshToken: 'refresh-old',
      expiresAt: T0 - 60_000,
      userId: 'u-1',
      email: 'ada@example.com',
    };
    await store.save(saved);
    const { engine, session, client } = setup(
      {
        'POST /auth/refresh': () => json(200, tokens(2)),
        'GET /auth/me': () => json(200, user),
      },
      store,
    );
    await flush();
    expect(session.getState()).toEqual({
      status: 'signed-in',
      userId: 'u-1',
      email: 'ada@example.com',
      user: null,
    });
    await client.me();
    expect(engine.requests.map((r) => `${r.method} ${r.path} ${r.auth}`)).toEqual([
      'POST /auth/refresh null',
      'GET /auth/me Bearer access-2',
    ]);
  });

  it('shares one renewal between concurrent callers (a refresh token is single-use)', async () => {
    let release: () => void = () => undefined;
    const { engine, session } = setup({
      'POST /auth/refresh': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, tokens(2)));
        }),
    });
    await session.signIn(tokens(1));
    const a = session.renew('access-1');
    const b = session.renew('access-1');
    await flush();
    release();
    expect(await Promise.all([a, b])).toEqual(['access-2', 'access-2']);
    expect(engine.requests.filter((r) => r.path === '/auth/refresh')).toHaveLength(1);
    // A caller still holding the old token after the renewal gets the new one, no new refresh.
    expect(await session.renew('access-1')).toBe('access-2');
    expect(engine.requests.filter((r) => r.path === '/auth/refresh')).toHaveLength(1);
  });

  it('renews once and retries once when the engine answers 401 token_expired', async () => {
    let meCalls = 0;
    const { engine, session, client } = setup({
      'POST /auth/refresh': () => json(200, tokens(2)),
      'GET /auth/me': () =>
        ++meCalls === 1
          ? json(401, { detail: 'The access token has expired.', code: 'token_expired' })
          : json(200, user),
    });
    await session.signIn(tokens(1));
    expect(await client.me()).toEqual(user);
    expect(engine.requests.map((r) => `${r.method} ${r.path} ${r.auth}`)).toEqual([
      'GET /auth/me Bearer access-1',
      'POST /auth/refresh null',
      'GET /auth/me Bearer access-2',
    ]);
  });

  it('does not loop: a second token_expired after the retry is an error', async () => {
    const { engine, session, client } = setup({
      'POST /auth/refresh': () => json(200, tokens(2)),
      'GET /auth/me': () => json(401, { detail: 'Expired.', code: 'token_expired' }),
    });
    await session.signIn(tokens(1));
    await expect(client.me()).rejects.toMatchObject({ status: 401, code: 'token_expired' });
    expect(engine.requests.filter((r) => r.path === '/auth/me')).toHaveLength(2);
    expect(engine.requests.filter((r) => r.path === '/auth/refresh')).toHaveLength(1);
  });

  it('signs out with a notice when the engine says the session ended elsewhere', async () => {
    const { session, client, store, timers } = setup({
      'GET /auth/me': () => json(401, { detail: 'This session has ended.', code: 'unauthorized' }),
    });
    await session.signIn(tokens(1));
    await expect(client.me()).rejects.toMatchObject({ code: 'unauthorized' });
    await flush();
    expect(session.getState()).toEqual({ status: 'signed-out', notice: SESSION_ENDED_NOTICE });
    expect(await store.load()).toBeNull();
    expect(timers.due()).toEqual([]);
    await expect(client.me()).rejects.toMatchObject({ code: SIGNED_OUT });
  });

  it('signs out when the refresh token is refused, and retries later when the engine is down', async () => {
    let answer: 'down' | 'refused' = 'down';
    const { session, timers } = setup({
      'POST /auth/refresh': () => {
        if (answer === 'down') throw new TypeError('fetch failed');
        return json(401, { detail: 'This refresh token was already used.', code: 'unauthorized' });
      },
    });
    await session.signIn(tokens(1));

    timers.advanceTo(3_300_000);
    await flush();
    expect(session.getState().status).toBe('signed-in');
    expect(timers.due()).toEqual([3_300_000 + 30_000]);

    answer = 'refused';
    timers.advanceTo(3_330_000);
    await flush();
    expect(session.getState()).toEqual({ status: 'signed-out', notice: SESSION_ENDED_NOTICE });
    expect(timers.due()).toEqual([]);
  });

  it('signs out on the engine with the current token and forgets it even if that fails', async () => {
    const ok = setup({ 'POST /auth/logout': () => noContent() });
    await ok.session.signIn(tokens(1));
    await ok.session.signOut();
    expect(ok.engine.requests).toEqual([
      expect.objectContaining({ method: 'POST', path: '/auth/logout', auth: 'Bearer access-1' }),
    ]);
    expect(ok.session.getState()).toEqual({ status: 'signed-out', notice: null });
    expect(await ok.store.load()).toBeNull();

    const down = setup({
      'POST /auth/logout': () => {
        throw new TypeError('fetch failed');
      },
    });
    await down.session.signIn(tokens(1));
    await down.session.signOut();
    expect(down.session.getState()).toEqual({ status: 'signed-out', notice: null });
    expect(await down.store.load()).toBeNull();
  });

  it('ignores a late renewal that finishes after sign-out', async () => {
    let release: () => void = () => undefined;
    const { session, store } = setup({
      'POST /auth/refresh': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, tokens(2)));
        }),
      'POST /auth/logout': () => noContent(),
    });
    await session.signIn(tokens(1));
    const renewal = session.renew('access-1');
    await flush();
    await session.signOut();
    release();
    await expect(renewal).rejects.toMatchObject({ code: SIGNED_OUT });
    expect(session.getState().status).toBe('signed-out');
    expect(await store.load()).toBeNull();
  });
});

describe('AccountClient', () => {
  it('logs in with a form-urlencoded body and no credential', async () => {
    const { engine, client } = setup({ 'POST /auth/token': () => json(200, tokens(1)) });
    await client.login({
      username: 'ada@example.com',
      password: 'p&ss=1 x',
      timezone: 'Europe/Berlin',
      captcha_id: '',
    });
    const [req] = engine.requests;
    expect(req).toMatchObject({
      auth: null,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(new URLSearchParams(req!.body!))).toEqual({
      username: 'ada@example.com',
      password: 'p&ss=1 x',
      timezone: 'Europe/Berlin',
    });
  });

  it('turns engine errors into ApiError with the engine’s detail and code', async () => {
    const { client } = setup({
      'POST /auth/verify-registration': () =>
        json(400, { detail: 'Wrong or expired code.', code: 'invalid_verification_code' }),
    });
    await expect(client.verifyRegistration('ada@example.com', '000000')).rejects.toMatchObject({
      status: 400,
      code: 'invalid_verification_code',
      detail: 'Wrong or expired code.',
    });
  });
});
