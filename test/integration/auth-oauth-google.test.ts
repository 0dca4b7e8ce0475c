// Google sign-in end to end (document 1, POST /auth/oauth/google): a real engine pointed at a
// local JWKS server whose RSA and EC keys are generated here, with real id_tokens signed by
// them. Registration, login again, linking to an existing account by verified e-mail, every
// kind of bad token, key rotation, and the two 503s (not configured, keys unreachable).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  login,
  postJson,
  registerUser,
  uniqueUserAgent,
  type TokenBody,
} from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import {
  GOOGLE_CLIENT_ID,
  startFakeGoogle,
  unreachableUrl,
  type FakeGoogle,
} from '../helpers/oauth-providers.ts';

let google: FakeGoogle;
let engine: TestEngine;

beforeAll(async () => {
  google = await startFakeGoogle();
});

afterAll(async () => {
  await google.stop();
});

// Each describe gets its own engine (and so its own key cache and per-IP rate limits).
function freshEngine(): void {
  beforeAll(async () => {
    engine = await startEngine({
      googleClientIds: ['some-other-client', GOOGLE_CLIENT_ID],
      googleJwksUrl: google.jwksUrl,
    });
  });
  afterAll(async () => {
    await engine.stop();
  });
}

function newIdentity(): { sub: string; email: string } {
  const id = randomUUID().slice(0, 8);
  return { sub: `1${Date.now()}${id.replace(/\D/g, '')}`, email: `grace.${id}@gmail.example` };
}

function body(idToken: string, sub: string, email: string, extra: Record<string, unknown> = {}) {
  return {
    profile: { email, name: 'Grace Narrator', picture: 'https://lh3.example/grace.png' },
    account: {
      id_token: idToken,
      access_token: 'ya29.unused',
      providerAccountId: sub,
      type: 'oauth',
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    },
    ...extra,
  };
}

async function signIn(
  idToken: string,
  sub: string,
  email: string,
  userAgent = uniqueUserAgent(),
  target: TestEngine = engine,
): Promise<Response> {
  return postJson(target, '/auth/oauth/google', body(idToken, sub, email), {
    'User-Agent': userAgent,
  });
}

async function expectRefused(res: Response, reason: string): Promise<void> {
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({
    code: 'invalid_credentials',
    provider: 'google',
    reason,
  });
}

describe('Google sign-in', () => {
  freshEngine();
  const { sub, email } = newIdentity();
  const userAgent =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36';
  let first: TokenBody;

  it('registers a new, verified user and logs it in, recording session and device', async () => {
    const fetchesBefore = google.jwksFetches();
    const res = await signIn(google.idToken(sub, email), sub, email.toUpperCase(), userAgent);
    expect(res.status, await res.clone().text()).toBe(200);
    first = (await res.json()) as TokenBody;
    expect(first).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(first.user).toMatchObject({
      email,
      full_name: 'Grace Narrator',
      image: 'https://lh3.example/grace.png',
      is_verified: true,
      is_active: true,
    });
    expect(google.jwksFetches()).toBe(fetchesBefore + 1);

    const me = await fetch(`${engine.api}/auth/me`, { headers: bearer(first.access_token) });
    expect(((await me.json()) as { id: string }).id).toBe(first.user.id);
    const devices = await fetch(`${engine.api}/auth/devices`, {
      headers: bearer(first.access_token),
    });
    const view = (await devices.json()) as {
      current_device: { last_login_method: string; display_name: string; is_trusted: boolean };
    };
    expect(view.current_device).toMatchObject({
      last_login_method: 'google',
      display_name: 'Chrome 121 on Windows 10/11',
      is_trusted: true,
    });
    const sessions = await fetch(`${engine.api}/auth/sessions`, {
      headers: bearer(first.access_token),
    });
    expect(await sessions.json()).toHaveLength(1);
    const links = await fetch(`${engine.api}/auth/account-providers`, {
      headers: bearer(first.access_token),
    });
    expect(await links.json()).toEqual([
      {
        id: expect.any(String),
        provider: 'google',
        provider_account_id: sub,
        type: 'oauth',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
  });

  it('logs the same user in again, from cached keys, with a new session', async () => {
    const fetchesBefore = google.jwksFetches();
    const res = await signIn(google.idToken(sub, email), sub, email, userAgent);
    expect(res.status).toBe(200);
    const again = (await res.json()) as TokenBody;
    expect(again.user.id).toBe(first.user.id);
    expect(again.access_token).not.toBe(first.access_token);
    expect(google.jwksFetches()).toBe(fetchesBefore);
    const sessions = await fetch(`${engine.api}/auth/sessions`, {
      headers: bearer(again.access_token),
    });
    expect(await sessions.json()).toHaveLength(2);
    const devices = (await (
      await fetch(`${engine.api}/auth/devices`, { headers: bearer(again.access_token) })
    ).json()) as { total_count: number; current_device: { login_count: number } };
    expect(devices.total_count).toBe(1);
    expect(devices.current_device.login_count).toBe(2);
  });

  it('the account has no password, so a password login is refused', async () => {
    const res = await login(engine, email, 'anything-1', uniqueUserAgent());
    expect(res.status).toBe(401);
  });

  it('accepts ES256 tokens too', async () => {
    const kid = google.addKey({ alg: 'ES256' });
    const res = await signIn(google.idToken(sub, email, { kid }), sub, email);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as TokenBody).user.id).toBe(first.user.id);
  });
});

describe('Google sign-in for an existing e-mail account', () => {
  freshEngine();
  it('links Google to the account with that verified e-mail and logs it in', async () => {
    const user = await registerUser(engine);
    const { sub } = newIdentity();
    const res = await signIn(google.idToken(sub, user.email), sub, user.email);
    expect(res.status).toBe(200);
    const signedIn = (await res.json()) as TokenBody;
    expect(signedIn.user.id).toBe(user.id);
    const links = await fetch(`${engine.api}/auth/account-providers`, {
      headers: bearer(user.tokens.access_token),
    });
    expect(await links.json()).toMatchObject([{ provider: 'google', provider_account_id: sub }]);
    // The password still works.
    expect((await login(engine, user.email, user.password, user.userAgent)).status).toBe(200);
  });

  it('refuses (409) a second Google account for the same e-mail account', async () => {
    const user = await registerUser(engine);
    const a = newIdentity();
    const b = newIdentity();
    expect((await signIn(google.idToken(a.sub, user.email), a.sub, user.email)).status).toBe(200);
    const res = await signIn(google.idToken(b.sub, user.email), b.sub, user.email);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'conflict' });
  });
});

describe('bad Google tokens', () => {
  freshEngine();
  const { sub, email } = newIdentity();
  const now = Math.floor(Date.now() / 1000);

  it('refuses each with 401 invalid_credentials and a reason, creating nothing', async () => {
    const strangerKey = google.addKey({ publish: false });
    const published = google.addKey();
    const cases: [string, string, string?, string?][] = [
      ['signature', google.idToken(sub, email, { kid: published, signWith: strangerKey })],
      ['unknown_key', google.idToken(sub, email, { kid: strangerKey })],
      ['expired', google.idToken(sub, email, { claims: { iat: now - 7300, exp: now - 3700 } })],
      ['not_yet_valid', google.idToken(sub, email, { claims: { iat: now + 600 } })],
      ['audience', google.idToken(sub, email, { claims: { aud: 'another-app' } })],
      [
        'audience',
        google.idToken(sub, email, {
          claims: { aud: [GOOGLE_CLIENT_ID, 'another-app'], azp: 'another-app' },
        }),
      ],
      ['issuer', google.idToken(sub, email, { claims: { iss: 'https://evil.example' } })],
      ['email_unverified', google.idToken(sub, email, { claims: { email_verified: false } })],
      ['subject_mismatch', google.idToken('someone-else', email)],
      ['email_mismatch', google.idToken(sub, 'other@gmail.example')],
      ['algorithm', google.idToken(sub, email, { header: { alg: 'HS256' } })],
      ['algorithm', google.idToken(sub, email, { header: { alg: 'none' } })],
      ['malformed', 'not.a-jwt'],
      // A genuine signature over other claims: the payload was swapped after signing.
      [
        'signature',
        (() => {
          const [head, , signature] = google.idToken(sub, email).split('.');
          const [, payload] = google.idToken(sub, email, { claims: { name: 'M' } }).split('.');
          return `${head}.${payload}.${signature}`;
        })(),
      ],
    ];
    for (const [reason, token] of cases) {
      await expectRefused(await signIn(token, sub, email), reason);
    }
    expect(engine.engine.services.accounts.users.findByEmail(email)).toBeUndefined();
  });

  it('still accepts a small clock skew', async () => {
    const { sub: s2, email: e2 } = newIdentity();
    const token = google.idToken(s2, e2, { claims: { iat: now - 3630, exp: now - 30 } });
    expect((await signIn(token, s2, e2)).status).toBe(200);
  });

  it('rejects a request without an id_token as a validation error', async () => {
    const res = await postJson(engine, '/auth/oauth/google', {
      profile: { email },
      account: { providerAccountId: sub },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_error' });
  });
});

describe('Google key rotation', () => {
  freshEngine();
  it('refetches the key set when a token names a new key', async () => {
    const { sub, email } = newIdentity();
    const before = google.jwksFetches();
    const rotated = google.addKey();
    const res = await signIn(google.idToken(sub, email, { kid: rotated }), sub, email);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(google.jwksFetches()).toBe(before + 1);
    // The new key is now cached: no further fetch.
    const again = await signIn(google.idToken(sub, email, { kid: rotated }), sub, email);
    expect(again.status).toBe(200);
    expect(google.jwksFetches()).toBe(before + 1);
  });

  it('asks for an unknown kid at most once a minute', async () => {
    const { sub, email } = newIdentity();
    const unknown = google.addKey({ publish: false });
    await expectRefused(
      await signIn(google.idToken(sub, email, { kid: unknown }), sub, email),
      'unknown_key',
    );
    const before = google.jwksFetches();
    await expectRefused(
      await signIn(google.idToken(sub, email, { kid: unknown }), sub, email),
      'unknown_key',
    );
    expect(google.jwksFetches()).toBe(before);
  });
});

describe('Google sign-in that cannot be checked', () => {
  it('is 503 naming the setting when no client id is configured', async () => {
    const bare = await startEngine({ googleClientIds: [], googleJwksUrl: google.jwksUrl });
    try {
      const { sub, email } = newIdentity();
      const res = await signIn(google.idToken(sub, email), sub, email, undefined, bare);
      expect(res.status).toBe(503);
      const error = (await res.json()) as { code: string; detail: string };
      expect(error.code).toBe('service_unavailable');
      expect(error.detail).toContain('TAPEHOUSE_GOOGLE_CLIENT_ID');
    } finally {
      await bare.stop();
    }
  });

  it('is 503 when Google’s keys cannot be fetched', async () => {
    const offline = await startEngine({
      googleClientIds: [GOOGLE_CLIENT_ID],
      googleJwksUrl: `${await unreachableUrl()}/oauth2/v3/certs`,
    });
    try {
      const { sub, email } = newIdentity();
      const res = await signIn(google.idToken(sub, email), sub, email, undefined, offline);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        code: 'service_unavailable',
        detail: expect.stringContaining('Google could not be reached'),
      });
    } finally {
      await offline.stop();
    }
  });
});
