/**
 * One GGUF model run by node-llama-cpp in its own process (llm-child.ts), seen from the engine:
 * started on first use, loaded once, unloaded (the process ended, so all of its memory goes back
 * to the system) after `idleMs` without a request or when asked. A crash or an out-of-memory
 * kill in the model ends that process only: the request in flight fails with a plain message and
 * the next one starts a fresh process. Cancel stops a request between tokens; a process that
 * does not stop within CANCEL_GRACE_MS is ended.
 *
 * Why a process and not a thread (measured, docs/api/language-model.md): a llama.cpp abort or a
 * kernel OOM kill takes the whole process with it; and ending the process is the one way to give
 * a 3 GB model's memory back at once.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { AppError, CancelledError } from '../../../errors.ts';
import { childEntry } from '../../../inference/child-host.ts';
import type {
  FromChild,
  GenerateRequest,
  LoadedInfo,
  LoadOptions,
  ToChild,
} from './llm-protocol.ts';

const CANCEL_GRACE_MS = 10_000;

/** The model ran out of tokens mid-answer; `partial` is what it wrote (a task may salvage it). */
export class IncompleteAnswerError extends AppError {
  constructor(
    message: string,
    readonly partial: string,
  ) {
    super('service_unavailable', message, { details: { reason: 'model_incomplete' } });
  }
}

export interface GenerateResult {
  text: string;
  promptTokens: number;
  outputTokens: number;
  promptMs: number;
  outputMs: number;
}

export interface EmbeddedOptions extends LoadOptions {
  /** Plain name for messages ("Qwen3 4B Instruct", "your model file “x.gguf”"). */
  label: string;
  /** Unload after this long without a request; 0: only when asked. */
  idleMs: number;
  log: (line: string) => void;
}

interface Pending {
  resolve: (message: FromChild) => void;
  reject: (error: Error) => void;
  onProgress?: ((tokens: number) => void) | undefined;
}

export class EmbeddedLlm {
  private child: ChildProcess | null = null;
  private starting: Promise<LoadedInfo> | null = null;
  private loadedInfo: LoadedInfo | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private busy = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private stderr = '';
  /** Why the last process ended on its own, for the status page. */
  lastCrash: string | null = null;

  constructor(readonly options: EmbeddedOptions) {}

  get info(): LoadedInfo | null {
    return this.loadedInfo;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** The owner changed how long an unused model stays loaded. */
  setIdleMs(ms: number): void {
    this.options.idleMs = ms;
    if (this.busy === 0) {
      this.clearIdle();
      this.armIdle();
    }
  }

  /** Loads the model if it is not (the process starts, reads the file, makes its context). */
  load(signal?: AbortSignal): Promise<LoadedInfo> {
    if (this.loadedInfo && this.child) return Promise.resolve(this.loadedInfo);
    this.starting ??= this.start().finally(() => {
      this.starting = null;
    });
    return signal ? raceAbort(this.starting, signal) : this.starting;
  }

  /** Token counts of `texts` with the model's own tokenizer. */
  async count(texts: string[], signal?: AbortSignal): Promise<number[]> {
    return this.use(async () => {
      await this.load(signal);
      const reply = await this.call({ type: 'count', id: this.nextId++, texts }, signal);
      if (reply.type !== 'counted') throw this.unexpected(reply);
      return reply.counts;
    });
  }

  async generate(
    request: GenerateRequest,
    options: { signal?: AbortSignal | undefined; onProgress?: (tokens: number) => void } = {},
  ): Promise<GenerateResult> {
    return this.use(async () => {
      await this.load(options.signal);
      const reply = await this.call(
        { type: 'generate', id: this.nextId++, ...request },
        options.signal,
        options.onProgress,
      );
      if (reply.type !== 'answer') throw this.unexpected(reply);
      return reply;
    });
  }

  /** The model process's resident memory, or null when no model is loaded. */
  async memoryBytes(): Promise<number | null> {
    if (!this.child) return null;
    const reply = await this.call({ type: 'memory', id: this.nextId++ }).catch(() => null);
    return reply?.type === 'memory' ? reply.rssBytes : null;
  }

  /** Ends the model process: every byte it held goes back to the system. */
  async unload(): Promise<void> {
    this.clearIdle();
    const child = this.child;
    this.child = null;
    this.loadedInfo = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill();
    await exited;
  }

  private async use<T>(work: () => Promise<T>): Promise<T> {
    this.busy += 1;
    this.clearIdle();
    try {
      return await work();
    } finally {
      this.busy -= 1;
      if (this.busy === 0) this.armIdle();
    }
  }

  private armIdle(): void {
    if (this.options.idleMs <= 0 || !this.child) return;
    this.idleTimer = setTimeout(() => void this.unload(), this.options.idleMs);
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private async start(): Promise<LoadedInfo> {
    const { file, execArgv } = childEntry(import.meta.url, './llm-child');
    const child = fork(file, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Inside Electron's utility process, fork() runs the Electron binary: make it plain Node.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    this.child = child;
    this.stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-2000);
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromChild) => {
        if (message.type === 'ready') resolve();
      };
      child.once('message', onMessage);
      child.once('exit', () => reject(this.crashError(child)));
    });
    child.on('message', (message: FromChild) => this.onMessage(message));
    child.on('exit', () => this.onExit(child));
    const { modelPath, gpu, contextTokens, threads } = this.options;
    try {
      await ready;
      const reply = await this.call({
        type: 'load',
        id: this.nextId++,
        modelPath,
        gpu,
        contextTokens,
        threads,
      });
      if (reply.type !== 'loaded') throw this.unexpected(reply);
      this.loadedInfo = reply.info;
      return reply.info;
    } catch (error) {
      // A model that could not load leaves no process behind.
      await this.unload();
      throw error;
    }
  }

  private onMessage(message: FromChild): void {
    if (message.type === 'ready') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    if (message.type === 'progress') {
      waiting.onProgress?.(message.tokens);
      return;
    }
    this.pending.delete(message.id);
    waiting.resolve(message);
  }

  private onExit(child: ChildProcess): void {
    if (this.child === child) {
      this.child = null;
      this.loadedInfo = null;
    }
    const killedByUs = child.signalCode === 'SIGTERM';
    if (!killedByUs && child.exitCode !== 0) {
      this.lastCrash = describeExit(child, this.stderr);
      this.options.log(`[language] the model process stopped: ${this.lastCrash}`);
    }
    const error = killedByUs ? new CancelledError() : this.crashError(child);
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id);
      waiting.reject(error);
    }
  }

  private call(
    message: ToChild,
    signal?: AbortSignal,
    onProgress?: (tokens: number) => void,
  ): Promise<FromChild> {
    const child = this.child;
    if (!child) return Promise.reject(this.crashError(null));
    if (signal?.aborted) return Promise.reject(new CancelledError());
    return new Promise<FromChild>((resolve, reject) => {
      let grace: NodeJS.Timeout | null = null;
      const onAbort = () => {
        child.send({ type: 'cancel', id: message.id } satisfies ToChild);
        // A native call that does not return: end the process rather than wait it out.
        grace = setTimeout(() => {
          if (this.pending.has(message.id)) void this.unload();
        }, CANCEL_GRACE_MS);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        signal?.removeEventListener('abort', onAbort);
        if (grace) clearTimeout(grace);
      };
      this.pending.set(message.id, {
        resolve: (reply) => {
          done();
          if (reply.type === 'failed') reject(this.failedError(reply, signal));
          else resolve(reply);
        },
        reject: (error) => {
          done();
          reject(signal?.aborted ? new CancelledError() : error);
        },
        onProgress,
      });
      child.send(message);
    });
  }

  private failedError(reply: Extract<FromChild, { type: 'failed' }>, signal?: AbortSignal): Error {
    const { label } = this.options;
    if (reply.kind === 'cancelled' || signal?.aborted) return new CancelledError();
    if (reply.kind === 'memory')
      return new AppError(
        'service_unavailable',
        `There is not enough memory for the language model (${label}). Close other programs, or choose a smaller model on the Models page.`,
        { details: { reason: 'model_memory' } },
      );
    if (reply.kind === 'incomplete')
      return new IncompleteAnswerError(
        `The language model (${label}) did not finish its answer: ${reply.message}.`,
        reply.partial ?? '',
      );
    return new AppError(
      'service_unavailable',
      `The language model (${label}) could not answer: ${reply.message}`,
      { details: { reason: 'model_failed' } },
    );
  }

  private crashError(child: ChildProcess | null): AppError {
    const why = child ? describeExit(child, this.stderr) : 'it is not running';
    return new AppError(
      'service_unavailable',
      `The language model (${this.options.label}) stopped unexpectedly (${why}). It may have run out of memory; try again, or choose a smaller model on the Models page.`,
      { details: { reason: 'model_stopped' } },
    );
  }

  private unexpected(reply: FromChild): AppError {
    return new AppError('internal_error', `the language model process answered ${reply.type}`);
  }
}

function describeExit(child: ChildProcess, stderr: string): string {
  const how = child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`;
  const tail = stderr.trim().split('\n').slice(-2).join(' ').slice(0, 300);
  return tail ? `${how}: ${tail}` : how;
}

function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new CancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
