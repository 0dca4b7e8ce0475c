/**
 * Runs ffmpeg as a child process: cancellation through an AbortSignal (the process is killed,
 * the call rejects with CancelledError), progress reports, a bounded stderr tail for error
 * messages, PCM fed through stdin with backpressure, and a registry of running processes so
 * the engine can kill them all on shutdown (no orphaned ffmpeg after quit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, CancelledError, throwIfCancelled } from '../errors.ts';
import { ffmpegFailure } from './ffmpeg-errors.ts';
import {
  LineSplitter,
  ProgressBlockReader,
  parseDurationLine,
  parseStatsLine,
  progressFraction,
} from './ffmpeg-progress.ts';
import type { Ffmpeg, FfmpegProgress, ProgressCallback } from './types.ts';

/** Bytes for stdin: one buffer (sent in slices) or a stream of chunks. */
export type FfmpegInput = ArrayBufferView | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

export interface FfmpegRunOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
  /** Total media seconds for progress fractions; else taken from the input's `Duration:`. */
  totalSeconds?: number | null;
  /** Fed to stdin; the args must then read `-i pipe:0`. */
  input?: FfmpegInput;
  /** For error messages: "decoding talk.mp3". */
  what?: string;
  /** The `-i` argument, so "cannot open input" errors are recognised (ffmpeg-errors.ts). */
  inputArg?: string;
  /** Resolve (with the exit code) instead of rejecting when ffmpeg exits non-zero (probing). */
  allowFailure?: boolean;
  /** Characters of stderr kept (the end of it); the default suits error messages. */
  stderrTailChars?: number;
}

export interface FfmpegResult {
  exitCode: number;
  /** The last `stderrTailChars` characters of stderr. */
  stderr: string;
  /** The first input's duration from its `Duration:` line, when printed. */
  inputDurationSeconds: number | null;
}

/**
 * - `data`: the caller reads audio from `stdout` (progress comes from stderr stats lines);
 * - `progress`: ffmpeg writes `-progress` blocks to stdout, parsed here;
 * - `ignore`: stdout discarded.
 */
export type StdoutMode = 'data' | 'progress' | 'ignore';

export interface FfmpegProcess {
  readonly pid: number | undefined;
  /** Set in `data` mode; ends when ffmpeg exits. */
  readonly stdout: Readable | null;
  /** Settles after the process has exited and its pipes have closed. */
  readonly done: Promise<FfmpegResult>;
  /** Kill now; `done` then rejects with CancelledError. */
  kill(): void;
}

const DEFAULT_STDERR_TAIL = 32_768;
const STDIN_SLICE = 1 << 20;

/** Every ffmpeg this module started that has not exited yet. */
const running = new Set<ChildProcess>();
/** Processes stopped by killAllFfmpeg, so their callers see a cancellation, not a failure. */
const stoppedForShutdown = new WeakSet<ChildProcess>();

export function runningFfmpegPids(): number[] {
  return [...running].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}

/** Kills every running ffmpeg (engine shutdown) and waits until they exited. Returns the count. */
export async function killAllFfmpeg(): Promise<number> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          stoppedForShutdown.add(child);
          child.kill('SIGKILL');
        }),
    ),
  );
  return children.length;
}

async function* inputChunks(input: FfmpegInput): AsyncGenerator<Uint8Array> {
  if (ArrayBuffer.isView(input)) {
    const bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    for (let offset = 0; offset < bytes.byteLength; offset += STDIN_SLICE) {
      yield bytes.subarray(offset, offset + STDIN_SLICE);
    }
    return;
  }
  yield* input;
}

/**
 * Starts ffmpeg with `-hide_banner -nostdin` (never waits for a keypress) plus the progress
 * options the stdout mode needs, then `args`. Throws CancelledError if the signal already fired.
 */
export function startFfmpeg(
  ffmpeg: Ffmpeg,
  args: readonly string[],
  options: FfmpegRunOptions & { stdout: StdoutMode },
): FfmpegProcess {
  throwIfCancelled(options.signal);
  const { signal, onProgress } = options;
  const tailChars = options.stderrTailChars ?? DEFAULT_STDERR_TAIL;
  const what = options.what ?? 'ffmpeg';

  const head = ['-hide_banner', '-nostdin'];
  if (options.stdout === 'progress') head.push('-progress', 'pipe:1', '-nostats');
  else if (onProgress && options.stdout === 'data') head.push('-stats');
  else head.push('-nostats');

  const child = spawn(ffmpeg.path, [...head, ...args], {
    stdio: [
      options.input ? 'pipe' : 'ignore',
      options.stdout === 'ignore' ? 'ignore' : 'pipe',
      'pipe',
    ],
    windowsHide: true,
  });
  running.add(child);

  let stderr = '';
  let inputDuration: number | null = null;
  let cancelled = false;
  let callbackError: unknown = null;
  let lastSeconds = 0;

  const kill = (): void => {
    // SIGKILL: a cancelled run's output is thrown away anyway, and SIGTERM lets ffmpeg keep
    // going until its current read returns (it may be blocked on a pipe). Windows ignores it.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const onAbort = (): void => {
    cancelled = true;
    kill();
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  const report = (seconds: number, speed: number | null, done: boolean): void => {
    if (!onProgress || callbackError !== null) return;
    lastSeconds = Math.max(lastSeconds, seconds);
    const totalSeconds = options.totalSeconds ?? inputDuration;
    const fraction = done ? 1 : progressFraction(lastSeconds, totalSeconds);
    const progress: FfmpegProgress = { seconds: lastSeconds, totalSeconds, fraction, speed, done };
    try {
      onProgress(fraction ?? 0, progress);
    } catch (error) {
      callbackError = error;
      kill();
    }
  };

  const stderrLines = new LineSplitter();
  const readStderrLine = (line: string): void => {
    if (inputDuration === null) inputDuration = parseDurationLine(line);
    if (options.stdout === 'data') {
      const stats = parseStatsLine(line);
      if (stats && stats.seconds !== null) report(stats.seconds, stats.speed, false);
    }
  };
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
    if (stderr.length > tailChars * 2) stderr = stderr.slice(-tailChars);
    for (const line of stderrLines.push(chunk)) readStderrLine(line);
  });

  if (options.stdout === 'progress' && child.stdout) {
    const lines = new LineSplitter();
    const reader = new ProgressBlockReader();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      for (const line of lines.push(chunk)) {
        const block = reader.push(line);
        if (!block || block.seconds === null) continue;
        // The final `progress=end` is reported once the exit code confirms success.
        if (block.end) lastSeconds = Math.max(lastSeconds, block.seconds);
        else report(block.seconds, block.speed, false);
      }
    });
  }

  if (options.input && child.stdin) {
    // EPIPE when ffmpeg stops reading early (bad input, killed): its exit status tells why.
    child.stdin.on('error', () => {});
    pipeline(Readable.from(inputChunks(options.input)), child.stdin).catch(() => {});
  }

  const done = new Promise<FfmpegResult>((resolve, reject) => {
    let settled = false;
    const settle = (error: unknown, result?: FfmpegResult): void => {
      if (settled) return;
      settled = true;
      running.delete(child);
      signal?.removeEventListener('abort', onAbort);
      if (error === null && result) resolve(result);
      else reject(error);
    };
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return; // a failed kill() of a running process: not fatal
      settle(
        new AppError(
          'ffmpeg_unavailable',
          `could not start ffmpeg at ${ffmpeg.path} (${error.code ?? error.message}); ` +
            'install ffmpeg or set TAPEHOUSE_FFMPEG to a working ffmpeg binary',
          { cause: error },
        ),
      );
    });
    child.once('close', (code: number | null, killSignal: NodeJS.Signals | null) => {
      for (const line of stderrLines.flush()) readStderrLine(line);
      const tail = stderr.slice(-tailChars);
      if (cancelled || signal?.aborted) return settle(new CancelledError());
      if (callbackError !== null) return settle(callbackError);
      if (stoppedForShutdown.has(child)) {
        return settle(new CancelledError('ffmpeg was stopped because the engine is shutting down'));
      }
      const result = { exitCode: code ?? -1, stderr: tail, inputDurationSeconds: inputDuration };
      if (code === 0) {
        report(lastSeconds, null, true);
        return callbackError === null ? settle(null, result) : settle(callbackError);
      }
      if (code !== null && options.allowFailure) return settle(null, result);
      if (code === null) {
        return settle(
          new AppError(
            'internal_error',
            `${what}: ffmpeg was killed (${killSignal ?? 'unknown'})`,
            {
              details: { signal: killSignal },
            },
          ),
        );
      }
      const failureContext = {
        what,
        exitCode: code,
        ...(options.inputArg ? { input: options.inputArg } : {}),
      };
      settle(ffmpegFailure(tail, failureContext));
    });
  });
  // Callers that stop early (an exception while reading stdout) must not leave an unhandled
  // rejection behind; whoever awaits `done` still sees the error.
  done.catch(() => {});

  return {
    pid: child.pid,
    stdout: options.stdout === 'data' ? child.stdout : null,
    done,
    kill: () => {
      cancelled = true;
      kill();
    },
  };
}

/**
 * Runs ffmpeg to completion when its output goes to a file (or nowhere): progress via
 * `-progress pipe:1` when a callback is given. Use startFfmpeg to read audio from stdout.
 */
export function runFfmpeg(
  ffmpeg: Ffmpeg,
  args: readonly string[],
  options: FfmpegRunOptions = {},
): Promise<FfmpegResult> {
  try {
    return startFfmpeg(ffmpeg, args, {
      ...options,
      stdout: options.onProgress ? 'progress' : 'ignore',
    }).done;
  } catch (error) {
    return Promise.reject(error);
  }
}
