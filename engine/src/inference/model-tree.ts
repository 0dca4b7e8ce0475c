/**
 * Digests of a folder of model files (an archive member marked `folder`, e.g. the espeak-ng-data
 * tree a ZipVoice pack needs). The digest is the one projects that pin such trees already
 * publish: the sha256 of the sorted `sha256sum` listing of every file under the folder, each
 * line `<hex>  <folder>/<relative path>` and newline-terminated, sorted bytewise (C locale) —
 * what `find <folder> -type f -exec sha256sum {} + | LC_ALL=C sort | sha256sum` prints, run
 * beside the folder.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hashFile } from './model-transfer.ts';

export interface TreeFile {
  /** Path under the folder, "/" separated. */
  relative: string;
  sha256: string;
  bytes: number;
}

export interface TreeDigest {
  sha256: string;
  bytes: number;
  files: number;
}

export function treeDigest(folder: string, files: readonly TreeFile[]): TreeDigest {
  const lines = files
    .map((f) => Buffer.from(`${f.sha256}  ${folder}/${f.relative}\n`, 'utf8'))
    .sort(Buffer.compare);
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line);
  return {
    sha256: hash.digest('hex'),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    files: files.length,
  };
}

/** Every regular file under `dir` (links and other kinds are not model data and are skipped). */
function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), relative));
    else if (entry.isFile()) out.push(relative);
  }
  return out;
}

/** Hashes the folder `dir` (whose pack name is `folder`) file by file. */
export async function hashTree(
  dir: string,
  folder: string,
  signal?: AbortSignal,
): Promise<TreeDigest> {
  const files: TreeFile[] = [];
  for (const relative of listFiles(dir)) {
    const digest = await hashFile(path.join(dir, ...relative.split('/')), {
      ...(signal && { signal }),
    });
    files.push({ relative, sha256: digest.sha256, bytes: digest.bytes });
  }
  return treeDigest(folder, files);
}

/** Total size of the files under `dir`, or null when it is not a folder. */
export function treeBytes(dir: string): number | null {
  try {
    if (!fs.statSync(dir).isDirectory()) return null;
  } catch {
    return null;
  }
  return listFiles(dir).reduce(
    (sum, relative) => sum + fs.statSync(path.join(dir, ...relative.split('/'))).size,
    0,
  );
}
