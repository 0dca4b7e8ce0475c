/**
 * Starts the engine with child_process.fork: tests and `npm start` without the Electron binary.
 * The Electron app uses engine-spawn-utility.ts instead; both satisfy the same EngineChild.
 */
import { fork } from 'node:child_process';
import type { ChildExit, EngineChild, SpawnEngine } from './engine-child.ts';

export interface NodeSpawnOptions {
  /** The engine entry: engine/src/main.ts (with tsx in execArgv) or dist/engine/main.js. */
  entry: string;
  /** e.g. ['--import', 'tsx'] to run TypeScript sources. */
  execArgv?: string[];
  cwd?: string;
  /** The environment the supervisor's variables are added to (default process.env). */
  baseEnv?: NodeJS.ProcessEnv;
}

export function nodeEngineSpawner(options: NodeSpawnOptions): SpawnEngine {
  return (env) => {
    const child = fork(options.entry, [], {
      execArgv: options.execArgv ?? [],
      cwd: options.cwd,
      env: { ...(options.baseEnv ?? process.env), ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'json',
    });
    let exitSeen = false;
    const exitListeners: ((exit: ChildExit) => void)[] = [];
    const finish = (exit: ChildExit): void => {
      if (exitSeen) return;
      exitSeen = true;
      for (const listener of exitListeners) listener(exit);
    };
    child.once('exit', (code, signal) => finish({ code, signal }));
    // A process that never spawned gets 'error' and no 'exit'; later errors (a send racing
    // the exit) are harmless because send() checks the channel first.
    child.on('error', (error) => {
      if (child.pid === undefined) finish({ code: null, signal: null, error });
    });
    const engine: EngineChild = {
      get pid() {
        return child.pid;
      },
      stdout: child.stdout,
      stderr: child.stderr,
      send: (message) => {
        if (!child.connected) return false;
        // A callback keeps a write racing the channel's close from becoming an 'error' event.
        child.send(message, () => undefined);
        return true;
      },
      kill: (signal) => {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      },
      onMessage: (listener) => {
        child.on('message', (message: unknown) => listener(message));
      },
      onExit: (listener) => {
        exitListeners.push(listener);
      },
    };
    return engine;
  };
}
