/**
 * The supervisor against real processes: a fake engine (test-fixtures/fake-engine.ts) that can
 * be told to hang, fail or crash, and the real engine entry (engine/src/main.ts), both forked
 * under tsx exactly as `npm start` does without Electron.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineEnv } from './engine-child.ts';
import { EngineCrashLoopError, EngineStartupError } from './engine-errors.ts';
import { nodeEngineSpawner } from './engine-spawn-node.ts';
import {
  EngineSupervisor,
  type EngineSupervisorOptions,
  type LaunchContext,
  type SupervisorEvents,
} from './engine-supervisor.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FAKE_ENGINE = path.join(ROOT, 'electron/test-fixtures/fake-engine.ts');
const REAL_ENGINE = path.join(ROOT, 'engine/src/main.ts');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-supervisor-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function nextEvent<K extends keyof SupervisorEvents>(
  supervisor: EngineSupervisor,
  name: K,
): Promise<SupervisorEvents[K][0]> {
  return new Promise((resolve) => {
    supervisor.once(name, ((value: SupervisorEvents[K][0]) => resolve(value)) as never);
  });
}

/** A supervisor over the fake engine; every pid it starts is checked dead after the test. */
function fakeSupervisor(
  mode: string,
  options: Omit<Partial<EngineSupervisorOptions>, 'env'> & {
    env?: (context: LaunchContext) => EngineEnv;
  } = {},
): { supervisor: EngineSupervisor; pids: () => number[] } {
  const pidLog = path.join(tempDir(), 'pids.log');
  const { env, ...rest } = options;
  const supervisor = new EngineSupervisor({
    spawn: nodeEngineSpawner({ entry: FAKE_ENGINE, execArgv: ['--import', 'tsx'], cwd: ROOT }),
    env: (context) => ({
      FAKE_ENGINE_MODE: mode,
      FAKE_ENGINE_PID_LOG: pidLog,
      TAPEHOUSE_PORT: '0',
      ...env?.(context),
    }),
    readyTimeoutMs: 20_000,
    shutdownGraceMs: 2_000,
    killGraceMs: 2_000,
    ...rest,
  });
  const pids = (): number[] =>
    fs.existsSync(pidLog)
      ? fs.readFileSync(pidLog, 'utf8').split('\n').filter(Boolean).map(Number)
      : [];
  cleanups.push(async () => {
    await supervisor.stop();
    expect(pids().filter(isAlive), 'engine processes left running').toEqual([]);
  });
  return { supervisor, pids };
}

describe('EngineSupervisor with a fake engine', () => {
  it('resolves with the URL from the IPC ready message and emits ready', async () => {
    const { supervisor } = fakeSupervisor('ok');
    const announced = nextEvent(supervisor, 'ready');
    const ready = await supervisor.start();
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.port).toBe(Number(new URL(ready.url).port));
    expect(ready.pid).toBeTypeOf('number');
    expect(await announced).toEqual(ready);
    expect(supervisor.state).toBe('running');
    expect(supervisor.url).toBe(ready.url);
    expect(await (await fetch(ready.url)).text()).toBe('fake studio');
  });

  it('accepts the stdout ready line when no IPC message comes', async () => {
    const { supervisor } = fakeSupervisor('stdout-only');
    const ready = await supervisor.start();
    expect(await (await fetch(ready.url)).text()).toBe('fake studio');
  });

  it('fails a start that times out with the engine stderr in the error, and ends the process', async () => {
    const { supervisor, pids } = fakeSupervisor('hang', { readyTimeoutMs: 6_000 });
    const error = await supervisor.start().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineStartupError);
    const startup = error as EngineStartupError;
    expect(startup.reason).toBe('timeout');
    expect(startup.message).toContain('did not report ready within 6 s');
    expect(startup.message).toContain('still waiting for the GPU driver');
    expect(startup.stderrTail).toContain('loading the voice model');
    expect(supervisor.state).toBe('failed');
    await supervisor.stop();
    expect(pids()).toHaveLength(1);
    expect(pids().filter(isAlive)).toEqual([]);
  });

  it('fails a start when the engine exits first, with its exit code, stderr and fatal message', async () => {
    const { supervisor } = fakeSupervisor('fail');
    const error = (await supervisor.start().catch((e: unknown) => e)) as EngineStartupError;
    expect(error).toBeInstanceOf(EngineStartupError);
    expect(error.reason).toBe('exited');
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain('exited with code 3 before it was ready');
    expect(error.message).toContain('fatal: database is locked by another process');
  });

  it('reports a spawn function that throws as spawn_failed', async () => {
    const supervisor = new EngineSupervisor({
      spawn: () => {
        throw new Error('no such entry');
      },
    });
    const error = (await supervisor.start().catch((e: unknown) => e)) as EngineStartupError;
    expect(error.reason).toBe('spawn_failed');
    expect(error.message).toContain('no such entry');
  });

  it('restarts an engine killed with SIGKILL: a new process, a new ready, the same port', async () => {
    const contexts: LaunchContext[] = [];
    const { supervisor } = fakeSupervisor('ok', {
      restart: { initialDelayMs: 100 },
      // What main.ts does: a restarted engine keeps its port, so the window keeps its origin.
      env: (context) => {
        contexts.push(context);
        return { TAPEHOUSE_PORT: String(context.previousPort ?? 0) };
      },
    });
    const first = await supervisor.start();
    const exited = nextEvent(supervisor, 'exit');
    const restarting = nextEvent(supervisor, 'restarting');
    const readyAgain = nextEvent(supervisor, 'ready');
    process.kill(first.pid as number, 'SIGKILL');

    expect(await exited).toMatchObject({ pid: first.pid, signal: 'SIGKILL', expected: false });
    expect(await restarting).toMatchObject({ attempt: 1, delayMs: 100 });
    const second = await readyAgain;
    expect(second.pid).not.toBe(first.pid);
    expect(second.launch).toBe(1);
    expect(second.url).toBe(first.url);
    expect(isAlive(first.pid as number)).toBe(false);
    expect(contexts).toEqual([
      { launch: 0, previousPort: null, failedLaunches: 0 },
      { launch: 1, previousPort: first.port, failedLaunches: 0 },
    ]);
    expect(await (await fetch(second.url)).text()).toBe('fake studio');
    expect(supervisor.state).toBe('running');
  });

  it('gives up after the crash-loop limit with a fatal error, backing off exponentially', async () => {
    const { supervisor, pids } = fakeSupervisor('crash-after-ready', {
      restart: { maxRestarts: 2, windowMs: 60_000, initialDelayMs: 100, maxDelayMs: 1_000 },
    });
    const delays: number[] = [];
    supervisor.on('restarting', (info) => delays.push(info.delayMs));
    const fatal = nextEvent(supervisor, 'fatal');
    await supervisor.start();
    const error = await fatal;
    expect(error).toBeInstanceOf(EngineCrashLoopError);
    expect(error.restarts).toBe(2);
    expect(error.message).toContain('will not be restarted again');
    expect(error.message).toContain('fake engine crashing on purpose');
    expect(delays).toEqual([100, 200]);
    expect(supervisor.state).toBe('failed');
    expect(pids()).toHaveLength(3);
    expect(pids().filter(isAlive)).toEqual([]);
  });

  it('stop() ends the engine through the IPC shutdown and leaves no process behind', async () => {
    const { supervisor } = fakeSupervisor('ok');
    const { pid } = await supervisor.start();
    const exited = nextEvent(supervisor, 'exit');
    await supervisor.stop();
    expect(await exited).toEqual({ pid, code: 0, signal: null, expected: true });
    expect(isAlive(pid as number)).toBe(false);
    expect(supervisor.state).toBe('stopped');
    expect(supervisor.url).toBeNull();
  });

  it('stop() escalates to SIGKILL when the engine ignores shutdown and SIGTERM', async () => {
    const { supervisor } = fakeSupervisor('stubborn', { shutdownGraceMs: 300, killGraceMs: 300 });
    const { pid } = await supervisor.start();
    const exited = nextEvent(supervisor, 'exit');
    await supervisor.stop();
    expect(await exited).toMatchObject({ pid, signal: 'SIGKILL', expected: true });
    expect(isAlive(pid as number)).toBe(false);
  });

  it('stop() during the restart backoff cancels the restart', async () => {
    const { supervisor, pids } = fakeSupervisor('crash-after-ready', {
      restart: { initialDelayMs: 5_000 },
    });
    const restarting = nextEvent(supervisor, 'restarting');
    await supervisor.start();
    await restarting;
    await supervisor.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pids()).toHaveLength(1);
    expect(supervisor.state).toBe('stopped');
  });

  it('can be started again after stop()', async () => {
    const { supervisor } = fakeSupervisor('ok');
    const first = await supervisor.start();
    await supervisor.stop();
    const second = await supervisor.start();
    expect(second.pid).not.toBe(first.pid);
    expect(second.launch).toBe(1);
  });
});

/**
 * The real engine entry. It is written alongside this supervisor; these tests run as soon as
 * the file exists and must pass then (they need only: env TAPEHOUSE_HOME/PORT/HOST/STUDIO_TOKEN
 * honoured, the ready line/message, GET /api/v1/health, GET /api/v1/jobs behind the studio
 * token, a clean exit on IPC shutdown).
 */
describe.skipIf(!fs.existsSync(REAL_ENGINE))('EngineSupervisor with the real engine', () => {
  function realSupervisor(): { supervisor: EngineSupervisor; home: string; token: string } {
    const home = tempDir();
    const token = randomBytes(32).toString('base64url');
    const supervisor = new EngineSupervisor({
      spawn: nodeEngineSpawner({ entry: REAL_ENGINE, execArgv: ['--import', 'tsx'], cwd: ROOT }),
      env: {
        TAPEHOUSE_HOME: home,
        TAPEHOUSE_PORT: '0',
        TAPEHOUSE_HOST: '127.0.0.1',
        TAPEHOUSE_STUDIO_TOKEN: token,
      },
      // tsx compiles the whole engine on first start; a 2-core CI machine needs the margin.
      readyTimeoutMs: 60_000,
      restart: { initialDelayMs: 100 },
    });
    const pids: number[] = [];
    supervisor.on('ready', (ready) => {
      if (ready.pid !== undefined) pids.push(ready.pid);
    });
    cleanups.push(async () => {
      await supervisor.stop();
      expect(pids.filter(isAlive), 'engine processes left running').toEqual([]);
    });
    return { supervisor, home, token };
  }

  /** As the owner: health shows the data folder to the studio token only. */
  async function health(url: string, token: string): Promise<{ status: string; data_dir: string }> {
    const response = await fetch(new URL('/api/v1/health', url), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { status: string; data_dir: string };
  }

  it('starts, reports its URL and serves the API from the given data dir', async () => {
    const { supervisor, home, token } = realSupervisor();
    const ready = await supervisor.start();
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fs.realpathSync((await health(ready.url, token)).data_dir)).toBe(fs.realpathSync(home));
  });

  it('accepts the per-launch studio token the supervisor passed', async () => {
    const { supervisor, token } = realSupervisor();
    const { url } = await supervisor.start();
    const jobs = new URL('/api/v1/jobs', url);
    expect((await fetch(jobs)).status).toBe(401);
    expect((await fetch(jobs, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const response = await fetch(jobs, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
  });

  it('comes back with a new process after SIGKILL', async () => {
    const { supervisor, token } = realSupervisor();
    const first = await supervisor.start();
    const readyAgain = nextEvent(supervisor, 'ready');
    process.kill(first.pid as number, 'SIGKILL');
    const second = await readyAgain;
    expect(second.pid).not.toBe(first.pid);
    expect(isAlive(first.pid as number)).toBe(false);
    await health(second.url, token);
  });

  it('stops cleanly on stop(): exit code 0 and no process left', async () => {
    const { supervisor } = realSupervisor();
    const { pid } = await supervisor.start();
    const exited = nextEvent(supervisor, 'exit');
    await supervisor.stop();
    expect(await exited).toMatchObject({ pid, code: 0, expected: true });
    expect(isAlive(pid as number)).toBe(false);
  });
});
