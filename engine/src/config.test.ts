import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultHome, loadConfig } from './config.ts';
import { isAppError } from './errors.ts';

function tempHome(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-config-'));
}

describe('config', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ TAPEHOUSE_HOME: tempHome() });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 7341,
      profile: 'local',
      webhooksLoopbackPorts: [],
      notices: [],
      lanBind: false,
    });
  });

  it('reads every fixed environment name', () => {
    const home = tempHome();
    const config = loadConfig({
      TAPEHOUSE_HOME: home,
      TAPEHOUSE_HOST: '0.0.0.0',
      TAPEHOUSE_PORT: '0',
      TAPEHOUSE_PROFILE: 'hosted',
      TAPEHOUSE_MODELS_DIR: '../shared/models',
      TAPEHOUSE_DATA_DIR: '../shared/data',
      TAPEHOUSE_SMTP_URL: 'smtp://127.0.0.1:2525',
      TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK: '8080, 9000-9010',
      TAPEHOUSE_LLM_URL: 'http://127.0.0.1:8080/v1',
      TAPEHOUSE_FFMPEG: '/opt/ffmpeg',
    });
    expect(config).toMatchObject({
      home,
      host: '0.0.0.0',
      port: 0,
      profile: 'hosted',
      modelsDir: path.resolve('../shared/models'),
      dataDir: path.resolve('../shared/data'),
      smtpUrl: 'smtp://127.0.0.1:2525',
      webhooksLoopbackPorts: [
        { from: 8080, to: 8080 },
        { from: 9000, to: 9010 },
      ],
      llmUrl: 'http://127.0.0.1:8080/v1',
      ffmpegPath: '/opt/ffmpeg',
      lanBind: true,
    });
  });

  it('rejects a bad port or profile with a clear message', () => {
    for (const env of [
      { TAPEHOUSE_PORT: '70000' },
      { TAPEHOUSE_PORT: 'abc' },
      { TAPEHOUSE_PROFILE: 'cloud' },
    ]) {
      try {
        loadConfig({ TAPEHOUSE_HOME: tempHome(), ...env });
        expect.unreachable();
      } catch (error) {
        expect(isAppError(error) && error.code).toBe('validation_error');
      }
    }
  });

  it('reads the studio settings file, with the environment winning', () => {
    const home = tempHome();
    fs.writeFileSync(
      path.join(home, 'settings.json'),
      JSON.stringify({ ffmpegPath: '/from/settings', webhooksAllowLoopback: [8080, '9000-9001'] }),
    );
    expect(loadConfig({ TAPEHOUSE_HOME: home }).ffmpegPath).toBe('/from/settings');
    expect(loadConfig({ TAPEHOUSE_HOME: home, TAPEHOUSE_FFMPEG: '/from/env' }).ffmpegPath).toBe(
      '/from/env',
    );
    expect(loadConfig({ TAPEHOUSE_HOME: home }).webhooksLoopbackPorts).toEqual([
      { from: 8080, to: 8080 },
      { from: 9000, to: 9001 },
    ]);
    expect(
      loadConfig({ TAPEHOUSE_HOME: home, TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK: '7000' })
        .webhooksLoopbackPorts,
    ).toEqual([{ from: 7000, to: 7000 }]);
    fs.writeFileSync(path.join(home, 'settings.json'), '{"unknownKey": 1}');
    expect(() => loadConfig({ TAPEHOUSE_HOME: home })).toThrow(/settings file/);
  });

  it('scopes the loopback opt-in to listed ports; the old on-switch opens none', () => {
    for (const value of ['1', 'true']) {
      const legacy = loadConfig({
        TAPEHOUSE_HOME: tempHome(),
        TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK: value,
      });
      expect(legacy.webhooksLoopbackPorts).toEqual([]);
      expect(legacy.notices.join('\n')).toMatch(/no longer opens every port/);
    }
    expect(
      loadConfig({ TAPEHOUSE_HOME: tempHome(), TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK: '0' }),
    ).toMatchObject({ webhooksLoopbackPorts: [], notices: [] });
    for (const bad of ['abc', '70000', '9010-9000', '80-90-100', '8080,']) {
      expect(
        () => loadConfig({ TAPEHOUSE_HOME: tempHome(), TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK: bad }),
        bad,
      ).toThrow(/TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK/);
    }
  });

  it('reads job concurrency per resource from TAPEHOUSE_CONCURRENCY', () => {
    const home = tempHome();
    const defaults = loadConfig({ TAPEHOUSE_HOME: home }).concurrency;
    expect(
      loadConfig({ TAPEHOUSE_HOME: home, TAPEHOUSE_CONCURRENCY: 'inference=3, io=8' }).concurrency,
    ).toEqual({ ...defaults, inference: 3, io: 8 });
    for (const bad of ['gpu=2', 'inference=0', 'inference=two', 'io']) {
      expect(() => loadConfig({ TAPEHOUSE_HOME: home, TAPEHOUSE_CONCURRENCY: bad }), bad).toThrow(
        /TAPEHOUSE_CONCURRENCY/,
      );
    }
  });

  it('configures OAuth providers, refusing plain http beyond this machine', () => {
    const defaults = loadConfig({ TAPEHOUSE_HOME: tempHome() });
    expect(defaults).toMatchObject({
      googleClientIds: [],
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      githubApiUrl: 'https://api.github.com',
    });
    const set = loadConfig({
      TAPEHOUSE_HOME: tempHome(),
      TAPEHOUSE_GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com, desktop.apps',
      TAPEHOUSE_GOOGLE_JWKS_URL: 'http://127.0.0.1:4000/certs',
      TAPEHOUSE_GITHUB_API_URL: 'http://[::1]:4001',
    });
    expect(set).toMatchObject({
      googleClientIds: ['web.apps.googleusercontent.com', 'desktop.apps'],
      googleJwksUrl: 'http://127.0.0.1:4000/certs',
      githubApiUrl: 'http://[::1]:4001',
    });
    for (const env of [
      { TAPEHOUSE_GOOGLE_JWKS_URL: 'http://keys.example.com/certs' },
      { TAPEHOUSE_GITHUB_API_URL: 'ftp://127.0.0.1' },
      { TAPEHOUSE_GITHUB_API_URL: 'not a url' },
    ]) {
      expect(() => loadConfig({ TAPEHOUSE_HOME: tempHome(), ...env })).toThrow(
        /TAPEHOUSE_(GOOGLE_JWKS|GITHUB_API)_URL/,
      );
    }
  });

  it('reads the fetch loopback opt-in: off, every port, or listed ports; refuses junk', () => {
    const at = (value?: string) =>
      loadConfig({ TAPEHOUSE_HOME: tempHome(), TAPEHOUSE_FETCH_ALLOW_LOOPBACK: value })
        .fetchAllowLoopback;
    expect(at(undefined)).toBeNull();
    expect(at('0')).toBeNull();
    expect(at('1')).toBe('any');
    expect(at('8080, 9000')).toEqual([8080, 9000]);
    expect(() => at('yes')).toThrow(/TAPEHOUSE_FETCH_ALLOW_LOOPBACK/);
    expect(() => at('8080,70000')).toThrow(/1-65535/);
    const home = tempHome();
    fs.writeFileSync(
      path.join(home, 'settings.json'),
      JSON.stringify({ fetchAllowLoopback: [9000] }),
    );
    expect(loadConfig({ TAPEHOUSE_HOME: home }).fetchAllowLoopback).toEqual([9000]);
    const limits = loadConfig({
      TAPEHOUSE_HOME: tempHome(),
      TAPEHOUSE_FETCH_TIMEOUT_SECONDS: '5',
      TAPEHOUSE_FETCH_MAX_BYTES: '1000',
      TAPEHOUSE_YTDLP: 'system',
    });
    expect(limits).toMatchObject({ fetchTimeoutSeconds: 5, fetchMaxBytes: 1000, ytDlp: 'system' });
  });

  it('reads the chat timeout: 180 s by default, the environment over settings.json, junk refused', () => {
    expect(loadConfig({ TAPEHOUSE_HOME: tempHome() }).llmTimeoutSeconds).toBe(180);
    const home = tempHome();
    fs.writeFileSync(path.join(home, 'settings.json'), JSON.stringify({ llmTimeoutSeconds: 600 }));
    expect(loadConfig({ TAPEHOUSE_HOME: home }).llmTimeoutSeconds).toBe(600);
    expect(
      loadConfig({ TAPEHOUSE_HOME: home, TAPEHOUSE_LLM_TIMEOUT_SECONDS: '900' }).llmTimeoutSeconds,
    ).toBe(900);
    expect(() =>
      loadConfig({ TAPEHOUSE_HOME: tempHome(), TAPEHOUSE_LLM_TIMEOUT_SECONDS: '0' }),
    ).toThrow(/TAPEHOUSE_LLM_TIMEOUT_SECONDS/);
  });

  it('puts data in the OS app-data folder', () => {
    expect(defaultHome('linux', { XDG_DATA_HOME: '/x' })).toBe('/x/tapehouse');
    expect(defaultHome('darwin', {})).toMatch(/Library\/Application Support\/Tapehouse$/);
    expect(defaultHome('win32', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' })).toMatch(
      /Tapehouse$/,
    );
  });
});
