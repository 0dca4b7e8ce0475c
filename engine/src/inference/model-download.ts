/**
 * One model file downloaded into a partial file that survives failures (docs/api/models.md,
 * "Resumable downloads"). A connection that drops, stalls or ends short is retried with an HTTP
 * `Range: bytes=<have>-` request that appends to what is already on disk; a later install of the
 * same pack picks the partial file up the same way. A server that ignores Range (200) starts the
 * file over. The bytes already on disk are re-hashed before each resume, so the digest always
 * covers exactly what the file holds.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, CancelledError, throwIfCancelled } from '../errors.ts';
import type { Digest } from './model-expected.ts';
import {
  errorMessage,
  hashInto,
  Hasher,
  Meter,
  meterInto,
  SizeExceeded,
} from './model-transfer.ts';

export interface DownloadOptions {
  signal?: AbortSignal;
  /** A download that delivers no bytes for this long is retried (default 60 s). */
  stallTimeoutMs?: number;
  /** Further attempts after a dropped, stalled or short transfer (default 4). */
  retries?: number;
  /** Wait before the first retry, doubled each time (default 500 ms). */
  retryDelayMs?: number;
  /** Injected in tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

/** A failure worth another attempt (the network), as opposed to a refusal (404, wrong size). */
class Retryable extends Error {}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** `bytes <start>-<end>/<total>` → start and total (total null for `*`). */
function contentRange(value: string | null): { start: number; total: number | null } | null {
  const match = value === null ? null : /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(value.trim());
  if (!match) return null;
  return { start: Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) };
}

/**
 * Downloads `url` into `partial` until it holds `bytes` bytes, resuming whatever `partial`
 * already holds; answers the digest of the whole file. `onBytes` gets the bytes on disk so far.
 */
export async function downloadResumable(
  url: string,
  partial: string,
  bytes: number,
  options: DownloadOptions,
  onBytes: (bytesOnDisk: number) => void,
): Promise<Digest> {
  const retries = options.retries ?? 4;
  let delay = options.retryDelayMs ?? 500;
  for (let attempt = 0; ; attempt += 1) {
    throwIfCancelled(options.signal);
    try {
      return await attemptDownload(url, partial, bytes, options, onBytes);
    } catch (error) {
      throwIfCancelled(options.signal);
      if (!(error instanceof Retryable) || attempt >= retries) {
        if (error instanceof AppError) throw error;
        throw new AppError(
          'service_unavailable',
          `download of ${url} failed: ${errorMessage(error)}`,
          {
            details: { url, attempts: attempt + 1 },
            cause: error,
          },
        );
      }
      await sleep(delay, undefined, options.signal ? { signal: options.signal } : {}).catch(() => {
        throw new CancelledError();
      });
      delay *= 2;
    }
  }
}

async function attemptDownload(
  url: string,
  partial: string,
  bytes: number,
  options: DownloadOptions,
  onBytes: (bytesOnDisk: number) => void,
): Promise<Digest> {
  let have = sizeOf(partial);
  if (have > bytes) {
    fs.rmSync(partial, { force: true });
    have = 0;
  }
  const hasher = new Hasher(bytes);
  if (have > 0) await hashInto(partial, hasher, options.signal ? { signal: options.signal } : {});
  onBytes(have);
  if (have === bytes) return hasher.digest();

  const fetchImpl = options.fetchImpl ?? fetch;
  const stall = new AbortController();
  const stallMs = options.stallTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => stall.abort(), stallMs);
  };
  const signal = options.signal ? AbortSignal.any([options.signal, stall.signal]) : stall.signal;
  arm();
  try {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        signal,
        redirect: 'follow',
        headers: have > 0 ? { range: `bytes=${have}-` } : {},
      });
    } catch (error) {
      throwIfCancelled(options.signal);
      throw new Retryable(
        stall.signal.aborted ? `no response in ${stallMs} ms` : errorMessage(error),
      );
    }
    let append = false;
    if (have > 0 && response.status === 206) {
      const range = contentRange(response.headers.get('content-range'));
      if (
        range === null ||
        range.start !== have ||
        (range.total !== null && range.total !== bytes)
      ) {
        await response.body?.cancel().catch(() => undefined);
        fs.rmSync(partial, { force: true });
        throw new Retryable(
          `the server resumed at the wrong place (${response.headers.get('content-range') ?? 'no Content-Range'})`,
        );
      }
      append = true;
    } else if (response.status === 416) {
      // What is on disk does not fit what the server has: start over.
      fs.rmSync(partial, { force: true });
      throw new Retryable('the server cannot resume this file');
    } else if (!response.ok || response.body === null) {
      await response.body?.cancel().catch(() => undefined);
      const why = `HTTP ${response.status} ${response.statusText}`.trim();
      if (response.status >= 500 || response.status === 408 || response.status === 429)
        throw new Retryable(why);
      throw new AppError('service_unavailable', `download of ${url} failed: ${why}`, {
        details: { url, status: response.status },
      });
    }
    if (response.body === null) throw new Retryable('the server sent no body');
    const start = append ? have : 0;
    const writer = append ? hasher : new Hasher(bytes);
    // With a content-encoding the length is of the compressed body; the Meter still checks.
    const announced = Number(response.headers.get('content-length') ?? Number.NaN);
    if (
      !response.headers.has('content-encoding') &&
      Number.isFinite(announced) &&
      start + announced !== bytes
    ) {
      await response.body.cancel().catch(() => undefined);
      throw new AppError(
        'service_unavailable',
        `download of ${url} failed: the server sends ${start + announced} bytes, ${bytes} were expected`,
        { details: { url, announced: start + announced, expected: bytes } },
      );
    }
    const meter = new Meter(writer, bytes, (n) => {
      arm();
      onBytes(n);
    });
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    try {
      await meterInto(body, meter, partial, append, signal);
    } catch (error) {
      throwIfCancelled(options.signal);
      if (error instanceof SizeExceeded) {
        fs.rmSync(partial, { force: true });
        throw new AppError('service_unavailable', `download of ${url} failed: ${error.message}`, {
          details: { url },
        });
      }
      throw new Retryable(
        error instanceof CancelledError && stall.signal.aborted
          ? `no data for ${stallMs} ms`
          : errorMessage(error),
      );
    }
    if (writer.bytes < bytes)
      throw new Retryable(`the transfer ended after ${writer.bytes} of ${bytes} bytes`);
    return writer.digest();
  } finally {
    clearTimeout(timer);
  }
}
