/**
 * Runs the voices area's sherpa-onnx work in a child process (sherpa-voice-child.ts says why),
 * the same isolation the speech area uses for its recognizer: the child starts on first use and
 * stays up with its models loaded; one request at a time; if it dies, the request in flight
 * fails with a clear error and the next one starts a fresh child. An abort kills the child
 * (sherpa calls cannot be interrupted).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AppError, CancelledError } from '../../../errors.ts';
import type { FromVoiceChild, SpeechSegment, ToVoiceChild } from './sherpa-voice-protocol.ts';

/** The child's entry: plain .js in the built engine, the .ts through tsx from source. */
function childEntry(): { file: string; execArgv: string[] } {
  const built = import.meta.url.endsWith('.js');
  const file = fileURLToPath(
    new URL(`./sherpa-voice-child.${built ? 'js' : 'ts'}`, import.meta.url),
  );
  return { file, execArgv: built ? [] : ['--import', 'tsx'] };
}

export class SherpaVoiceHost {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private waiting: ((message: FromVoiceChild) => void) | null = null;
  private failure: ((error: Error) => void) | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly log: (line: string) => void = () => {}) {}

  /** Speech segments of 16 kHz mono audio by Silero VAD (`model`: silero_vad.onnx). */
  speechSegments(
    model: string,
    samples: Float32Array,
    options: { threshold?: number; signal?: AbortSignal } = {},
  ): Promise<SpeechSegment[]> {
    return this.exclusive(options.signal, async () => {
      const reply = await this.request(
        { type: 'vad', model, samples, threshold: options.threshold ?? 0.5 },
        'segments',
      );
      return reply.segments;
    });
  }

  /** A speaker embedding of 16 kHz mono audio (`model`: a WeSpeaker or 3D-Speaker export). */
  embedding(model: string, samples: Float32Array, signal?: AbortSignal): Promise<Float32Array> {
    return this.exclusive(signal, async () => {
      const reply = await this.request({ type: 'embed', model, samples }, 'embedding');
      return reply.embedding;
    });
  }

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

  private exclusive<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
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

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const { file, execArgv } = childEntry();
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
    child.on('message', (message: FromVoiceChild) => {
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
      const why = `the voice analysis process stopped (${sig ?? `exit ${code}`}): ${tail}`;
      if (code !== 0 && sig !== 'SIGTERM') this.log(`[voices] ${why}`);
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

  private request<K extends FromVoiceChild['type']>(
    message: ToVoiceChild,
    expect: K,
  ): Promise<Extract<FromVoiceChild, { type: K }>> {
    const child = this.child;
    if (!child)
      return Promise.reject(new AppError('internal_error', 'the voice analysis process is gone'));
    return new Promise((resolve, reject) => {
      this.failure = reject;
      this.waiting = (reply) => {
        if (reply.type === expect) resolve(reply as Extract<FromVoiceChild, { type: K }>);
        else if (reply.type === 'error')
          reject(new AppError('internal_error', `voice analysis: ${reply.message}`));
        else reject(new AppError('internal_error', `voice analysis answered ${reply.type}`));
      };
      child.send(message);
    });
  }
}
