/**
 * A small pool of persistent worker threads for CPU-heavy work (inference, DSP). Persistent so
 * each worker keeps its ONNX sessions warm; bounded so a 2-core machine is not oversubscribed.
 * A worker that dies (native crash, out of memory) fails only its own calls and is replaced.
 *
 * Closing never cuts a native call short: terminating a thread while ONNX Runtime is inside
 * `session.run` makes the runtime's completion callback throw into a dead environment, which
 * aborts the whole process ("terminate called after throwing an instance of 'Napi::Error'",
 * exit 134). So close() cancels every call, waits until each has answered (tasks check their
 * signal between native calls), and only then terminates the — now idle — threads.
 */
import { Worker } from 'node:worker_threads';
import { AppError, CancelledError, ERROR_STATUS, type ErrorCode } from '../errors.ts';
import type { FromWorker, ToWorker } from './worker-protocol.ts';

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onProgress?: (percent: number, stage?: string) => void;
  worker: Worker;
}

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (percent: number, stage?: string) => void;
}

/**
 * How a worker starts. The built engine runs plain .js. From source (tsx, vitest) the worker
 * must register tsx's loader itself before importing the .ts entry: on Node 20 `--import tsx`
 * in a worker's execArgv does not reliably apply loader hooks to the worker's own entry.
 */
function workerSource(): { code: URL | string; eval: boolean } {
  if (import.meta.url.endsWith('.js'))
    return { code: new URL('./worker-entry.js', import.meta.url), eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./worker-entry.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return { code, eval: true };
}

export class WorkerPool {
  private readonly workers: Worker[] = [];
  private readonly busy = new Map<Worker, number>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** Resolved whenever the last pending call settles (close() waits on it). */
  private drainedWaiters: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Runs `run` exported by the task module at `task` (a file URL) in a worker thread. */
  run<T>(task: URL, input: unknown, options: RunOptions = {}): Promise<T> {
    if (this.closed)
      return Promise.reject(new AppError('service_unavailable', 'The engine is shutting down.'));
    if (options.signal?.aborted) return Promise.reject(new CancelledError());
    const worker = this.pickWorker();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => this.post(worker, { type: 'cancel', id });
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (value) => {
          options.signal?.removeEventListener('abort', onAbort);
          resolve(value as T);
        },
        reject: (error) => {
          options.signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
        onProgress: options.onProgress,
        worker,
      });
      this.busy.set(worker, (this.busy.get(worker) ?? 0) + 1);
      this.post(worker, {
        type: 'run',
        id,
        task: task.href,
        input,
        progress: options.onProgress !== undefined,
      });
    });
  }

  private post(worker: Worker, message: ToWorker): void {
    worker.postMessage(message);
  }

  private pickWorker(): Worker {
    if (this.workers.length < this.size) return this.spawn();
    return this.workers.reduce((best, w) =>
      (this.busy.get(w) ?? 0) < (this.busy.get(best) ?? 0) ? w : best,
    );
  }

  private spawn(): Worker {
    const source = workerSource();
    const worker = new Worker(source.code, { eval: source.eval });
    worker.unref();
    worker.on('message', (message: FromWorker) => this.onMessage(worker, message));
    worker.on('error', (error) => this.onDeath(worker, error));
    worker.on('exit', (code) => this.onDeath(worker, new Error(`worker exited with code ${code}`)));
    this.workers.push(worker);
    this.busy.set(worker, 0);
    return worker;
  }

  private onMessage(worker: Worker, message: FromWorker): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.(message.percent, message.stage);
      return;
    }
    this.pending.delete(message.id);
    this.busy.set(worker, Math.max(0, (this.busy.get(worker) ?? 1) - 1));
    if (message.type === 'result') {
      pending.resolve(message.value);
    } else if (message.cancelled) {
      pending.reject(new CancelledError());
    } else {
      const code = (message.code in ERROR_STATUS ? message.code : 'internal_error') as ErrorCode;
      pending.reject(new AppError(code, message.message));
    }
    this.notifyIfDrained();
  }

  private notifyIfDrained(): void {
    if (this.pending.size > 0) return;
    const waiters = this.drainedWaiters;
    this.drainedWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private onDeath(worker: Worker, error: Error): void {
    const index = this.workers.indexOf(worker);
    if (index === -1) return;
    this.workers.splice(index, 1);
    this.busy.delete(worker);
    for (const [id, pending] of this.pending) {
      if (pending.worker !== worker) continue;
      this.pending.delete(id);
      pending.reject(
        this.closed
          ? new CancelledError()
          : new AppError('internal_error', `A worker thread died: ${error.message}`, {
              cause: error,
            }),
      );
    }
    this.notifyIfDrained();
  }

  get threadCount(): number {
    return this.workers.length;
  }

  /** Calls still running (jobs, and route work such as a voice preview). */
  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Cancels every running call, waits for each to answer, then terminates the idle threads.
   * A task that ignored its signal would be waited for: the engine's forced exit is the bound.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const [id, pending] of this.pending) this.post(pending.worker, { type: 'cancel', id });
    if (this.pending.size > 0) {
      await new Promise<void>((resolve) => this.drainedWaiters.push(resolve));
    }
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
