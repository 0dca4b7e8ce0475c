/**
 * Room on the disk that holds the data folder, for uploads (docs/api/errors.md, "Uploads"): a
 * request whose size is known is refused with 507 `insufficient_storage` before a byte is
 * written when it would not fit with the reserve left over, and a write that runs out of room
 * midway (ENOSPC, or EDQUOT on a quota) is the same 507 with the partial file removed. Messages
 * give sizes, never paths.
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './errors.ts';

/**
 * Left free after an upload, so the database, job outputs and the log can still be written:
 * an upload that would eat into it is refused up front.
 */
export const STORAGE_RESERVE_BYTES = 16 * 1024 * 1024;

/** Bytes an unprivileged process may still write under `dir`; null when the OS cannot say. */
export function freeBytes(dir: string): number | null {
  try {
    const stat = fs.statfsSync(dir);
    return stat.bavail * stat.bsize;
  } catch {
    return null;
  }
}

function mib(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

export function insufficientStorage(
  message: string,
  details: Record<string, unknown> = {},
  cause?: unknown,
): AppError {
  return new AppError('insufficient_storage', message, { details, cause });
}

/** 507 unless `bytes` fit on the disk of `dir` with the reserve left over. */
export function requireFreeSpace(dir: string, bytes: number): void {
  const free = freeBytes(dir);
  if (free === null || bytes + STORAGE_RESERVE_BYTES <= free) return;
  throw insufficientStorage(
    `Not enough disk space for this upload: it is ${mib(bytes)} and ${mib(free)} are free ` +
      `(Tapehouse keeps ${mib(STORAGE_RESERVE_BYTES)} free for its database). Free some space and try again.`,
    { needed_bytes: bytes, free_bytes: free, reserve_bytes: STORAGE_RESERVE_BYTES },
  );
}

/** A write failed because the disk (or the user's quota) is full. */
export function isNoSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** ENOSPC/EDQUOT as the 507 callers see; anything else unchanged. */
export function storageError(error: unknown): unknown {
  if (!isNoSpace(error)) return error;
  return insufficientStorage(
    'The disk filled up while the upload was being written; nothing was kept. Free some space and try again.',
    { reason: 'disk_full' },
    error,
  );
}

/**
 * Streams `source` into `file`; on any failure the partial file is removed and a full disk is
 * reported as 507. Resolves with the number of bytes written.
 */
export async function writeStreamToFile(
  source: Readable,
  file: string,
  signal?: AbortSignal,
): Promise<number> {
  let bytes = 0;
  const count = async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      bytes += chunk.length;
      yield chunk;
    }
  };
  try {
    await pipeline(source, count, fs.createWriteStream(file), ...(signal ? [{ signal }] : []));
    return bytes;
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw storageError(error);
  }
}
