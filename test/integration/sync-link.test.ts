// Sync, link and unlink, between two real engines in this process: the hosted service
// (TAPEHOUSE_PROFILE=hosted, real e-mail to a loopback SMTP peer) and a studio pointed at it
// (docs/api/sync.md). Linking by password (never by API key), the workstation as a device of the
// account, the hosted balance shown locally, unlink revoking the session, silent refresh
// rotation, a revoked session surfacing as "signed out", and the 0600 token file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../engine/src/clock.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp-peer.ts';
import {
  call,
  registerHostedUser,
  startHosted,
  startStudio,
  type HostedUser,
  type RestartableEngine,
} from '../helpers/sync-engines.ts';

let smtp: SmtpPeer;
let hosted: RestartableEngine;
let studio: RestartableEngine;
let owner: HostedUser;

interface Device {
  display_name: string;
  last_login_method: string;
  is_active: boolean;
  current_session_id: string | null;
}

const credentialsFile = () => path.join(studio.home, 'sync-credentials.json');

async function devices(): Promise<Device[]> {
  const res = await call(hosted, owner.access, 'GET', '/auth/devices');
  expect(res.status).toBe(200);
  return res.body.devices as Device[];
}

async function sessions(): Promise<{ session_id: string; device_info: string }[]> {
  const res = await fetch(`${hosted.api}/auth/sessions`, {
    headers: { Authorization: `Bearer ${owner.access}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { session_id: string; device_info: string }[];
}

function storedTokens(): { access_token: string; refresh_token: string } {
  const file = JSON.parse(fs.readFileSync(credentialsFile(), 'utf8')) as {
    secrets: Record<string, string>;
  };
  const secret = Object.values(file.secrets)[0];
  if (!secret) throw new Error('no stored hosted session');
  return JSON.parse(secret) as { access_token: string; refresh_token: string };
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  hosted = await startHosted(smtp);
  studio = await startStudio(hosted.url);
  owner = await registerHostedUser(hosted, smtp);
});

afterAll(async () => {
  await studio?.stop();
  await hosted?.stop();
  await smtp?.stop();
});

describe('sync status before linking', () => {
  it('says unlinked, names the hosted URL and the token file, for the machine owner only', async () => {
    const res = await call(studio, studio.token, 'GET', '/sync/status');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      linked: false,
      state: 'unlinked',
      account_email: null,
      hosted_url: hosted.url,
      queue_length: 0,
      credential_store: { kind: 'file', location: credentialsFile() },
    });
    // A local user's access token is not the machine owner's credential.
    expect((await call(studio, 'not-a-token', 'GET', '/sync/status')).status).toBe(401);
  });
});

describe('link by e-mail and password', () => {
  it('refuses a wrong password with the hosted code, and links with the right one', async () => {
    const wrong = await call(studio, studio.token, 'POST', '/sync/link', {
      email: owner.email,
      password: 'not-the-password-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'hosted_auth_failed',
      hosted_code: 'invalid_credentials',
    });

    const res = await call(studio, studio.token, 'POST', '/sync/link', {
      email: owner.email,
      password: owner.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      linked: true,
      state: 'linked',
      account_email: owner.email,
      method: 'password',
      last_error: null,
    });
    expect(res.body.last_sync_at).not.toBeNull();
  });

  it('shows the workstation as a device and a session of the hosted account', async () => {
    const found = (await devices()).filter((d) => d.display_name.startsWith('Tapehouse'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ last_login_method: 'password', is_active: true });
    expect((await sessions()).some((s) => s.device_info.startsWith('Tapehouse'))).toBe(true);
  });

  it('shows exactly the hosted balance, plan and usage', async () => {
    const hostedBalance = await call(hosted, owner.access, 'GET', '/credits');
    const me = await call(hosted, owner.access, 'GET', '/auth/me');
    const status = await call(studio, studio.token, 'POST', '/sync/run');
    expect(status.body.hosted_credits).toMatchObject({
      credits_balance: hostedBalance.body.credits_balance,
      payg_balance: hostedBalance.body.payg_balance,
      total_available_credits: hostedBalance.body.total_available_credits,
      credits_per_month: hostedBalance.body.credits_per_month,
      plan_id: (me.body.subscription as { plan_id: string }).plan_id,
    });
    expect(Number(hostedBalance.body.credits_balance)).toBeGreaterThan(0);
  });

  it('keeps the tokens in a file only the owner can read, and never the password', () => {
    const stat = fs.statSync(credentialsFile());
    expect(stat.mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(credentialsFile(), 'utf8');
    expect(text).not.toContain(owner.password);
    expect(storedTokens().refresh_token.split('.')).toHaveLength(3);
  });

  it('refuses a second link while linked', async () => {
    const again = await call(studio, studio.token, 'POST', '/sync/link', {
      email: owner.email,
      password: owner.password,
    });
    expect(again.status).toBe(409);
  });

  it('refreshes an expired access token silently, rotating the refresh token', async () => {
    const before = storedTokens();
    const claims = JSON.parse(
      Buffer.from(before.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { sub: string; sid: string };
    const now = Math.floor(Date.now() / 1000);
    const expired = hosted.engine.services.accounts.tokens.signAccessToken({
      userId: claims.sub,
      sessionId: claims.sid,
      issuedAt: now - 7200,
      expiresAt: now - 3600,
    });
    // The studio reads its tokens at start: put an expired one in place and start it again.
    await studio.halt();
    const file = JSON.parse(fs.readFileSync(credentialsFile(), 'utf8')) as {
      secrets: Record<string, string>;
    };
    for (const key of Object.keys(file.secrets))
      file.secrets[key] = JSON.stringify({ ...before, access_token: expired });
    fs.writeFileSync(credentialsFile(), JSON.stringify(file), { mode: 0o600 });
    await studio.restart();

    const status = await call(studio, studio.token, 'POST', '/sync/run');
    expect(status.body).toMatchObject({ state: 'linked', last_error: null });
    const after = storedTokens();
    expect(after.refresh_token).not.toBe(before.refresh_token);
    // (Presenting the spent one now would end the session as reuse: the hosted side's rule.)
  });

  it('unlink ends the hosted session and forgets the tokens', async () => {
    const tokens = storedTokens();
    const res = await call(studio, studio.token, 'POST', '/sync/unlink');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      linked: false,
      state: 'unlinked',
      hosted_session_revoked: true,
    });
    expect(fs.existsSync(credentialsFile())).toBe(false);
    expect((await sessions()).some((s) => s.device_info.startsWith('Tapehouse'))).toBe(false);
    const refresh = await fetch(`${hosted.api}/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: tokens.refresh_token }),
    });
    expect(refresh.status).toBe(401);
    const access = await call(hosted, tokens.access_token, 'GET', '/auth/me');
    expect(access.status).toBe(401);
  });
});

// Issue 25, defect 5: a key never opens a session, so it cannot link a studio either.
describe('an API key cannot link', () => {
  it('the studio refuses {api_key} and the hosted service answers POST /sync/devices with 410', async () => {
    const key = await call(hosted, owner.access, 'POST', '/auth/api-keys', {
      name: 'workstation',
      scopes: ['*'],
    });
    expect(key.status).toBe(201);
    const before = (await sessions()).length;
    const res = await call(studio, studio.token, 'POST', '/sync/link', {
      api_key: key.body.api_key,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error' });
    expect(String(res.body.detail)).toContain('An API key cannot link a studio');
    const direct = await fetch(`${hosted.api}/sync/devices`, {
      method: 'POST',
      headers: { 'X-API-Key': String(key.body.api_key), 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(direct.status).toBe(410);
    expect(await direct.text()).not.toContain('access_token');
    expect((await sessions()).length).toBe(before);
  });

  it('links again with the e-mail and password', async () => {
    const res = await call(studio, studio.token, 'POST', '/sync/link', {
      email: owner.email,
      password: owner.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ linked: true, method: 'password' });
  });

  it('a session revoked on the hosted side surfaces as signed out', async () => {
    const live = (await sessions()).find((s) => s.device_info.startsWith('Tapehouse'));
    expect(live).toBeDefined();
    const revoke = await call(hosted, owner.access, 'POST', '/auth/sessions/revoke', {
      session_id: live?.session_id,
    });
    expect(revoke.status).toBe(204);
    const status = await call(studio, studio.token, 'POST', '/sync/run');
    expect(status.body).toMatchObject({ linked: false, state: 'signed_out' });
    expect(String(status.body.last_error)).toMatch(/Signed out/);
    expect(fs.existsSync(credentialsFile())).toBe(false);
    // Signing in again works from there.
    const again = await call(studio, studio.token, 'POST', '/sync/link', {
      email: owner.email,
      password: owner.password,
    });
    expect(again.body).toMatchObject({ state: 'linked' });
  });
});

describe('a 401 token_expired from the hosted service', () => {
  it('is answered by a silent refresh and a retry', async () => {
    // This studio's clock runs two hours behind, so it cannot see that its token expired: only
    // the hosted service's 401 token_expired tells it.
    const behind = await startStudio(hosted.url, {
      options: { clock: new ManualClock(Date.now() - 2 * 3600 * 1000) },
    });
    try {
      const linked = await call(behind, behind.token, 'POST', '/sync/link', {
        email: owner.email,
        password: owner.password,
      });
      expect(linked.body).toMatchObject({ state: 'linked' });
      const file = path.join(behind.home, 'sync-credentials.json');
      const read = () =>
        JSON.parse(fs.readFileSync(file, 'utf8')) as { secrets: Record<string, string> };
      const [account, secret] = Object.entries(read().secrets)[0] ?? ['', '{}'];
      const before = JSON.parse(secret) as { access_token: string; refresh_token: string };
      const claims = JSON.parse(
        Buffer.from(before.access_token.split('.')[1] ?? '', 'base64url').toString(),
      ) as { sub: string; sid: string };
      const now = Math.floor(Date.now() / 1000);
      const expired = hosted.engine.services.accounts.tokens.signAccessToken({
        userId: claims.sub,
        sessionId: claims.sid,
        issuedAt: now - 3700,
        expiresAt: now - 100,
      });
      await behind.halt();
      fs.writeFileSync(
        file,
        JSON.stringify({
          version: 1,
          secrets: { [account]: JSON.stringify({ ...before, access_token: expired }) },
        }),
        { mode: 0o600 },
      );
      await behind.restart();
      const status = await call(behind, behind.token, 'POST', '/sync/run');
      expect(status.body).toMatchObject({ state: 'linked', last_error: null });
      const after = JSON.parse(Object.values(read().secrets)[0] ?? '{}') as {
        refresh_token: string;
      };
      expect(after.refresh_token).not.toBe(before.refresh_token);
    } finally {
      await behind.stop();
    }
  });
});
