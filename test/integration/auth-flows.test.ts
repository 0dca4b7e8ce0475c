// Accounts end to end over HTTP on a real engine (document 1, "Registration, login, tokens",
// "Profile and security"): sign-up with the code from the local outbox, login, refresh with
// rotation, logout, refresh-token reuse, change-password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  latestCode,
  login,
  postJson,
  registerUser,
  uniqueUserAgent,
  type TokenBody,
} from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';

// Each describe gets its own engine: sign-ups from one IP are limited to 5 a minute.
let engine: TestEngine;
function freshEngine(): void {
  beforeAll(async () => {
    engine = await startEngine();
  });
  afterAll(async () => {
    await engine.stop();
  });
}

function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

async function me(token: string): Promise<Response> {
  return fetch(`${engine.api}/auth/me`, { headers: bearer(token) });
}

async function refresh(token: string, path = '/auth/refresh'): Promise<Response> {
  return postJson(engine, path, { refresh_token: token });
}

describe('registration → login → refresh → logout', () => {
  freshEngine();

  const email = 'Narrator.One@Example.com';
  const password = 'chapter-1-take';
  const userAgent =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

  it('runs the whole life of a session', async () => {
    const started = await postJson(
      engine,
      '/auth/initiate-registration',
      { email, password, full_name: 'Narrator One' },
      { 'User-Agent': userAgent },
    );
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({
      message: expect.any(String),
      email: 'narrator.one@example.com',
    });

    const code = await latestCode(engine, 'narrator.one@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const rejected = await postJson(engine, '/auth/verify-registration', {
      email,
      verification_code: wrong,
    });
    expect(rejected.status).toBe(400);
    expect(await rejected.json()).toMatchObject({ code: 'invalid_verification_code' });

    const verified = await postJson(
      engine,
      '/auth/verify-registration',
      { email, verification_code: code },
      { 'User-Agent': userAgent },
    );
    expect(verified.status).toBe(200);
    const signup = (await verified.json()) as TokenBody;
    expect(signup).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(signup.user).toMatchObject({
      email: 'narrator.one@example.com',
      full_name: 'Narrator One',
      is_verified: true,
      is_active: true,
      phone_verified: false,
      // A new account starts on the Local plan's default allowance (docs/api/credits.md).
      credits: {
        credits_balance: 1_000_000,
        payg_balance: 0,
        total_available_credits: 1_000_000,
        credits_used_today: 0,
        daily_limit: 250_000,
      },
      subscription: { plan_id: 'local', is_free_plan: true, status: 'active', cancel_at: null },
      is_eligible_for_first_time_discount: false,
      first_time_discount_active: false,
    });
    expect(signup.user.id).toMatch(/^[0-9a-f-]{36}$/);
    const access = claims(signup.access_token);
    expect(Number(access.exp) - Number(access.iat)).toBe(3600);
    expect(claims(signup.refresh_token)).toMatchObject({ typ: 'refresh', sub: signup.user.id });

    // The code is spent and the e-mail taken.
    const again = await postJson(engine, '/auth/verify-registration', {
      email,
      verification_code: code,
    });
    expect(again.status).toBe(400);
    const taken = await postJson(engine, '/auth/initiate-registration', {
      email: 'narrator.one@example.com',
      password,
      full_name: 'Someone Else',
    });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ code: 'email_already_registered' });

    for (const [user, pass] of [
      [email, 'wrong-pass-1'],
      ['nobody@example.com', password],
    ] as const) {
      const bad = await login(engine, user, pass, userAgent);
      expect(bad.status).toBe(401);
      expect(await bad.json()).toMatchObject({ code: 'invalid_credentials' });
    }

    const loggedIn = await login(engine, email, password, userAgent);
    expect(loggedIn.status).toBe(200);
    const session = (await loggedIn.json()) as TokenBody;
    expect(session.user.id).toBe(signup.user.id);
    expect(Object.keys(session).sort()).toEqual(
      ['access_token', 'expires_in', 'refresh_token', 'token_type', 'user'].sort(),
    );
    const profile = await me(session.access_token);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ id: signup.user.id });

    const refreshed = await refresh(session.refresh_token);
    expect(refreshed.status).toBe(200);
    const pair = (await refreshed.json()) as TokenBody;
    expect(Object.keys(pair).sort()).toEqual(
      ['access_token', 'expires_in', 'refresh_token', 'token_type'].sort(),
    );
    expect(pair.refresh_token).not.toBe(session.refresh_token);
    expect(claims(pair.access_token).sid).toBe(claims(session.access_token).sid);

    const enhanced = await refresh(pair.refresh_token, '/auth/refresh-enhanced');
    expect(enhanced.status).toBe(200);
    const full = (await enhanced.json()) as TokenBody;
    expect(full.user).toMatchObject({ id: signup.user.id, credits: expect.any(Object) });
    expect(full.expires_in).toBe(3600);

    const out = await fetch(`${engine.api}/auth/logout`, {
      method: 'POST',
      headers: bearer(full.access_token),
    });
    expect(out.status).toBe(204);
    // Every token of the session is dead at once, not when the access token expires.
    for (const token of [full.access_token, pair.access_token, session.access_token]) {
      expect((await me(token)).status).toBe(401);
    }
    expect((await refresh(full.refresh_token)).status).toBe(401);
    // The sign-up session is a different session and still works.
    expect((await me(signup.access_token)).status).toBe(200);
  });
});

describe('refresh-token rotation', () => {
  freshEngine();

  it('a reused refresh token revokes its whole family', async () => {
    const user = await registerUser(engine);
    const first = user.tokens;
    const rotated = (await (await refresh(first.refresh_token)).json()) as TokenBody;
    expect((await me(rotated.access_token)).status).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toMatchObject({ code: 'unauthorized' });
    // The thief's copy and the legitimate newest token are both dead now.
    expect((await refresh(rotated.refresh_token)).status).toBe(401);
    expect((await me(rotated.access_token)).status).toBe(401);
    expect((await me(first.access_token)).status).toBe(401);
    // Other sessions of the account are not part of that family.
    const other = await login(engine, user.email, user.password, user.userAgent);
    expect(other.status).toBe(200);
  });

  it('an access token is not a refresh token and vice versa', async () => {
    const user = await registerUser(engine);
    expect((await refresh(user.tokens.access_token)).status).toBe(401);
    expect((await me(user.tokens.refresh_token)).status).toBe(401);
    expect((await refresh('not-a-token')).status).toBe(401);
  });
});

describe('session health', () => {
  freshEngine();

  it('validates the session and reports the token lifetime', async () => {
    const user = await registerUser(engine);
    const token = user.tokens.access_token;
    const validate = await fetch(`${engine.api}/auth/session/validate`, { headers: bearer(token) });
    expect(validate.status).toBe(200);
    const body = (await validate.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      is_valid: true,
      needs_refresh: false,
      user: { id: user.id },
      session_info: { session_id: claims(token).sid, user_id: user.id, is_current: true },
    });
    expect(body.expires_in).toBeGreaterThan(3590);
    expect(body.session_info).not.toHaveProperty('user_agent');

    const health = await fetch(`${engine.api}/auth/token-health`, { headers: bearer(token) });
    expect(health.status).toBe(200);
    const h = (await health.json()) as Record<string, unknown>;
    expect(h).toMatchObject({
      valid: true,
      expired: false,
      should_refresh: false,
      user_id: user.id,
    });
    expect(h.expires_in_seconds).toBeGreaterThan(3590);
    expect(h.expires_in_minutes).toBe(Math.floor(Number(h.expires_in_seconds) / 60));

    // The studio token is not a login session.
    const studio = await fetch(`${engine.api}/auth/token-health`, {
      headers: bearer(engine.token),
    });
    expect(studio.status).toBe(403);
  });

  it('answers token_expired for an access token past its exp', async () => {
    const user = await registerUser(engine);
    const sid = String(claims(user.tokens.access_token).sid);
    const now = Math.floor(Date.now() / 1000);
    const expired = engine.engine.services.accounts.tokens.signAccessToken({
      userId: user.id,
      sessionId: sid,
      issuedAt: now - 3601,
    });
    const res = await me(expired);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'token_expired' });
  });
});

describe('change password', () => {
  freshEngine();

  it('enforces the strength rule and logs out every other session', async () => {
    const user = await registerUser(engine, { password: 'old-pass-1' });
    const laptop = (await (
      await login(engine, user.email, 'old-pass-1', uniqueUserAgent())
    ).json()) as TokenBody;
    const phone = (await (
      await login(engine, user.email, 'old-pass-1', uniqueUserAgent())
    ).json()) as TokenBody;

    const change = (current: string, next: string) =>
      postJson(
        engine,
        '/auth/change-password',
        { current_password: current, new_password: next },
        bearer(laptop.access_token),
      );
    for (const weak of ['a1', 'abcdefgh', '12345678']) {
      const res = await change('old-pass-1', weak);
      expect(res.status, weak).toBe(400);
      const body = (await res.json()) as { code: string; detail: string };
      expect(body.code).toBe('validation_error');
      expect(body.detail).toMatch(/at least 6 characters.*letter.*number/);
    }
    const wrongCurrent = await change('not-it-1', 'new-pass-2');
    expect(wrongCurrent.status).toBe(401);
    expect(await wrongCurrent.json()).toMatchObject({ code: 'invalid_credentials' });

    expect((await change('old-pass-1', 'new-pass-2')).status).toBe(204);
    expect((await me(laptop.access_token)).status).toBe(200);
    expect((await me(phone.access_token)).status).toBe(401);
    expect((await me(user.tokens.access_token)).status).toBe(401);
    expect((await refresh(phone.refresh_token)).status).toBe(401);
    expect((await login(engine, user.email, 'old-pass-1', user.userAgent)).status).toBe(401);
    expect((await login(engine, user.email, 'new-pass-2', user.userAgent)).status).toBe(200);
  });
});
