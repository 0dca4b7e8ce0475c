/**
 * Starts the engine in an Electron utilityProcess (a Node child process managed by Chromium's
 * service layer, shown as "Tapehouse Engine" in app metrics and crash reports).
 */
import { utilityProcess } from 'electron';
import type { ChildExit, EngineChild, SpawnEngine } from './engine-child.ts';

export function utilityEngineSpawner(
  entry: string,
  baseEnv: NodeJS.ProcessEnv = process.env,
): SpawnEngine {
  return (env) => {
    // No cwd option: a cwd inside app.asar crashes the process (electron/electron#41396).
    const child = utilityProcess.fork(entry, [], {
      env: { ...baseEnv, ...env },
      stdio: 'pipe',
      serviceName: 'Tapehouse Engine',
    });
    let exited = false;
    let lastPid: number | undefined;
    child.once('spawn', () => {
      lastPid = child.pid;
    });
    const exitListeners: ((exit: ChildExit) => void)[] = [];
    child.once('exit', (code: number) => {
      exited = true;
      for (const listener of exitListeners) listener({ code, signal: null });
    });
    child.on('error', (type, location) => {
      console.error(`Tapehouse engine ${type} at ${location}`);
    });
    const engine: EngineChild = {
      // utilityProcess clears pid after exit; keep the last one for logs and events.
      get pid() {
        return child.pid ?? lastPid;
      },
      stdout: child.stdout,
      stderr: child.stderr,
      send: (message) => {
        if (exited) return false;
        child.postMessage(message);
        return true;
      },
      kill: (signal) => {
        if (exited) return;
        // utilityProcess.kill() is SIGTERM only; SIGKILL goes through the OS.
        if (signal === 'SIGTERM') child.kill();
        else if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
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
