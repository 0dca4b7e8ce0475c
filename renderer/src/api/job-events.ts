/**
 * Follows GET /api/v1/jobs/events for as long as the studio wants it: reads the stream with
 * fetch (see ./sse.ts for why), hands each `event: job` message to the caller, and when the
 * stream drops or goes silent reconnects with exponential backoff and jitter. The engine sends
 * `: ping` every 15 s, so a stream with no bytes for `idleTimeoutMs` is treated as dead.
 *
 * Events missed while disconnected are not replayed, so callers refetch state on every `open`.
 */
import type { ContractApi } from './contract.ts';
import { ApiError, CLIENT_ERROR_CODES, errorText } from './errors.ts';
import { SseParser } from './sse.ts';
import { JOB_STATUSES, type JobEvent, type JobEventName } from './types.ts';

export type StreamState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'open' }
  | { kind: 'waiting'; attempt: number; retryInMs: number; error: string };

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000 };

export interface FollowJobEventsOptions {
  /** Opens one connection; resolves to its body (`openJobEvents`). */
  open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;
  onEvent: (event: JobEvent) => void;
  onState?: (state: StreamState) => void;
  backoff?: BackoffOptions;
  /** Three missed pings by default. */
  idleTimeoutMs?: number;
  random?: () => number;
}

/**
 * Delay before reconnect attempt `attempt` (0-based): doubling from `initialMs`, capped at
 * `maxMs`, with "equal jitter" (half fixed, half random) so many studios do not reconnect in step.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const EVENT_NAMES: ReadonlySet<string> = new Set<JobEventName>([
  'job.created',
  'job.progress',
  'job.completed',
  'job.failed',
  'job.cancelled',
]);
const STATUSES: ReadonlySet<string> = new Set(JOB_STATUSES);

/** Parses one message's data into a JobEvent, or null when it is not one we understand. */
export function parseJobEvent(data: string): JobEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { event, job } = value as Record<string, unknown>;
  if (typeof event !== 'string' || !EVENT_NAMES.has(event)) return null;
  if (!job || typeof job !== 'object') return null;
  const { id, status, progress } = job as Record<string, unknown>;
  if (typeof id !== 'number' || typeof status !== 'string' || !STATUSES.has(status)) return null;
  if (typeof progress !== 'number') return null;
  return value as JobEvent;
}

/**
 * Opens GET /api/v1/jobs/events and answers its body stream. EventSource cannot send an
 * Authorization header, so the stream is read with fetch and parsed by ./sse.ts.
 */
export async function openJobEvents(
  api: ContractApi,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const response = await api.send('get', '/jobs/events', {
    headers: { Accept: 'text/event-stream' },
    signal,
  });
  if (!response.body) {
    throw new ApiError(response.status, CLIENT_ERROR_CODES.badResponse, 'event stream has no body');
  }
  return response.body;
}

/** Starts following; returns a function that stops for good. */
export function followJobEvents(options: FollowJobEventsOptions): () => void {
  const stop = new AbortController();
  void run(options, stop.signal);
  return () => stop.abort();
}

async function run(options: FollowJobEventsOptions, stopped: AbortSignal): Promise<void> {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  let attempt = 0;
  let serverRetryMs: number | null = null;
  while (!stopped.aborted) {
    options.onState?.({ kind: 'connecting', attempt });
    const connection = new AbortController();
    const abortConnection = () => connection.abort();
    stopped.addEventListener('abort', abortConnection);
    let error = 'the event stream ended';
    try {
      const stream = await options.open(connection.signal);
      options.onState?.({ kind: 'open' });
      attempt = 0;
      const parser = new SseParser();
      await readStream(stream, connection, idleTimeoutMs, (text) => {
        for (const message of parser.push(text)) {
          if (message.event !== 'job') continue;
          const event = parseJobEvent(message.data);
          if (event) options.onEvent(event);
        }
      });
      serverRetryMs = parser.retryMs ?? serverRetryMs;
    } catch (caught) {
      if (stopped.aborted) return;
      error = errorText(caught);
    } finally {
      stopped.removeEventListener('abort', abortConnection);
    }
    if (stopped.aborted) return;
    const base = serverRetryMs !== null ? { ...backoff, initialMs: serverRetryMs } : backoff;
    const retryInMs = backoffDelay(attempt, base, options.random);
    options.onState?.({ kind: 'waiting', attempt, retryInMs, error });
    attempt++;
    await sleep(retryInMs, stopped);
  }
}

async function readStream(
  stream: ReadableStream<Uint8Array>,
  connection: AbortController,
  idleTimeoutMs: number,
  onText: (text: string) => void,
): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let idle: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      timedOut = true;
      connection.abort();
      void reader.cancel().catch(() => undefined);
    }, idleTimeoutMs);
  };
  const onAbort = () => void reader.cancel().catch(() => undefined);
  connection.signal.addEventListener('abort', onAbort);
  try {
    armIdle();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      armIdle();
      onText(decoder.decode(value, { stream: true }));
    }
    const rest = decoder.decode();
    if (rest) onText(rest);
  } finally {
    clearTimeout(idle);
    connection.signal.removeEventListener('abort', onAbort);
  }
  if (timedOut) throw new Error(`no data from the event stream for ${idleTimeoutMs / 1000} s`);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
