// Sync, browser sign-in (docs/api/sync.md, "Google and GitHub"): RFC 8252 with PKCE between a
// studio, the hosted engine and a provider — here GitHub's shape, served locally by an
// authorization server and the fake GitHub API. The studio listens on a loopback address, the
// "browser" (fetch, following redirects) approves, the hosted engine exchanges the code with its
// client secret and signs the workstation in as a device.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAuthorizationServer,
  type FakeAuthorizationServer,
} from '../helpers/oauth-authorization.ts';
import { startFakeGithub, type FakeGithub } from '../helpers/oauth-providers.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp-peer.ts';
import { call, startHosted, startStudio, type RestartableEngine } from '../helpers/sync-engines.ts';

const CLIENT = { id: 'gh-client-tapehouse', secret: 'gh-secret-kept-by-the-hosted-service' };

let smtp: SmtpPeer;
let github: FakeGithub;
let provider: FakeAuthorizationServer;
let hosted: RestartableEngine;
let studio: RestartableEngine;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  github = await startFakeGithub();
  provider = await startFakeAuthorizationServer(CLIENT);
  hosted = await startHosted(smtp, {
    env: {
      TAPEHOUSE_GITHUB_API_URL: github.url,
      TAPEHOUSE_GITHUB_CLIENT_ID: CLIENT.id,
      TAPEHOUSE_GITHUB_CLIENT_SECRET: CLIENT.secret,
      TAPEHOUSE_GITHUB_AUTHORIZE_URL: provider.authorizeUrl,
      TAPEHOUSE_GITHUB_TOKEN_URL: provider.tokenUrl,
    },
  });
  studio = await startStudio(hosted.url);
});

afterAll(async () => {
  await studio?.stop();
  await hosted?.stop();
  await provider?.stop();
  await github?.stop();
  await smtp?.stop();
});

describe('sign in with GitHub in the system browser', () => {
  it('the hosted service never hands out its client secret', async () => {
    const res = await fetch(`${hosted.api}/sync/oauth/github`);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ client_id: CLIENT.id, authorize_url: provider.authorizeUrl });
    expect(JSON.stringify(body)).not.toContain(CLIENT.secret);
    const google = await fetch(`${hosted.api}/sync/oauth/google`);
    expect(google.status).toBe(503);
  });

  it('links the studio through a loopback redirect with PKCE', async () => {
    const { token, account } = github.addAccount({ email: 'octo@example.com' });
    provider.grant = token;
    const started = await call(studio, studio.token, 'POST', '/sync/link/oauth', {
      provider: 'github',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const authorize = new URL(String(started.body.authorize_url));
    expect(authorize.origin + authorize.pathname).toBe(provider.authorizeUrl);
    const redirect = new URL(authorize.searchParams.get('redirect_uri') ?? '');
    expect(redirect.protocol).toBe('http:');
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT.id);
    const pending = await call(studio, studio.token, 'GET', '/sync/status');
    expect(pending.body.oauth_pending).toMatchObject({ provider: 'github' });

    // The browser: the provider approves and redirects to the studio's loopback listener.
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Signed in as octo@example.com');
    expect(provider.exchanges).toEqual(['ok']);

    const status = await call(studio, studio.token, 'GET', '/sync/status');
    expect(status.body).toMatchObject({
      state: 'linked',
      method: 'github',
      account_email: 'octo@example.com',
      oauth_pending: null,
    });
    const synced = await call(studio, studio.token, 'POST', '/sync/run');
    expect(synced.body.last_error).toBeNull();
    // The workstation is a device of the account, signed in with GitHub.
    const file = JSON.parse(
      fs.readFileSync(path.join(studio.home, 'sync-credentials.json'), 'utf8'),
    ) as { secrets: Record<string, string> };
    const session = JSON.parse(Object.values(file.secrets)[0] ?? '{}') as { access_token: string };
    const devices = await call(hosted, session.access_token, 'GET', '/auth/devices');
    expect(devices.body.current_device).toMatchObject({
      last_login_method: 'github',
      display_name: expect.stringMatching(/^Tapehouse/) as unknown,
    });
    const links = await call(hosted, session.access_token, 'GET', '/auth/account-providers');
    expect(links.body).toEqual([
      expect.objectContaining({ provider: 'github', provider_account_id: String(account.id) }),
    ]);

    // The loopback listener is gone once used.
    const again = await fetch(redirect).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(Error);
  });

  it('a redirect carrying another sign-in’s state is refused', async () => {
    await call(studio, studio.token, 'POST', '/sync/unlink');
    const started = await call(studio, studio.token, 'POST', '/sync/link/oauth', {
      provider: 'github',
    });
    const authorize = new URL(String(started.body.authorize_url));
    const redirect = new URL(authorize.searchParams.get('redirect_uri') ?? '');
    redirect.searchParams.set('code', 'stolen-code');
    redirect.searchParams.set('state', 'not-the-state');
    const res = await fetch(redirect);
    expect(res.status).toBe(400);
    const status = await call(studio, studio.token, 'GET', '/sync/status');
    expect(status.body.state).toBe('unlinked');
  });

  it('the hosted exchange takes loopback redirects only', async () => {
    const res = await fetch(`${hosted.api}/sync/oauth/github/exchange`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        code: 'x',
        code_verifier: 'v'.repeat(43),
        redirect_uri: 'https://attacker.example/callback',
      }),
    });
    expect(res.status).toBe(400);
  });
});
