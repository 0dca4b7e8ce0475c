/**
 * A native runtime in its own child process (sherpa-onnx beside onnxruntime-node: two native
 * ONNX runtimes must not share one process), spoken to one request at a time. The child starts on
 * first use and stays up with its models loaded; if it dies, the request in flight fails with a
 * clear error and the next one starts a fresh child. An abort kills the child: native calls
 * cannot be interrupted, and a fresh start costs less than waiting one out.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AppError, CancelledError } from '../errors.ts';

interface Message {
  type: string;
}

export interface ChildHostOptions {
  /** The caller's `import.meta.url` and the child module's path beside it, without extension. */
  moduleUrl: string;
  entry: string;
  /** What the child is, for errors and the log ("speech recognizer"). */
  what: string;
  /** The log line's area tag ("speech"). */
  tag: string;
  log: (line: string) => void;
}

export class ChildHost<To extends Message, From extends Message> {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private waiting: ((message: From) => void) | null = null;
  private failure: ((error: Error) => void) | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ChildHostOptions) {}

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    this.ready = null;
    if (child && child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill();
      await exited;
    }
  }

  /** One request at a time; an abort kills the child so the request ends now. */
  exclusive<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      if (signal?.aborted) throw new CancelledError();
      const onAbort = (): void => {
        this.failure?.(new CancelledError());
        void this.close();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        await this.start();
        return await work();
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }

  /** Sends one message and waits for the reply of type `expect` (inside `exclusive`). */
  request<K extends From['type']>(message: To, expect: K): Promise<Extract<From, { type: K }>> {
    const { what } = this.options;
    const child = this.child;
    if (!child) return Promise.reject(new AppError('internal_error', `the ${what} is not running`));
    return new Promise((resolve, reject) => {
      this.failure = reject;
      this.waiting = (reply) => {
        if (reply.type === expect) resolve(reply as Extract<From, { type: K }>);
        else if (reply.type === 'error')
          reject(new AppError('internal_error', `${what}: ${errorText(reply)}`));
        else
          reject(
            new AppError('internal_error', `${what} answered ${reply.type}, expected ${expect}`),
          );
      };
      child.send(message);
    });
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const { file, execArgv } = childEntry(this.options.moduleUrl, this.options.entry);
    const child = fork(file, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Inside Electron's utility process, fork() runs the Electron binary: make it plain Node.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('message', (message: From) => {
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.(message);
    });
    child.on('exit', (code, sig) => {
      if (this.child === child) {
        this.child = null;
        this.ready = null;
      }
      const tail = stderr.trim().split('\n').slice(-3).join(' ');
      const why = `the ${this.options.what} process stopped (${sig ?? `exit ${code}`}): ${tail}`;
      if (code !== 0 && sig !== 'SIGTERM') this.options.log(`[${this.options.tag}] ${why}`);
      this.failure?.(new AppError('internal_error', why));
    });
    this.child = child;
    this.ready = new Promise<void>((resolve, reject) => {
      this.waiting = (message) =>
        message.type === 'ready' ? resolve() : reject(new Error(String(message.type)));
      this.failure = reject;
    });
    return this.ready;
  }
}

/**
 * A child module's entry beside `moduleUrl` (the caller's `import.meta.url`): plain .js in the
 * built engine, the .ts through tsx from source.
 */
export function childEntry(moduleUrl: string, entry: string): { file: string; execArgv: string[] } {
  const built = moduleUrl.endsWith('.js');
  const url = new URL(`${entry}.${built ? 'js' : 'ts'}`, moduleUrl);
  return { file: fileURLToPath(url), execArgv: built ? [] : ['--import', 'tsx'] };
}

function errorText(reply: Message): string {
  return 'message' in reply ? String(reply.message) : 'failed';
}
