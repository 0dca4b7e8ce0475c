/**
 * Named, user-facing errors of the engine supervisor. Each carries the engine's last stderr
 * lines, because "the engine did not start" is useless without the reason it printed.
 */

export type EngineStartFailure =
  /** The spawn function threw (missing entry, bad executable). */
  | 'spawn_failed'
  /** No ready message within the timeout. */
  | 'timeout'
  /** The process ended before it announced ready. */
  | 'exited'
  /** stop() was called while it was starting. */
  | 'stopped';

function withStderr(summary: string, stderrTail: readonly string[]): string {
  if (stderrTail.length === 0) return `${summary} (the engine printed nothing on stderr)`;
  return `${summary}\nLast engine output (stderr):\n${stderrTail.map((l) => `  ${l}`).join('\n')}`;
}

export class EngineStartupError extends Error {
  override readonly name = 'EngineStartupError';
  readonly reason: EngineStartFailure;
  readonly stderrTail: readonly string[];
  readonly exitCode: number | null;
  readonly signal: string | null;

  constructor(
    reason: EngineStartFailure,
    summary: string,
    details: {
      stderrTail: readonly string[];
      exitCode?: number | null;
      signal?: string | null;
      cause?: unknown;
    },
  ) {
    super(
      withStderr(summary, details.stderrTail),
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.reason = reason;
    this.stderrTail = details.stderrTail;
    this.exitCode = details.exitCode ?? null;
    this.signal = details.signal ?? null;
  }
}

/** The engine kept dying: more restarts than allowed inside the crash-loop window. */
export class EngineCrashLoopError extends Error {
  override readonly name = 'EngineCrashLoopError';
  readonly restarts: number;
  readonly windowMs: number;
  readonly lastFailure: string;
  readonly stderrTail: readonly string[];

  constructor(
    restarts: number,
    windowMs: number,
    lastFailure: string,
    stderrTail: readonly string[],
  ) {
    super(
      withStderr(
        `The Tapehouse engine stopped ${restarts + 1} times within ${Math.round(windowMs / 1000)} s ` +
          `and will not be restarted again. Last failure: ${lastFailure}`,
        stderrTail,
      ),
    );
    this.restarts = restarts;
    this.windowMs = windowMs;
    this.lastFailure = lastFailure;
    this.stderrTail = stderrTail;
  }
}
