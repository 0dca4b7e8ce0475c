/**
 * Real engines for tests: in-process (fast, for API tests) or as a child process exactly as
 * `npm run engine` runs it (for crash, signal and browser tests). Each gets its own data dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type EngineConfig } from '../../engine/src/config.ts';
import { createEngine, type Engine, type EngineOptions } from '../../engine/src/engine.ts';
import type { PortRange } from '../../engine/src/loopback-ports.ts';
import { makeTempDir } from './temp-dir.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every unprivileged port, for tests whose local receivers (webhooks, URL inputs) listen on a
 * port picked after the engine starts. The loopback-port rules themselves are tested with exact
 * ports (webhooks-loopback-ports.test.ts).
 */
export const UNPRIVILEGED_PORTS: PortRange[] = [{ from: 1024, to: 65535 }];

export interface TestEngine {
  url: string;
  api: string;
  token: string;
  home: string;
  engine: Engine;
  stop(): Promise<void>;
}

/** `options`: engine hooks for tests (an injected clock, DNS answers, extra job types). */
export async function startEngine(
  overrides: Partial<EngineConfig> = {},
  options: Omit<EngineOptions, 'studioToken' | 'log'> = {},
): Promise<TestEngine> {
  const temp = overrides.home ? null : makeTempDir();
  const home = overrides.home ?? temp?.dir ?? '';
  const config = loadConfig(
    { ...process.env, TAPEHOUSE_PORT: '0' },
    { home, port: 0, ...overrides },
  );
  const token = `test-token-${Math.random().toString(36).slice(2)}`;
  const engine = await createEngine(config, { ...options, studioToken: token, log: () => {} });
  const url = await engine.listen();
  return {
    url,
    api: `${url}/api/v1`,
    token,
    home,
    engine,
    stop: async () => {
      await engine.stop();
      temp?.cleanup();
    },
  };
}

export interface EngineProcess {
  url: string;
  api: string;
  token: string;
  home: string;
  child: ChildProcess;
  /** Everything on stderr so far (the engine's log). */
  output: () => string;
  /** Everything on stdout so far (the ready line, then the sign-in link line). */
  stdout: () => string;
  /** SIGTERM and wait for exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: the crash case. */
  kill(): Promise<void>;
  /**
   * SIGKILL to the engine's whole process group (the engine, its ffmpeg and speech children),
   * as `kill -KILL -<pgid>` of an `npm run engine` session; needs `group: true`.
   */
  killGroup(): Promise<void>;
}

export async function startEngineProcess(
  options: {
    home?: string;
    env?: Record<string, string>;
    timeoutMs?: number;
    /** Its own process group (as a shell starts `npm run engine`), for killGroup(). */
    group?: boolean;
    /**
     * A command the engine's command line is appended to, which must end by exec'ing it (e.g.
     * `unshare … sh -c 'mount … && exec "$@"'`): the engine keeps the spawned pid.
     */
    launcher?: string[];
  } = {},
): Promise<EngineProcess> {
  const home = options.home ?? makeTempDir().dir;
  const token = `proc-token-${Math.random().toString(36).slice(2)}`;
  const [command, ...args] = [
    ...(options.launcher ?? []),
    process.execPath,
    '--import',
    'tsx',
    'engine/src/main.ts',
  ];
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      TAPEHOUSE_HOME: home,
      TAPEHOUSE_PORT: '0',
      TAPEHOUSE_STUDIO_TOKEN: token,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.group === true,
  });
  let log = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`engine did not become ready in time:\n${log}`)),
      options.timeoutMs ?? 60_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^TAPEHOUSE_READY (\S+)$/m.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`engine exited with ${code} before ready:\n${log}`));
    });
  });
  return {
    url,
    api: `${url}/api/v1`,
    token,
    home,
    child,
    output: () => log,
    stdout: () => stdout,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    killGroup: async () => {
      if (options.group !== true || child.pid === undefined) {
        throw new Error('killGroup() needs an engine started with group: true');
      }
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    },
  };
}

/** fetch with the studio token. */
export function authed(token: string, init: RequestInit = {}): RequestInit {
  return {
    ...init,
    headers: {
      ...(init.headers as Record<string, string> | undefined),
      Authorization: `Bearer ${token}`,
    },
  };
}
