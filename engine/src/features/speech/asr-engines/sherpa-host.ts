/**
 * Runs sherpa-onnx in its own child process (sherpa-child.ts says why) and speaks its protocol:
 * one request at a time, audio in acknowledged chunks. The child starts on first use and stays
 * up (its models stay loaded); if it dies, the request in flight fails and the next one starts
 * a fresh child. Cancelling a request kills the child: sherpa's decode calls cannot be
 * interrupted, and a fresh start costs less than waiting out a long segment.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AppError, CancelledError } from '../../../errors.ts';
import type {
  DiarizeConfig,
  FromChild,
  RecognizedSegment,
  SpeakerTurn,
  ToChild,
  TranscribeConfig,
} from './sherpa-protocol.ts';

/** The child's entry: plain .js in the built engine, the .ts through tsx from source. */
function childEntry(): { file: string; execArgv: string[] } {
  const built = import.meta.url.endsWith('.js');
  const file = fileURLToPath(new URL(`./sherpa-child.${built ? 'js' : 'ts'}`, import.meta.url));
  return { file, execArgv: built ? [] : ['--import', 'tsx'] };
}

/** Below −74 dBFS at every sample: digital silence or a muted input, no speech to detect. */
export const SILENCE_PEAK = 2e-4;

/**
 * A chunk with no sample above SILENCE_PEAK is not sent: running the neural VAD over hours of
 * nothing costs minutes and finds nothing. Any real room tone is above it, so speech is never
 * skipped.
 */
export function isDigitalSilence(samples: Float32Array): boolean {
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    if (v > SILENCE_PEAK || v < -SILENCE_PEAK) return false;
  }
  return true;
}

export class SherpaHost {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private waiting: ((message: FromChild) => void) | null = null;
  private failure: ((error: Error) => void) | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly log: (line: string) => void = () => {}) {}

  /** Streams 16 kHz mono chunks through VAD + Whisper; `onSegments` hears each batch. */
  transcribe(
    config: TranscribeConfig,
    chunks: AsyncIterable<Float32Array>,
    onSegments: (segments: RecognizedSegment[]) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    return this.exclusive(signal, async () => {
      await this.request({ type: 'open', config }, 'ready');
      for await (const samples of chunks) {
        const message: ToChild = isDigitalSilence(samples)
          ? { type: 'silence', samples: samples.length }
          : { type: 'audio', samples };
        const ack = await this.request(message, 'ack');
        onSegments(ack.segments);
      }
      const ended = await this.request({ type: 'end' }, 'ended');
      onSegments(ended.segments);
    });
  }

  diarize(
    config: DiarizeConfig,
    samples: Float32Array,
    signal?: AbortSignal,
  ): Promise<SpeakerTurn[]> {
    return this.exclusive(
      signal,
      async () => (await this.request({ type: 'diarize', config, samples }, 'diarized')).turns,
    );
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

  /** One request at a time; an abort kills the child so the request ends now. */
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
    child.on('message', (message: FromChild) => {
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.(message);
    });
    child.on('exit', (code, sig) => {
      if (this.child === child) {
        this.child = null;
        this.ready = null;
      }
      const why = `the speech recognizer process stopped (${sig ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' ')}`;
      if (code !== 0 && sig !== 'SIGTERM') this.log(`[speech] ${why}`);
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

  private request<K extends FromChild['type']>(
    message: ToChild,
    expect: K,
  ): Promise<Extract<FromChild, { type: K }>> {
    const child = this.child;
    if (!child)
      return Promise.reject(new AppError('internal_error', 'the speech recognizer is not running'));
    return new Promise((resolve, reject) => {
      this.failure = reject;
      this.waiting = (reply) => {
        if (reply.type === expect) resolve(reply as Extract<FromChild, { type: K }>);
        else if (reply.type === 'error')
          reject(new AppError('internal_error', `speech recognizer: ${reply.message}`));
        else
          reject(
            new AppError(
              'internal_error',
              `speech recognizer answered ${reply.type}, expected ${expect}`,
            ),
          );
      };
      child.send(message);
    });
  }
}
