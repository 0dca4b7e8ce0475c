// Sync's settings (engine/src/config.ts, `sync`): the hosted URL is https, or http to this
// machine only; the token store mode is one of three; payment and OAuth secrets come from the
// environment, never settings.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOSTED_URL, loadConfig } from '../../config.ts';

function home(settings?: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-sync-config-'));
  if (settings) fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings));
  return dir;
}

describe('sync settings', () => {
  it('default to the company’s hosted service, the automatic token store, no payments', () => {
    const { sync } = loadConfig({ TAPEHOUSE_HOME: home() });
    expect(sync).toMatchObject({
      hostedUrl: DEFAULT_HOSTED_URL,
      credentialStore: 'auto',
      stripe: null,
      oauthApps: { google: null, github: null },
    });
  });

  it('take the hosted URL from the environment, then settings.json, without a trailing slash', () => {
    expect(
      loadConfig({ TAPEHOUSE_HOME: home(), TAPEHOUSE_HOSTED_URL: 'https://hosted.example/' }).sync
        .hostedUrl,
    ).toBe('https://hosted.example');
    const fromFile = home({ hostedUrl: 'https://other.example' });
    expect(loadConfig({ TAPEHOUSE_HOME: fromFile }).sync.hostedUrl).toBe('https://other.example');
  });

  it('refuse plain http except to this machine', () => {
    expect(() =>
      loadConfig({ TAPEHOUSE_HOME: home(), TAPEHOUSE_HOSTED_URL: 'http://hosted.example' }),
    ).toThrow(/TAPEHOUSE_HOSTED_URL must use https/);
    for (const url of ['http://127.0.0.1:8123', 'http://localhost:9', 'http://[::1]:80']) {
      expect(loadConfig({ TAPEHOUSE_HOME: home(), TAPEHOUSE_HOSTED_URL: url }).sync.hostedUrl).toBe(
        url,
      );
    }
  });

  it('check the token store mode', () => {
    expect(
      loadConfig({ TAPEHOUSE_HOME: home(), TAPEHOUSE_CREDENTIAL_STORE: 'file' }).sync
        .credentialStore,
    ).toBe('file');
    expect(() =>
      loadConfig({ TAPEHOUSE_HOME: home(), TAPEHOUSE_CREDENTIAL_STORE: 'plaintext' }),
    ).toThrow(/TAPEHOUSE_CREDENTIAL_STORE/);
  });

  it('read Stripe and OAuth secrets from the environment only', () => {
    const { sync } = loadConfig({
      TAPEHOUSE_HOME: home({ oauthApps: { github: { client_id: 'gh-id' } } }),
      TAPEHOUSE_STRIPE_SECRET_KEY: 'sk_test_x',
      TAPEHOUSE_STRIPE_WEBHOOK_SECRET: 'whsec_x',
      TAPEHOUSE_GITHUB_CLIENT_SECRET: 'gh-secret',
    });
    expect(sync.stripe).toMatchObject({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: null,
    });
    expect(sync.oauthApps.github).toMatchObject({
      clientId: 'gh-id',
      clientSecret: 'gh-secret',
      authorizeUrl: 'https://github.com/login/oauth/authorize',
    });
    // A secret in settings.json is not a setting: the file is refused.
    expect(() =>
      loadConfig({
        TAPEHOUSE_HOME: home({ oauthApps: { github: { client_id: 'a', client_secret: 'b' } } }),
      }),
    ).toThrow(/settings file/);
  });
});
