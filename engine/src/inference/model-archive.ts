/**
 * Unpacks the members a manifest names from a downloaded archive (.tar.bz2, .tar.gz/.tgz, .tar),
 * after the archive's own digest was checked. Streams end to end — decompressor (unbzip2-stream
 * for bzip2, node:zlib for gzip) into node-tar's parser — hashing each member as it is written,
 * so nothing is held in memory and nothing but the named members reaches the disk. A `folder`
 * member unpacks every regular file under it (links and devices are skipped, and no path may
 * leave the folder), and answers its tree digest (model-tree.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import unbzip2 from 'unbzip2-stream';
import { AppError, throwIfCancelled } from '../errors.ts';
import { treeDigest, type TreeFile } from './model-tree.ts';

export interface ArchiveMember {
  /** Path inside the archive, e.g. `sherpa-onnx-pyannote-segmentation-3-0/model.onnx`. */
  member: string;
  /** File (or, for a folder, folder) name to write in `dest`. */
  name: string;
  /** Unpack the tree under `member` into `dest/<name>/`. */
  folder?: boolean;
}

export interface ExtractedMember {
  name: string;
  /** The file's sha256, or a folder's tree digest. */
  sha256: string;
  /** The file's size, or the sum of a folder's files. */
  bytes: number;
}

/** Most files one folder member may hold (a guard against a malicious archive). */
const MAX_FOLDER_FILES = 20_000;

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

/**
 * Hashes inside the pipeline: a separate 'data' listener would start the entry flowing before
 * the file is piped, and a member that arrived whole in one chunk would hash but write nothing.
 */
async function writeMember(entry: ReadEntry, target: string): Promise<ExtractedMember> {
  const hash = createHash('sha256');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(entry as unknown as Readable, counter, fs.createWriteStream(target));
  return { name: path.basename(target), sha256: hash.digest('hex'), bytes };
}

interface FolderState {
  name: string;
  files: Promise<TreeFile>[];
}

/** The folder member `path` falls under, and its path inside that folder. */
function folderOf(
  folders: ReadonlyMap<string, FolderState>,
  entryPath: string,
): { state: FolderState; relative: string } | null {
  for (const [prefix, state] of folders) {
    if (!entryPath.startsWith(`${prefix}/`)) continue;
    const relative = entryPath.slice(prefix.length + 1).replace(/\/+$/, '');
    const parts = relative.split('/');
    if (relative === '' || parts.some((p) => p === '' || p === '.' || p === '..')) return null;
    return { state, relative };
  }
  return null;
}

async function writeTreeFile(entry: ReadEntry, dest: string, relative: string): Promise<TreeFile> {
  const target = path.join(dest, ...relative.split('/'));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const written = await writeMember(entry, target);
  return { relative, sha256: written.sha256, bytes: written.bytes };
}

/**
 * Writes each member of `archive` named in `members` to `dest/<name>` (a folder member's files
 * under `dest/<name>/`); a member the archive lacks is 400 validation_error naming it (the
 * manifest and the archive disagree).
 */
export async function extractMembers(
  archive: string,
  archiveName: string,
  members: readonly ArchiveMember[],
  dest: string,
  signal?: AbortSignal,
): Promise<ExtractedMember[]> {
  throwIfCancelled(signal);
  const wanted = new Map(members.filter((m) => !m.folder).map((m) => [normal(m.member), m.name]));
  const folders = new Map<string, FolderState>(
    members
      .filter((m) => m.folder)
      .map((m) => [normal(m.member).replace(/\/+$/, ''), { name: m.name, files: [] }]),
  );
  const written: Promise<ExtractedMember>[] = [];
  let tooMany = false;
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      const entryPath = normal(entry.path);
      const name = wanted.get(entryPath);
      if (name !== undefined && entry.type === 'File') {
        wanted.delete(entryPath);
        written.push(writeMember(entry, path.join(dest, name)));
        return;
      }
      const inFolder = entry.type === 'File' ? folderOf(folders, entryPath) : null;
      if (inFolder && inFolder.state.files.length < MAX_FOLDER_FILES) {
        const root = path.join(dest, inFolder.state.name);
        inFolder.state.files.push(writeTreeFile(entry, root, inFolder.relative));
        return;
      }
      if (inFolder) tooMany = true;
      entry.resume();
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
  const missing = [
    ...wanted.keys(),
    ...[...folders].filter(([, f]) => f.files.length === 0).map(([prefix]) => `${prefix}/`),
  ];
  if (missing.length > 0) {
    throw new AppError(
      'validation_error',
      `${archiveName} lacks ${missing.join(', ')} named by the manifest`,
      { details: { missing } },
    );
  }
  if (tooMany)
    throw new AppError(
      'validation_error',
      `${archiveName} holds more than ${MAX_FOLDER_FILES} files in one folder`,
    );
  for (const folder of folders.values()) {
    const tree = treeDigest(folder.name, await Promise.all(folder.files));
    done.push({ name: folder.name, sha256: tree.sha256, bytes: tree.bytes });
  }
  return done;
}
