/**
 * A stand-in engine for supervisor tests: speaks the engine's process protocol (stdout ready
 * line, IPC ready/fatal, IPC shutdown, SIGTERM) and misbehaves on request via FAKE_ENGINE_MODE:
 *   ok                 listen, announce ready on stdout and IPC
 *   stdout-only        announce ready on stdout only
 *   hang               print to stderr, never become ready
 *   fail               print the reason to stderr, report fatal over IPC, exit 3
 *   crash-after-ready  become ready, then exit 1 after FAKE_ENGINE_CRASH_AFTER_MS (default 50)
 *   stubborn           become ready, ignore IPC shutdown and SIGTERM (only SIGKILL ends it)
 * FAKE_ENGINE_PID_LOG, when set, gets one line per start with the pid (orphan checks).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort ?? null;
const mode = process.env.FAKE_ENGINE_MODE ?? 'ok';

function notify(message: unknown): void {
  parentPort?.postMessage(message);
  process.send?.(message);
}

function onParentMessage(listener: (message: unknown) => void): void {
  process.on('message', listener);
  parentPort?.on('message', (event) => listener(event.data));
}

const isShutdown = (message: unknown): boolean =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'shutdown';

if (process.env.FAKE_ENGINE_PID_LOG)
  fs.appendFileSync(process.env.FAKE_ENGINE_PID_LOG, `${process.pid}\n`);
console.error(`fake engine ${process.pid} starting in mode ${mode}`);

if (mode === 'hang') {
  console.error('loading the voice model');
  console.error('still waiting for the GPU driver');
  setInterval(() => undefined, 1_000);
} else if (mode === 'fail') {
  console.error('fatal: database is locked by another process');
  notify({ type: 'fatal', message: 'database is locked by another process' });
  process.exitCode = 3;
} else {
  const server = http.createServer((_req, res) => res.end('fake studio'));
  const port = Number(process.env.TAPEHOUSE_PORT ?? '0');
  server.listen(port, process.env.TAPEHOUSE_HOST ?? '127.0.0.1', () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.stdout.write(`TAPEHOUSE_READY ${url}\n`);
    if (mode !== 'stdout-only') notify({ type: 'ready', port: Number(new URL(url).port), url });
    if (mode === 'crash-after-ready') {
      setTimeout(
        () => {
          console.error('fake engine crashing on purpose');
          process.exit(1);
        },
        Number(process.env.FAKE_ENGINE_CRASH_AFTER_MS ?? '50'),
      );
    }
  });
  const stop = (why: string): void => {
    if (mode === 'stubborn') {
      console.error(`fake engine ignoring ${why}`);
      return;
    }
    console.error(`fake engine stopping (${why})`);
    server.close(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  onParentMessage((message) => {
    if (isShutdown(message)) stop('shutdown message');
  });
}
