// Linked sign-in providers (document 1, /auth/account-providers) over HTTP on a real engine,
// with local Google (JWKS) and GitHub (API) servers: link after the same proof as sign-in,
// list without tokens, unlink, the two conflicts, and the last-sign-in-method rule for
// accounts that have no password.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  login,
  postJson,
  readOutbox,
  registerUser,
  uniqueUserAgent,
  type TestUser,
  type TokenBody,
} from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import {
  GOOGLE_CLIENT_ID,
  startFakeGithub,
  startFakeGoogle,
  type FakeGithub,
  type FakeGoogle,
} from '../helpers/oauth-providers.ts';

let google: FakeGoogle;
let github: FakeGithub;
let engine: TestEngine;

beforeAll(async () => {
  google = await startFakeGoogle();
  github = await startFakeGithub();
});

afterAll(async () => {
  await google.stop();
  await github.stop();
});

// Each describe gets its own engine: sign-ups from one IP are limited to 5 a minute.
function freshEngine(): void {
  beforeAll(async () => {
    engine = await startEngine({
      googleClientIds: [GOOGLE_CLIENT_ID],
      googleJwksUrl: google.jwksUrl,
      githubApiUrl: github.url,
    });
  });
  afterAll(async () => {
    await engine.stop();
  });
}

interface LinkRecord {
  id: string;
  provider: string;
  provider_account_id: string;
  type: string;
  created_at: string;
  updated_at: string;
}

function link(token: string, body: Record<string, unknown>): Promise<Response> {
  return postJson(engine, '/auth/account-providers', body, bearer(token));
}

async function links(token: string): Promise<LinkRecord[]> {
  const res = await fetch(`${engine.api}/auth/account-providers`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return (await res.json()) as LinkRecord[];
}

function unlink(token: string, provider: string): Promise<Response> {
  return fetch(`${engine.api}/auth/account-providers/${provider}`, {
    method: 'DELETE',
    headers: bearer(token),
  });
}

function googleIdentity(): { sub: string; email: string } {
  const id = randomUUID().slice(0, 8);
  return { sub: `10${id.replace(/\D/g, '')}${Date.now()}`, email: `g.${id}@gmail.example` };
}

async function googleSignIn(sub: string, email: string): Promise<TokenBody> {
  const res = await postJson(
    engine,
    '/auth/oauth/google',
    {
      profile: { email, name: 'Only Google', picture: null },
      account: { id_token: google.idToken(sub, email), providerAccountId: sub, type: 'oauth' },
    },
    { 'User-Agent': uniqueUserAgent() },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as TokenBody;
}

describe('link, list and unlink', () => {
  freshEngine();
  let alice: TestUser;
  let bob: TestUser;
  let aliceGithub: ReturnType<FakeGithub['addAccount']>;

  beforeAll(async () => {
    alice = await registerUser(engine);
    bob = await registerUser(engine);
  });

  it('links GitHub after GitHub confirms the token, and never shows tokens', async () => {
    aliceGithub = github.addAccount({});
    const { token, account } = aliceGithub;
    const res = await link(alice.tokens.access_token, {
      provider: 'github',
      provider_account_id: String(account.id),
      type: 'oauth',
      access_token: token,
      id_token: null,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const record = (await res.json()) as LinkRecord;
    expect(record).toEqual({
      id: expect.any(String),
      provider: 'github',
      provider_account_id: String(account.id),
      type: 'oauth',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const listed = await links(alice.tokens.access_token);
    expect(listed).toEqual([record]);
    expect(JSON.stringify(listed)).not.toContain(token);

    // Linking the same account again is harmless and answers the same link.
    const again = await link(alice.tokens.access_token, {
      provider: 'github',
      provider_account_id: account.id,
      access_token: token,
    });
    expect(again.status).toBe(201);
    expect(((await again.json()) as LinkRecord).id).toBe(record.id);

    // The link is a way in: GitHub sign-in now logs in as Alice, whatever e-mail GitHub has.
    const signIn = await postJson(engine, '/auth/oauth/github', {
      profile: { email: account.email },
      account: { access_token: token, providerAccountId: account.id, type: 'oauth' },
    });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as TokenBody).user.id).toBe(alice.id);
  });

  it('links Google with a verified id_token', async () => {
    const { sub } = googleIdentity();
    // Linking needs no matching e-mail: the caller is already signed in.
    const idToken = google.idToken(sub, 'alice-elsewhere@gmail.example');
    const res = await link(alice.tokens.access_token, {
      provider: 'google',
      provider_account_id: sub,
      type: 'oauth',
      access_token: 'ya29.unused',
      id_token: idToken,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await links(alice.tokens.access_token)).map((l) => l.provider).sort()).toEqual([
      'github',
      'google',
    ]);
  });

  it('refuses unproven links with 401 and incomplete ones with 400', async () => {
    const { sub } = googleIdentity();
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ provider: 'github', provider_account_id: '1', access_token: 'gho_bad' }, 401, 'rejected'],
      [
        { provider: 'google', provider_account_id: sub, id_token: google.idToken('x', 'x@y.z') },
        401,
        'subject_mismatch',
      ],
      [
        {
          provider: 'google',
          provider_account_id: sub,
          id_token: google.idToken(sub, 'a@b.c', { claims: { aud: 'other' } }),
        },
        401,
        'audience',
      ],
      [{ provider: 'google', provider_account_id: sub, access_token: 'ya29' }, 400],
      [{ provider: 'github', provider_account_id: '1' }, 400],
      [{ provider: 'gitlab', provider_account_id: '1', access_token: 'x' }, 400],
    ];
    for (const [body, status, reason] of cases) {
      const res = await link(bob.tokens.access_token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (reason) expect(await res.json()).toMatchObject({ code: 'invalid_credentials', reason });
    }
    expect(await links(bob.tokens.access_token)).toEqual([]);
  });

  it('refuses (409) an account linked to another user, and a second account per provider', async () => {
    const taken = await link(bob.tokens.access_token, {
      provider: 'github',
      provider_account_id: aliceGithub.account.id,
      // A genuine token for that account: holding it does not move the link.
      access_token: github.addAccount({ id: aliceGithub.account.id }).token,
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'conflict' });

    const second = github.addAccount({});
    const res = await link(alice.tokens.access_token, {
      provider: 'github',
      provider_account_id: second.account.id,
      access_token: second.token,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'conflict' });
  });

  it('unlinks; the link then stops signing in and a second unlink is 404', async () => {
    expect((await unlink(alice.tokens.access_token, 'github')).status).toBe(204);
    expect((await links(alice.tokens.access_token)).map((l) => l.provider)).toEqual(['google']);
    expect((await unlink(alice.tokens.access_token, 'github')).status).toBe(404);
    expect((await unlink(bob.tokens.access_token, 'google')).status).toBe(404);
    expect((await unlink(alice.tokens.access_token, 'gitlab')).status).toBe(400);

    // That GitHub account is nobody's now: signing in with it makes a new account.
    const { token, account } = aliceGithub;
    const signIn = await postJson(
      engine,
      '/auth/oauth/github',
      {
        profile: { email: account.email },
        account: { access_token: token, providerAccountId: account.id, type: 'oauth' },
      },
      { 'User-Agent': uniqueUserAgent() },
    );
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as TokenBody).user.id).not.toBe(alice.id);
  });

  it('is for login sessions: the studio token cannot link its owner account', async () => {
    const { token, account } = github.addAccount({});
    const res = await link(engine.token, {
      provider: 'github',
      provider_account_id: account.id,
      access_token: token,
    });
    expect(res.status).toBe(403);
    expect(await links(engine.token)).toEqual([]);
  });
});

describe('the last way to sign in', () => {
  freshEngine();

  it('keeps an account without a password from losing its only provider', async () => {
    const { sub, email } = googleIdentity();
    const grace = await googleSignIn(sub, email);
    const token = grace.access_token;

    const refused = await unlink(token, 'google');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'conflict',
      reason: 'last_sign_in_method',
    });

    // With a second provider linked, either one may go — but not both.
    const gh = github.addAccount({});
    const linked = await link(token, {
      provider: 'github',
      provider_account_id: gh.account.id,
      access_token: gh.token,
    });
    expect(linked.status).toBe(201);
    expect((await unlink(token, 'google')).status).toBe(204);
    expect((await unlink(token, 'github')).status).toBe(409);

    // Setting a password (forgot + reset, the way an OAuth-only account gets one) lifts it.
    expect((await postJson(engine, '/auth/forgot-password', { email })).status).toBe(204);
    const [mail] = await readOutbox(engine, email);
    const resetToken = /^([A-Za-z0-9_-]{43})$/m.exec(mail?.body ?? '')?.[1] ?? '';
    const reset = await postJson(engine, '/auth/reset-password', {
      token: resetToken,
      new_password: 'now-with-a-password-1',
    });
    expect(reset.status).toBe(204);
    const signedIn = await login(engine, email, 'now-with-a-password-1', uniqueUserAgent());
    expect(signedIn.status).toBe(200);
    const fresh = (await signedIn.json()) as TokenBody;
    expect((await unlink(fresh.access_token, 'github')).status).toBe(204);
    expect(await links(fresh.access_token)).toEqual([]);
  });
});
