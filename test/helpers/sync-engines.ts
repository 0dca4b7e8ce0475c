/**
 * Two real engines for sync tests: the hosted service (TAPEHOUSE_PROFILE=hosted, real e-mail to
 * a loopback SMTP peer) and a studio (local profile) whose TAPEHOUSE_HOSTED_URL points at it.
 * Both run in this test process, each with its own data dir; either can be stopped and started
 * again on the same data dir (and the hosted one on the same port), as a crash or an outage would.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { loadConfig, type EngineConfig } from '../../engine/src/config.ts';
import { createEngine, type EngineOptions } from '../../engine/src/engine.ts';
import type { TestEngine } from './engine.ts';
import type { SmtpPeer } from './smtp-peer.ts';
import { makeTempDir } from './temp-dir.ts';

export interface RestartableEngine extends TestEngine {
  port: number;
  /** Stops the engine and keeps its data dir. */
  halt(): Promise<void>;
  /** Starts it again on the same data dir and port. */
  restart(): Promise<void>;
}

interface StartSpec {
  env: Record<string, string>;
  overrides?: Partial<EngineConfig>;
  options?: Omit<EngineOptions, 'studioToken' | 'log'>;
}

async function startRestartable(spec: StartSpec): Promise<RestartableEngine> {
  const temp = makeTempDir('tapehouse-sync-');
  const token = `sync-token-${randomUUID().slice(0, 8)}`;
  let port = 0;
  const boot = async () => {
    const config = loadConfig(
      { ...process.env, TAPEHOUSE_PORT: String(port), ...spec.env },
      { home: temp.dir, port, ...spec.overrides },
    );
    const engine = await createEngine(config, {
      ...spec.options,
      studioToken: token,
      log: () => {},
    });
    const url = await engine.listen();
    port = Number(new URL(url).port);
    return { engine, url };
  };
  let current = await boot();
  let running = true;
  const handle: RestartableEngine = {
    get url() {
      return current.url;
    },
    get api() {
      return `${current.url}/api/v1`;
    },
    get engine() {
      return current.engine;
    },
    get port() {
      return port;
    },
    token,
    home: temp.dir,
    halt: async () => {
      if (!running) return;
      running = false;
      await current.engine.stop();
    },
    restart: async () => {
      if (running) await current.engine.stop();
      current = await boot();
      running = true;
    },
    stop: async () => {
      if (running) await current.engine.stop();
      running = false;
      temp.cleanup();
    },
  };
  return handle;
}

/**
 * The env value that lets the hosted engine deliver to a receiver on this machine's `port`: the
 * port itself (TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK opens only the ports it lists).
 */
export function loopbackSetting(port: number): string {
  return String(port);
}

export async function startHosted(
  smtp: SmtpPeer,
  options: { receiverPort?: number; env?: Record<string, string> } & Omit<StartSpec, 'env'> = {},
): Promise<RestartableEngine> {
  return startRestartable({
    ...options,
    env: {
      TAPEHOUSE_PROFILE: 'hosted',
      TAPEHOUSE_SMTP_URL: smtp.url,
      TAPEHOUSE_CREDENTIAL_STORE: 'file',
      ...(options.receiverPort !== undefined && {
        TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK: loopbackSetting(options.receiverPort),
      }),
      ...options.env,
    },
  });
}

export async function startStudio(
  hostedUrl: string,
  options: { env?: Record<string, string> } & Omit<StartSpec, 'env'> = {},
): Promise<RestartableEngine> {
  return startRestartable({
    ...options,
    env: {
      TAPEHOUSE_PROFILE: 'local',
      TAPEHOUSE_HOSTED_URL: hostedUrl,
      TAPEHOUSE_CREDENTIAL_STORE: 'file',
      ...options.env,
    },
  });
}

export interface HostedUser {
  id: string;
  email: string;
  password: string;
  access: string;
}

/** Signs up on the hosted engine through the real flow: the code arrives by SMTP. */
export async function registerHostedUser(
  hosted: TestEngine,
  smtp: SmtpPeer,
  email = `owner-${randomUUID().slice(0, 8)}@example.com`,
): Promise<HostedUser> {
  const password = 'hosted-pass-1';
  const headers = { 'Content-Type': 'application/json', 'User-Agent': `Browser ${randomUUID()}` };
  const started = await fetch(`${hosted.api}/auth/initiate-registration`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, full_name: 'Studio Owner' }),
  });
  expect(started.status, await started.clone().text()).toBe(200);
  const code = await smtp.codeFor(email);
  const verified = await fetch(`${hosted.api}/auth/verify-registration`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, verification_code: code }),
  });
  expect(verified.status, await verified.clone().text()).toBe(200);
  const body = (await verified.json()) as { access_token: string; user: { id: string } };
  return { id: body.user.id, email, password, access: body.access_token };
}

export interface Call {
  status: number;
  body: Record<string, unknown> & { [key: string]: unknown };
}

/** JSON over HTTP with a Bearer credential. */
export async function call(
  engine: { api: string },
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Call> {
  const res = await fetch(`${engine.api}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Call['body'] };
}
