/**
 * Starts the engine as a separate process, waits for it to announce ready, restarts it when it
 * dies (exponential backoff, with a crash-loop limit), and stops it on request: IPC shutdown,
 * then SIGTERM, then SIGKILL. No Electron imports here: the process comes from an injected
 * spawn function, so the same class runs under Electron (utilityProcess) and plain Node (tests,
 * `npm start` without Electron).
 */
import { EventEmitter } from 'node:events';
import type { ChildExit, EngineChild, EngineEnv, SpawnEngine } from './engine-child.ts';
import { EngineCrashLoopError, EngineStartupError } from './engine-errors.ts';
import { trackRun, type EngineLogLine, type Run } from './engine-run.ts';

export type SupervisorState =
  'idle' | 'starting' | 'running' | 'restarting' | 'stopping' | 'stopped' | 'failed';

export interface EngineReady {
  url: string;
  port: number;
  pid: number | undefined;
  /** 0 for the first start, then how many launches came before this one. */
  launch: number;
}

export interface EngineExit {
  pid: number | undefined;
  code: number | null;
  signal: string | null;
  /** False when the engine died on its own rather than being stopped by the supervisor. */
  expected: boolean;
}

export interface EngineRestarting {
  /** 1-based restart number inside the crash-loop window. */
  attempt: number;
  delayMs: number;
  reason: string;
}

export type { EngineLogLine };

export interface SupervisorEvents {
  ready: [EngineReady];
  exit: [EngineExit];
  restarting: [EngineRestarting];
  fatal: [EngineCrashLoopError];
  log: [EngineLogLine];
}

export interface RestartPolicy {
  /** Restarts allowed inside windowMs; one more failure is fatal. */
  maxRestarts: number;
  windowMs: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

export interface LaunchContext {
  /** 0 for the first launch. */
  launch: number;
  /** The port of the last engine that became ready, so a restart can keep its origin. */
  previousPort: number | null;
  /** Launches since the last ready that never became ready (a kept port may be taken). */
  failedLaunches: number;
}

export interface EngineSupervisorOptions {
  spawn: SpawnEngine;
  env?: EngineEnv | ((context: LaunchContext) => EngineEnv);
  /** Default 30 s: the first start migrates the database on a slow disk. */
  readyTimeoutMs?: number;
  /** Wait after the IPC shutdown before SIGTERM (default 5 s). */
  shutdownGraceMs?: number;
  /** Wait after SIGTERM before SIGKILL (default 3 s). */
  killGraceMs?: number;
  restart?: Partial<RestartPolicy>;
  /** Stderr lines kept for error messages (default 30). */
  stderrTailLines?: number;
}

const DEFAULT_RESTART: RestartPolicy = {
  maxRestarts: 5,
  windowMs: 60_000,
  initialDelayMs: 500,
  maxDelayMs: 10_000,
};

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function describeExit(exit: ChildExit): string {
  if (exit.error) return `could not be started: ${exit.error.message}`;
  if (exit.signal !== null) return `was killed by ${exit.signal}`;
  return `exited with code ${exit.code ?? 'unknown'}`;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}

export class EngineSupervisor extends EventEmitter<SupervisorEvents> {
  readonly #spawn: SpawnEngine;
  readonly #env: EngineSupervisorOptions['env'];
  readonly #readyTimeoutMs: number;
  readonly #shutdownGraceMs: number;
  readonly #killGraceMs: number;
  readonly #restart: RestartPolicy;
  readonly #stderrTailLines: number;

  #state: SupervisorState = 'idle';
  #current: Run | null = null;
  #ready: EngineReady | null = null;
  #launches = 0;
  #previousPort: number | null = null;
  #failedLaunches = 0;
  #restartTimes: number[] = [];
  #restartTimer: NodeJS.Timeout | null = null;
  /** Processes given up on (startup timeout) that are still being terminated. */
  readonly #terminating = new Set<Promise<void>>();
  #stopping: Promise<void> | null = null;

  constructor(options: EngineSupervisorOptions) {
    super();
    this.#spawn = options.spawn;
    this.#env = options.env;
    this.#readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
    this.#shutdownGraceMs = options.shutdownGraceMs ?? 5_000;
    this.#killGraceMs = options.killGraceMs ?? 3_000;
    this.#restart = { ...DEFAULT_RESTART, ...options.restart };
    this.#stderrTailLines = options.stderrTailLines ?? 30;
  }

  get state(): SupervisorState {
    return this.#state;
  }

  /** The running engine's URL, or null while it is not ready. */
  get url(): string | null {
    return this.#ready?.url ?? null;
  }

  get pid(): number | undefined {
    return this.#current?.child.pid;
  }

  /**
   * Starts the engine and resolves once it is ready. The first start is not retried: when it
   * fails the cause is almost always configuration, and the user should see it at once.
   */
  async start(): Promise<EngineReady> {
    if (this.#state !== 'idle' && this.#state !== 'stopped' && this.#state !== 'failed') {
      throw new Error(`The engine supervisor is already ${this.#state}`);
    }
    this.#restartTimes = [];
    this.#failedLaunches = 0;
    try {
      return await this.#launch();
    } catch (error) {
      // Read through the getter: #launch() changed the state since the check above.
      if (this.state === 'starting') this.#state = 'failed';
      throw error;
    }
  }

  /** Stops the engine (and any restart in flight); resolves when no engine process is left. */
  stop(): Promise<void> {
    if (this.#stopping) return this.#stopping;
    if (this.#restartTimer) {
      clearTimeout(this.#restartTimer);
      this.#restartTimer = null;
    }
    // Only a ready engine listens for the IPC shutdown; one still starting goes to SIGTERM.
    const graceful = this.#state === 'running';
    this.#state = 'stopping';
    const run = this.#current;
    this.#stopping = (async () => {
      if (run) await this.#terminate(run, graceful);
      await Promise.all(this.#terminating);
      this.#current = null;
      this.#ready = null;
      this.#state = 'stopped';
    })().finally(() => {
      this.#stopping = null;
    });
    return this.#stopping;
  }

  #envFor(context: LaunchContext): EngineEnv {
    const env = this.#env;
    if (env === undefined) return {};
    return typeof env === 'function' ? env(context) : env;
  }

  #launch(): Promise<EngineReady> {
    this.#state = 'starting';
    this.#ready = null;
    const launch = this.#launches++;
    let child: EngineChild;
    try {
      child = this.#spawn(
        this.#envFor({
          launch,
          previousPort: this.#previousPort,
          failedLaunches: this.#failedLaunches,
        }),
      );
    } catch (cause) {
      this.#failedLaunches += 1;
      return Promise.reject(
        new EngineStartupError(
          'spawn_failed',
          `Could not start the Tapehouse engine: ${firstLine(cause)}`,
          { stderrTail: [], cause },
        ),
      );
    }
    const run = trackRun(child, {
      stderrTailLines: this.#stderrTailLines,
      onLine: (log) => this.emit('log', log),
    });
    this.#current = run;

    return new Promise<EngineReady>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        this.#failedLaunches += 1;
        this.#abandon(run);
        const seconds = Math.round(this.#readyTimeoutMs / 100) / 10;
        reject(
          new EngineStartupError(
            'timeout',
            `The Tapehouse engine did not report ready within ${seconds} s`,
            { stderrTail: [...run.stderrTail] },
          ),
        );
      }, this.#readyTimeoutMs);

      run.onReady = (message) => {
        if (settled || this.#current !== run) return;
        settled = true;
        clearTimeout(timer);
        const ready: EngineReady = { url: message.url, port: message.port, pid: child.pid, launch };
        this.#ready = ready;
        this.#previousPort = message.port;
        this.#failedLaunches = 0;
        this.#state = 'running';
        this.emit('ready', ready);
        resolve(ready);
      };

      void run.exited.then(async (exit) => {
        if (settled) {
          this.#afterExit(run, exit);
          return;
        }
        settled = true;
        clearTimeout(timer);
        this.#failedLaunches += 1;
        // Let the last stderr lines arrive: they usually hold the reason.
        await Promise.race([run.outputDone, delay(500)]);
        const stopping = this.#state === 'stopping';
        this.#afterExit(run, exit);
        const reported = run.fatalMessage === null ? '' : `: ${run.fatalMessage}`;
        reject(
          new EngineStartupError(
            stopping ? 'stopped' : exit.error ? 'spawn_failed' : 'exited',
            stopping
              ? 'The Tapehouse engine was stopped while starting'
              : `The Tapehouse engine ${describeExit(exit)} before it was ready${reported}`,
            {
              stderrTail: [...run.stderrTail],
              exitCode: exit.code,
              signal: exit.signal,
              cause: exit.error,
            },
          ),
        );
      });
    });
  }

  #afterExit(run: Run, exit: ChildExit): void {
    const current = this.#current === run;
    const expected = !current || this.#state === 'stopping';
    if (current) this.#current = null;
    this.emit('exit', { pid: run.child.pid, code: exit.code, signal: exit.signal, expected });
    if (expected) return;
    if (this.#state === 'running') {
      this.#ready = null;
      this.#scheduleRestart(`the engine ${describeExit(exit)}`, run.stderrTail);
    }
  }

  /** Gives up on a process that never became ready; stop() still waits for it to end. */
  #abandon(run: Run): void {
    if (this.#current === run) this.#current = null;
    const ending = this.#terminate(run, false);
    this.#terminating.add(ending);
    void ending.finally(() => this.#terminating.delete(ending));
  }

  #scheduleRestart(reason: string, stderrTail: readonly string[]): void {
    const now = Date.now();
    const { maxRestarts, windowMs, initialDelayMs, maxDelayMs } = this.#restart;
    this.#restartTimes = this.#restartTimes.filter((time) => now - time < windowMs);
    if (this.#restartTimes.length >= maxRestarts) {
      this.#state = 'failed';
      this.emit(
        'fatal',
        new EngineCrashLoopError(this.#restartTimes.length, windowMs, reason, [...stderrTail]),
      );
      return;
    }
    this.#restartTimes.push(now);
    const attempt = this.#restartTimes.length;
    const delayMs = Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1));
    this.#state = 'restarting';
    this.emit('restarting', { attempt, delayMs, reason });
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = null;
      this.#launch().catch((error: unknown) => {
        if (this.#state === 'stopping' || this.#state === 'stopped') return;
        const tail = error instanceof EngineStartupError ? error.stderrTail : [];
        this.#scheduleRestart(firstLine(error), tail);
      });
    }, delayMs);
  }

  /** Resolves true when the run exited within ms. */
  async #waitExit(run: Run, ms: number): Promise<boolean> {
    if (run.exit) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const exited = await Promise.race([run.exited.then(() => true as const), timeout]);
    clearTimeout(timer);
    return exited;
  }

  /**
   * Graceful: IPC shutdown, then SIGTERM, then SIGKILL. A process that never became ready may
   * not listen to IPC yet, so it starts at SIGTERM.
   */
  async #terminate(run: Run, graceful: boolean): Promise<void> {
    if (run.exit) return;
    if (graceful && run.child.send({ type: 'shutdown' })) {
      if (await this.#waitExit(run, this.#shutdownGraceMs)) return;
    }
    run.child.kill('SIGTERM');
    if (await this.#waitExit(run, this.#killGraceMs)) return;
    run.child.kill('SIGKILL');
    await this.#waitExit(run, this.#killGraceMs);
  }
}
