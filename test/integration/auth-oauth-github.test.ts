// GitHub sign-in end to end (document 1, POST /auth/oauth/github): a real engine pointed at a
// local GitHub API (/user, /user/emails). A good token registers and then logs in; the e-mail
// must be one GitHub vouches for; a token GitHub refuses is 401; GitHub failing or unreachable
// is 503.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  postJson,
  registerUser,
  uniqueUserAgent,
  type TokenBody,
} from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { startFakeGithub, unreachableUrl, type FakeGithub } from '../helpers/oauth-providers.ts';

let github: FakeGithub;
let engine: TestEngine;

beforeAll(async () => {
  github = await startFakeGithub();
  engine = await startEngine({ githubApiUrl: github.url });
});

afterAll(async () => {
  await engine.stop();
  await github.stop();
});

function signIn(
  token: string,
  providerAccountId: string | number,
  email: string | null,
  target: TestEngine = engine,
): Promise<Response> {
  return postJson(
    target,
    '/auth/oauth/github',
    {
      profile: { email, name: 'Octo Narrator', picture: null },
      account: { access_token: token, providerAccountId, type: 'oauth' },
    },
    { 'User-Agent': uniqueUserAgent() },
  );
}

async function expectRefused(res: Response, reason: string): Promise<void> {
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({
    code: 'invalid_credentials',
    provider: 'github',
    reason,
  });
}

describe('GitHub sign-in', () => {
  it('registers with a good token, then logs the same user in', async () => {
    const { token, account } = github.addAccount({});
    const seen = github.requests.length;
    const res = await signIn(token, String(account.id), account.email);
    expect(res.status, await res.clone().text()).toBe(200);
    const first = (await res.json()) as TokenBody;
    expect(first.user).toMatchObject({
      email: account.email,
      full_name: 'Octo Narrator',
      image: account.avatar_url,
      is_verified: true,
    });
    // The public e-mail settles it: /user/emails is not needed.
    expect(github.requests.slice(seen)).toEqual(['/user']);

    const again = await signIn(token, account.id, account.email);
    expect(again.status).toBe(200);
    const second = (await again.json()) as TokenBody;
    expect(second.user.id).toBe(first.user.id);
    const devices = (await (
      await fetch(`${engine.api}/auth/devices`, { headers: bearer(second.access_token) })
    ).json()) as { current_device: { last_login_method: string } };
    expect(devices.current_device.last_login_method).toBe('github');
  });

  it('reads a private e-mail from /user/emails, verified only', async () => {
    const { token, account } = github.addAccount({
      email: null,
      emails: [
        { email: 'Old.Address@Example.com', verified: false, primary: false },
        { email: 'private.octo@example.com', verified: true, primary: true },
      ],
    });
    const seen = github.requests.length;
    await expectRefused(
      await signIn(token, account.id, 'old.address@example.com'),
      'email_unverified',
    );
    await expectRefused(await signIn(token, account.id, 'nobody@example.com'), 'email_mismatch');
    expect(github.requests.slice(seen)).toEqual(['/user', '/user/emails', '/user', '/user/emails']);
    // Without a profile e-mail the primary verified address is used.
    const res = await signIn(token, account.id, null);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as TokenBody).user.email).toBe('private.octo@example.com');
  });

  it('refuses an account when GitHub vouches for no e-mail (no user:email scope)', async () => {
    const { token, account } = github.addAccount({ email: null, emails: null });
    await expectRefused(await signIn(token, account.id, null), 'email_unverified');
    const res = await signIn(token, account.id, 'claimed@example.com');
    await expectRefused(res, 'email_mismatch');
  });

  it('links GitHub to an existing account with that e-mail', async () => {
    const user = await registerUser(engine);
    const { token, account } = github.addAccount({ email: user.email });
    const res = await signIn(token, account.id, user.email);
    expect(res.status).toBe(200);
    expect(((await res.json()) as TokenBody).user.id).toBe(user.id);
  });

  it('refuses a token GitHub rejects, and a token of another account, with 401', async () => {
    const { account } = github.addAccount({});
    await expectRefused(
      await signIn('gho_not-a-real-token', account.id, account.email),
      'rejected',
    );
    const other = github.addAccount({});
    await expectRefused(await signIn(other.token, account.id, account.email), 'account_mismatch');
  });

  it('answers 503 when GitHub fails', async () => {
    const { token, account } = github.addAccount({});
    github.failWith(502);
    try {
      const res = await signIn(token, account.id, account.email);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        code: 'service_unavailable',
        detail: expect.stringContaining('GitHub answered 502'),
      });
    } finally {
      github.failWith(null);
    }
  });
});

describe('GitHub unreachable', () => {
  it('answers 503 service_unavailable naming GitHub', async () => {
    const offline = await startEngine({ githubApiUrl: await unreachableUrl() });
    try {
      const res = await signIn('gho_whatever', 1, 'someone@example.com', offline);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        code: 'service_unavailable',
        detail: expect.stringContaining('GitHub could not be reached'),
      });
    } finally {
      await offline.stop();
    }
  });
});
