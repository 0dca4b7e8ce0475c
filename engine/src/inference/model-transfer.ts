/**
 * Moving one model file onto disk while hashing it: an HTTP(S) download (streamed, size-capped,
 * with a stall timeout) or a copy from a local folder. Callers compare the returned digest with
 * the manifest; nothing here decides whether a pack is installed (model-install.ts does).
 */
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError, CancelledError, throwIfCancelled } from '../errors.ts';
import type { ModelFile } from './model-manifest.ts';

export interface TransferOptions {
  signal?: AbortSignal;
  /** A download that delivers no bytes for this long fails (default 60 s). */
  stallTimeoutMs?: number;
  /** Injected in tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

export interface Digest {
  sha256: string;
  /** Also computed, for files whose manifest entry only has the upstream's md5. */
  md5: string;
  bytes: number;
}

/** Counts and hashes bytes on their way through, refusing more than `limit`. */
class Meter extends Transform {
  readonly hash: Hash = createHash('sha256');
  readonly md5: Hash = createHash('md5');
  bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly onBytes: (bytes: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      callback(new SizeExceeded(this.limit));
      return;
    }
    this.hash.update(chunk);
    this.md5.update(chunk);
    this.onBytes(this.bytes);
    callback(null, chunk);
  }
}

class SizeExceeded extends Error {
  constructor(readonly limit: number) {
    super(`more than the expected ${limit} bytes`);
  }
}

/** Streams `source` into `dest` through a Meter; maps aborts to CancelledError. */
async function meterInto(
  source: Readable,
  dest: string,
  limit: number,
  onBytes: (bytes: number) => void,
  signal: AbortSignal | undefined,
): Promise<Digest> {
  const meter = new Meter(limit, onBytes);
  try {
    await pipeline(source, meter, fs.createWriteStream(dest), signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted) throw new CancelledError();
    throw error;
  }
  return { sha256: meter.hash.digest('hex'), md5: meter.md5.digest('hex'), bytes: meter.bytes };
}

/** sha256, md5 and size of a file on disk, streaming (packs can be hundreds of MB). */
export async function hashFile(
  file: string,
  options: { signal?: AbortSignal; onBytes?: (bytes: number) => void } = {},
): Promise<Digest> {
  const hash = createHash('sha256');
  const md5 = createHash('md5');
  let bytes = 0;
  const stream = fs.createReadStream(file, options.signal ? { signal: options.signal } : {});
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      md5.update(chunk);
      bytes += chunk.length;
      options.onBytes?.(bytes);
    }
  } catch (error) {
    if (options.signal?.aborted) throw new CancelledError();
    throw error;
  }
  return { sha256: hash.digest('hex'), md5: md5.digest('hex'), bytes };
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

export async function downloadFile(
  file: ModelFile,
  dest: string,
  options: TransferOptions,
  onBytes: (bytes: number) => void,
): Promise<Digest> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const stall = new AbortController();
  const stallMs = options.stallTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => stall.abort(), stallMs);
  };
  const signal = options.signal ? AbortSignal.any([options.signal, stall.signal]) : stall.signal;
  const failed = (why: string, cause?: unknown): AppError =>
    new AppError(
      'service_unavailable',
      `download of ${file.name} from ${file.url} failed: ${why}`,
      {
        details: { file: file.name, url: file.url },
        cause,
      },
    );
  arm();
  try {
    let response: Response;
    try {
      response = await fetchImpl(file.url, { signal, redirect: 'follow' });
    } catch (error) {
      throwIfCancelled(options.signal);
      if (stall.signal.aborted) throw failed(`no response in ${stallMs} ms`);
      throw failed(errorMessage(error), error);
    }
    if (!response.ok || response.body === null) {
      throw failed(`HTTP ${response.status} ${response.statusText}`.trim());
    }
    // With a content-encoding the length is of the compressed body; the Meter still checks.
    const encoded = response.headers.has('content-encoding');
    const announced = Number(response.headers.get('content-length') ?? Number.NaN);
    if (!encoded && Number.isFinite(announced) && announced !== file.bytes) {
      await response.body.cancel().catch(() => undefined);
      throw failed(`server sends ${announced} bytes, the manifest expects ${file.bytes}`);
    }
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    try {
      return await meterInto(
        body,
        dest,
        file.bytes,
        (bytes) => {
          arm();
          onBytes(bytes);
        },
        signal,
      );
    } catch (error) {
      throwIfCancelled(options.signal);
      if (error instanceof CancelledError && stall.signal.aborted) {
        throw failed(`no data for ${stallMs} ms`);
      }
      if (error instanceof SizeExceeded) throw failed(error.message);
      throw failed(errorMessage(error), error);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Where `--from <dir>` holds a file: the TAPEHOUSE_MODELS_DIR layout first, then flat. */
export function findLocalCopy(dir: string, file: ModelFile): string | null {
  for (const candidate of [path.join(dir, ...file.path.split('/')), path.join(dir, file.name)]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export async function copyLocalFile(
  file: ModelFile,
  dir: string,
  dest: string,
  signal: AbortSignal | undefined,
  onBytes: (bytes: number) => void,
): Promise<Digest> {
  const source = findLocalCopy(dir, file);
  if (source === null) {
    throw new AppError(
      'not_found',
      `${file.name} not found in ${dir} (looked for ${file.path} and ${file.name})`,
      { details: { file: file.name, dir } },
    );
  }
  try {
    // Copy even past the limit so a wrong file reports its real size and hash.
    return await meterInto(fs.createReadStream(source), dest, Infinity, onBytes, signal);
  } catch (error) {
    if (error instanceof CancelledError) throw error;
    throw new AppError('internal_error', `copying ${source} failed: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}
