/**
 * Uploaded and produced files: bytes on disk, content-addressed under `<home>/files/<aa>/<sha>`,
 * referenced from SQLite (never blobs in the database). An upload streams to a temp file while
 * hashing, so a multi-gigabyte recording never sits in memory, and only a complete, hashed file
 * is renamed into place; a disk that fills up midway is 507 with the partial file removed.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { files, type FileRow } from '../../../db/schema/files.ts';
import { AppError } from '../../../errors.ts';
import { storageError } from '../../../storage-space.ts';

/** Default upload cap: 2 GiB covers an hour of 48 kHz stereo WAV and most video sources. */
export const DEFAULT_MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

export interface StoredFile {
  file_key: string;
  bytes: number;
  sha256: string;
  content_type: string;
  filename: string;
  created_at: string;
}

export function toStoredFile(row: FileRow): StoredFile {
  return {
    file_key: row.key,
    bytes: row.bytes,
    sha256: row.sha256,
    content_type: row.contentType,
    filename: row.filename,
    created_at: row.createdAt,
  };
}

/** Keeps a user-supplied name safe to show and to use as a download name. */
export function sanitizeFilename(name: string | undefined): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  // Control characters and the characters Windows forbids in file names become "_".
  const cleaned = [...base]
    .map((c) => (c.charCodeAt(0) < 32 || '<>:"|?*'.includes(c) ? '_' : c))
    .join('');
  const trimmed = cleaned.trim().slice(0, 200);
  return trimmed === '' || trimmed === '.' || trimmed === '..' ? 'upload' : trimmed;
}

export class FileStore {
  private readonly root: string;
  private readonly tmp: string;

  constructor(
    private readonly db: Db,
    home: string,
    readonly maxBytes = DEFAULT_MAX_UPLOAD_BYTES,
  ) {
    this.root = path.join(home, 'files');
    this.tmp = path.join(this.root, '.tmp');
    fs.mkdirSync(this.tmp, { recursive: true });
  }

  blobPath(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async save(
    ownerId: string,
    source: Readable,
    meta: { contentType: string; filename: string },
    signal?: AbortSignal,
  ): Promise<StoredFile> {
    const temp = path.join(this.tmp, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    let bytes = 0;
    const max = this.maxBytes;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            bytes += chunk.length;
            if (bytes > max) {
              throw new AppError('payload_too_large', `Uploads are limited to ${max} bytes.`, {
                details: { max_bytes: max },
              });
            }
            hash.update(chunk);
            yield chunk;
          }
        },
        fs.createWriteStream(temp),
        { signal },
      ).catch((error: unknown) => {
        // A full disk midway is 507; the partial temp file goes in `finally`.
        throw storageError(error);
      });
      if (bytes === 0) throw new AppError('validation_error', 'The uploaded file is empty.');
      const sha256 = hash.digest('hex');
      const target = this.blobPath(sha256);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (fs.existsSync(target)) fs.rmSync(temp);
      else fs.renameSync(temp, target);
      const row = this.db
        .insert(files)
        .values({
          key: randomUUID(),
          ownerId,
          sha256,
          bytes,
          contentType: meta.contentType,
          filename: meta.filename,
        })
        .returning()
        .get();
      return toStoredFile(row);
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }

  /** The caller's file, or 404: another user's key is indistinguishable from a missing one. */
  get(ownerId: string, key: string): FileRow {
    const row = this.db
      .select()
      .from(files)
      .where(and(eq(files.key, key), eq(files.ownerId, ownerId)))
      .get();
    if (!row) throw new AppError('not_found', `File ${key} not found.`);
    return row;
  }

  /**
   * Forgets an upload a route refused after storing it (e.g. a manuscript whose content is not
   * what its name says). The bytes go too unless another key still uses them.
   */
  discard(ownerId: string, key: string): void {
    const row = this.db
      .select()
      .from(files)
      .where(and(eq(files.key, key), eq(files.ownerId, ownerId)))
      .get();
    if (!row) return;
    this.db.delete(files).where(eq(files.key, key)).run();
    const others =
      this.db.select({ n: count() }).from(files).where(eq(files.sha256, row.sha256)).get()?.n ?? 0;
    if (others === 0) fs.rmSync(this.blobPath(row.sha256), { force: true });
  }

  pathOf(row: FileRow): string {
    return this.blobPath(row.sha256);
  }

  /**
   * Empties `files/.tmp` at start, before any job or request can use it: partial uploads and the
   * work folders jobs keep there (denoise-<id>/) that a crash left behind. Folders included —
   * a non-recursive removal stopped the engine from starting at all after a crash mid-denoise
   * (EISDIR), leaving the job running with its credits held.
   */
  sweepTemp(): void {
    for (const name of fs.readdirSync(this.tmp))
      fs.rmSync(path.join(this.tmp, name), { recursive: true, force: true });
  }
}
