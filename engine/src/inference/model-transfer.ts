/**
 * Hashing model bytes on their way to disk, and copying a pack file from a local folder. Every
 * digest the installer may be asked to match is computed in one pass (sha256, the upstream md5,
 * and the git blob id the Hub lists for small files); callers compare the result with what
 * vouches for the file (model-expected.ts). Downloads are model-download.ts.
 */
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, CancelledError } from '../errors.ts';
import type { Digest } from './model-expected.ts';
import type { ModelFile } from './model-manifest.ts';

export type { Digest } from './model-expected.ts';

/** sha256, md5 and the git blob id (for `expectedBytes`) of a stream of chunks. */
export class Hasher {
  private readonly sha256: Hash = createHash('sha256');
  private readonly md5: Hash = createHash('md5');
  private readonly blob: Hash;
  bytes = 0;

  /** The blob id covers a header with the size, so it needs the size the file should have. */
  constructor(expectedBytes: number) {
    this.blob = createHash('sha1').update(`blob ${expectedBytes}\0`);
  }

  update(chunk: Uint8Array): void {
    this.sha256.update(chunk);
    this.md5.update(chunk);
    this.blob.update(chunk);
    this.bytes += chunk.length;
  }

  digest(): Digest {
    return {
      sha256: this.sha256.digest('hex'),
      md5: this.md5.digest('hex'),
      gitBlob: this.blob.digest('hex'),
      bytes: this.bytes,
    };
  }
}

export class SizeExceeded extends Error {
  constructor(readonly limit: number) {
    super(`more than the expected ${limit} bytes`);
  }
}

/** Feeds the bytes going through into a Hasher, refusing more than `limit` in total. */
export class Meter extends Transform {
  constructor(
    private readonly hasher: Hasher,
    private readonly limit: number,
    private readonly onBytes: (bytes: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.hasher.bytes + chunk.length > this.limit) {
      callback(new SizeExceeded(this.limit));
      return;
    }
    this.hasher.update(chunk);
    this.onBytes(this.hasher.bytes);
    callback(null, chunk);
  }
}

/** Streams `source` through `meter` into `dest` (appending when `append`); aborts → CancelledError. */
export async function meterInto(
  source: Readable,
  meter: Meter,
  dest: string,
  append: boolean,
  signal: AbortSignal | undefined,
): Promise<void> {
  const out = fs.createWriteStream(dest, { flags: append ? 'a' : 'w' });
  try {
    await pipeline(source, meter, out, signal ? { signal } : {});
  } catch (error) {
    // A failed pipeline rejects before the file is closed; what reached it must be on disk
    // (and the descriptor released) before anyone resumes from it.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    if (signal?.aborted) throw new CancelledError();
    throw error;
  }
}

/** Hashes the file at `file` into `hasher` (streaming; packs can be hundreds of MB). */
export async function hashInto(
  file: string,
  hasher: Hasher,
  options: { signal?: AbortSignal; onBytes?: (bytes: number) => void } = {},
): Promise<void> {
  const stream = fs.createReadStream(file, options.signal ? { signal: options.signal } : {});
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hasher.update(chunk);
      options.onBytes?.(hasher.bytes);
    }
  } catch (error) {
    if (options.signal?.aborted) throw new CancelledError();
    throw error;
  }
}

/** Every digest of a file on disk; the blob id is for the file's own size. */
export async function hashFile(
  file: string,
  options: { signal?: AbortSignal; onBytes?: (bytes: number) => void } = {},
): Promise<Digest> {
  const hasher = new Hasher(fs.statSync(file).size);
  await hashInto(file, hasher, options);
  return hasher.digest();
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** Where `--from <dir>` holds a file: the TAPEHOUSE_MODELS_DIR layout first, then flat. */
export function findLocalCopy(dir: string, file: Pick<ModelFile, 'name' | 'path'>): string | null {
  for (const candidate of [path.join(dir, ...file.path.split('/')), path.join(dir, file.name)]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Copies a pack file from a folder into `dest`, hashing it; `expectedBytes` names the blob size. */
export async function copyLocalFile(
  file: ModelFile,
  dir: string,
  dest: string,
  expectedBytes: number,
  signal: AbortSignal | undefined,
  onBytes: (bytes: number) => void,
): Promise<{ digest: Digest; source: string }> {
  const source = findLocalCopy(dir, file);
  if (source === null) {
    throw new AppError(
      'not_found',
      `${file.name} not found in ${dir} (looked for ${file.path} and ${file.name})`,
      { details: { file: file.name, dir } },
    );
  }
  const hasher = new Hasher(expectedBytes);
  try {
    // Copy even past the expected size so a wrong file reports its real size and hash.
    const meter = new Meter(hasher, Infinity, onBytes);
    await meterInto(fs.createReadStream(source), meter, dest, false, signal);
  } catch (error) {
    if (error instanceof CancelledError) throw error;
    throw new AppError('internal_error', `copying ${source} failed: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  return { digest: hasher.digest(), source };
}
