/**
 * Writing while another process holds SQLite's write lock (a backup tool, the `sqlite3` shell,
 * a second engine on the same folder): THE one place that decides how the engine waits for it
 * (docs/api/errors.md, `database_busy`).
 *
 * better-sqlite3 is synchronous, so SQLite's own busy handler (`busy_timeout`) would stall the
 * whole event loop — every request, every job — for as long as it waits. The connection is
 * opened without one (db/client.ts): a write that cannot have the lock fails at once with
 * SQLITE_BUSY, and the waiting happens here, between timers, while the engine keeps serving:
 *
 * - `ready()`: the request edge (api/middleware/write-gate.ts) waits for the lock to be takeable
 *   before a write request runs, at most `requestWaitMs`; then **503 `database_busy`** with
 *   `Retry-After`, before the handler has written anything.
 * - `writeWhenFree(unit)`: runs one write unit (a synchronous transaction, all or nothing) and,
 *   while the lock is taken, runs it again later; `waitMs` bounds it (Infinity: until it is
 *   written — a job's end, which must never be lost; jobs/job-runner.ts).
 * - `skipWhenBusy(unit)`: writes that may be skipped (a session's last-activity time, progress).
 * - `WriteAccess.beginImmediate()`: for an asynchronous transaction layer, `BEGIN IMMEDIATE`
 *   taken the same way, so a transaction either starts holding the lock or answers 503 without
 *   writing anything.
 *
 * A write unit is one transaction, so a 503 never leaves half of it behind.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../errors.ts';

/** SQLite's answer when another connection holds the lock (SQLITE_BUSY and its variants). */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

export interface WriteAccessOptions {
  /** How long a request waits for the lock before 503 (ms). */
  requestWaitMs: number;
  /** What `Retry-After` tells the client (seconds). */
  retryAfterSeconds: number;
}

export const DEFAULT_WRITE_ACCESS: WriteAccessOptions = {
  requestWaitMs: 5000,
  retryAfterSeconds: 5,
};

/** 503 `database_busy` with `Retry-After` (also what the edge makes of a stray SQLITE_BUSY). */
export function databaseBusyError(
  retryAfterSeconds = DEFAULT_WRITE_ACCESS.retryAfterSeconds,
  options: { cause?: unknown } = {},
): AppError {
  return new AppError(
    'database_busy',
    'Another program is writing to the database; nothing was changed. Try again in a few ' +
      `seconds (Retry-After: ${retryAfterSeconds}).`,
    {
      headers: { 'Retry-After': String(retryAfterSeconds) },
      details: { retry_after: retryAfterSeconds },
      cause: options.cause,
    },
  );
}

/** The first pause between tries and the longest; the pauses double in between. */
const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 250;

const pause = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Runs `unit` (one synchronous transaction, or one statement) and returns what it returns; while
 * another process holds the lock it is tried again after a pause (10 ms doubling to 250 ms), for
 * at most `waitMs` — then 503 `database_busy` (also when `signal` fires first). Other errors pass
 * through at once. `waitMs: Infinity` waits until it is written (with `signal` to give up).
 */
export async function writeWhenFree<T>(
  unit: () => T,
  options: { waitMs: number; signal?: AbortSignal | undefined; retryAfterSeconds?: number },
): Promise<T> {
  const deadline = Date.now() + options.waitMs;
  for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
    try {
      return unit();
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0 || options.signal?.aborted) {
        throw databaseBusyError(options.retryAfterSeconds, { cause: error });
      }
      await pause(Math.min(wait, left), options.signal);
    }
  }
}

/** A write that may be skipped while the lock is taken (a last-seen time); true when made. */
export function skipWhenBusy(unit: () => void): boolean {
  try {
    unit();
    return true;
  } catch (error) {
    if (isDatabaseBusy(error)) return false;
    throw error;
  }
}

/** The connection's side: whether the lock can be taken, waited for before a request writes. */
export class WriteAccess {
  constructor(
    private readonly sqlite: Database.Database,
    readonly options: WriteAccessOptions = DEFAULT_WRITE_ACCESS,
  ) {}

  /** Whether this connection could take the write lock now (taken and given back at once). */
  writable(): boolean {
    if (this.sqlite.inTransaction) return true;
    try {
      this.sqlite.exec('BEGIN IMMEDIATE');
      this.sqlite.exec('ROLLBACK');
      return true;
    } catch (error) {
      if (isDatabaseBusy(error)) return false;
      throw error;
    }
  }

  /** Resolves once writes can proceed; 503 `database_busy` after `waitMs`. */
  async ready(waitMs = this.options.requestWaitMs, signal?: AbortSignal): Promise<void> {
    await this.write(() => this.ensureWritable(), waitMs, signal);
  }

  /** `writeWhenFree` with this connection's request wait and Retry-After. */
  write<T>(unit: () => T, waitMs = this.options.requestWaitMs, signal?: AbortSignal): Promise<T> {
    return writeWhenFree(unit, {
      waitMs,
      signal,
      retryAfterSeconds: this.options.retryAfterSeconds,
    });
  }

  /** `BEGIN IMMEDIATE`, waited for like `write`: on return this connection holds the lock. */
  async beginImmediate(waitMs = this.options.requestWaitMs, signal?: AbortSignal): Promise<void> {
    await this.write(() => this.sqlite.exec('BEGIN IMMEDIATE'), waitMs, signal);
  }

  private ensureWritable(): void {
    if (this.writable()) return;
    // The same error SQLite raises, so `write` treats it the same way.
    throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
  }
}
