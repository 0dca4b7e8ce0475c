/**
 * Unpacks the members a manifest names from a downloaded archive (.tar.bz2, .tar.gz/.tgz, .tar),
 * after the archive's own digest was checked. Streams end to end — decompressor (unbzip2-stream
 * for bzip2, node:zlib for gzip) into node-tar's parser — hashing each member as it is written,
 * so nothing is held in memory and nothing but the named members reaches the disk.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import unbzip2 from 'unbzip2-stream';
import { AppError, throwIfCancelled } from '../errors.ts';

export interface ArchiveMember {
  /** Path inside the archive, e.g. `sherpa-onnx-pyannote-segmentation-3-0/model.onnx`. */
  member: string;
  /** File name to write in `dest`. */
  name: string;
}

export interface ExtractedMember {
  name: string;
  sha256: string;
  bytes: number;
}

export const ARCHIVE_SUFFIXES = ['.tar.bz2', '.tbz2', '.tar.gz', '.tgz', '.tar'] as const;

export function isArchiveName(name: string): boolean {
  return ARCHIVE_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

function decompressor(name: string): Transform | null {
  if (name.endsWith('.tar.bz2') || name.endsWith('.tbz2')) return unbzip2() as Transform;
  if (name.endsWith('.tar.gz') || name.endsWith('.tgz')) return zlib.createGunzip();
  return null;
}

/** `./a/b` and `a/b` name the same member. */
function normal(member: string): string {
  return member.replace(/^\.\//, '');
}

async function writeMember(entry: ReadEntry, target: string): Promise<ExtractedMember> {
  const hash = createHash('sha256');
  let bytes = 0;
  entry.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  await pipeline(entry as unknown as Readable, fs.createWriteStream(target));
  return { name: path.basename(target), sha256: hash.digest('hex'), bytes };
}

/**
 * Writes each member of `archive` named in `members` to `dest/<name>`; a member the archive
 * lacks is 400 validation_error naming it (the manifest and the archive disagree).
 */
export async function extractMembers(
  archive: string,
  archiveName: string,
  members: readonly ArchiveMember[],
  dest: string,
  signal?: AbortSignal,
): Promise<ExtractedMember[]> {
  throwIfCancelled(signal);
  const wanted = new Map(members.map((m) => [normal(m.member), m.name]));
  const written: Promise<ExtractedMember>[] = [];
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      const name = wanted.get(normal(entry.path));
      if (name === undefined || entry.type !== 'File') {
        entry.resume();
        return;
      }
      wanted.delete(normal(entry.path));
      written.push(writeMember(entry, path.join(dest, name)));
    },
  });
  const source = fs.createReadStream(archive);
  const unpack = decompressor(archiveName);
  try {
    await new Promise<void>((resolve, reject) => {
      const stop = (error: unknown): void => {
        source.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      source.on('error', stop);
      unpack?.on('error', stop);
      parser.on('error', stop);
      parser.on('end', () => resolve());
      signal?.addEventListener('abort', () => stop(new Error('cancelled')), { once: true });
      // node-tar's parser is a Minipass writable: plain pipe() feeds it.
      (unpack ? source.pipe(unpack) : source).pipe(parser as unknown as NodeJS.WritableStream);
    });
  } catch (error) {
    throwIfCancelled(signal);
    throw new AppError(
      'validation_error',
      `${archiveName} could not be unpacked: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const done = await Promise.all(written);
  if (wanted.size > 0) {
    throw new AppError(
      'validation_error',
      `${archiveName} lacks ${[...wanted.keys()].join(', ')} named by the manifest`,
      { details: { missing: [...wanted.keys()] } },
    );
  }
  return done;
}
