/**
 * The engine process entry (`npm run engine`, Electron's utilityProcess, tests). Prints
 * `TAPEHOUSE_READY <url>` as the first stdout line once listening (scripts read it), then
 * `TAPEHOUSE_LOGIN <url>/?login=<code>`, a one-time sign-in link for the web studio, and tells a
 * parent process it is ready over IPC. SIGINT/SIGTERM or an IPC `shutdown` stop it cleanly.
 */
import { loadConfig } from './config.ts';
import { createEngine, type Engine } from './engine.ts';
import { isAppError } from './errors.ts';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Electron's utilityProcess exposes process.parentPort; child_process.fork gives process.send. */
function parentPort(): ParentPort | null {
  const port = (process as unknown as { parentPort?: ParentPort }).parentPort;
  return port ?? null;
}

function notifyParent(message: unknown): void {
  parentPort()?.postMessage(message);
  if (process.send) process.send(message);
}

function isShutdownMessage(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'shutdown'
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  let engine: Engine | null = null;
  let stopping = false;
  const shutdown = (why: string): void => {
    if (stopping) return;
    stopping = true;
    console.error(`Tapehouse engine stopping (${why})`);
    // Stop waits for running inference calls to return (jobs/worker-pool.ts); a thread that never
    // answers is the only way past this, and exiting under it may abort, so the bound is long.
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    // A signal during start-up: nothing is listening yet, so there is nothing to drain.
    if (engine === null) process.exit(0);
    void engine.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  // Handlers go in before anything is announced: a parent that reacts to the ready line with
  // SIGTERM must never hit the default disposition (killed by signal, jobs not left resumable).
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('message', (message) => {
    if (isShutdownMessage(message)) shutdown('parent asked');
  });
  parentPort()?.on('message', (event) => {
    if (isShutdownMessage(event.data)) shutdown('parent asked');
  });
  if (process.send) process.on('disconnect', () => shutdown('parent went away'));

  try {
    engine = await createEngine(loadConfig());
  } catch (error) {
    const message = isAppError(error) || error instanceof Error ? error.message : String(error);
    console.error(`Tapehouse engine failed to start: ${message}`);
    notifyParent({ type: 'fatal', message });
    process.exitCode = 1;
    return;
  }
  if (stopping) {
    await engine.stop();
    process.exit(0);
  }
  const url = await engine.listen();
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.error(
    `Tapehouse engine ${engine.services.config.version} listening on ${url} (data: ${engine.services.config.home}, ready in ${seconds}s)`,
  );
  const { requeued, failed } = engine.recovery;
  if (requeued.length + failed.length > 0) {
    console.error(
      `recovered jobs: requeued ${JSON.stringify(requeued)}, failed ${JSON.stringify(failed)}`,
    );
  }
  process.stdout.write(`TAPEHOUSE_READY ${url}\n`);
  // The second line: a one-time sign-in link for the web studio (docs/api/auth.md). Parents that
  // hand the studio its credential themselves (the desktop app, npm start) turn it off.
  if (process.env.TAPEHOUSE_LOGIN_LINK !== '0') {
    const { code } = engine.services.studioSessions.issueLoginCode();
    process.stdout.write(`TAPEHOUSE_LOGIN ${url}/?login=${code}\n`);
  }
  notifyParent({ type: 'ready', port: Number(new URL(url).port), url });
}

void main();
