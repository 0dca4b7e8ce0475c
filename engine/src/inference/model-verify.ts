/**
 * Re-checking and removing installed packs (docs/api/models.md): verify re-hashes every file
 * against what vouched for it at install (the manifest's digest, or the digest recorded when a
 * Hub-verified file or an archive's member passed its checks); remove renames the folder out of
 * the way before deleting it, so a crash never leaves a pack that looks installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError, throwIfCancelled } from '../errors.ts';
import type { InstallProgress, ProgressListener } from './model-install.ts';
import { packEntries } from './model-manifest.ts';
import { recordVouches } from './model-record.ts';
import type { ModelRegistry } from './model-registry.ts';
import { hashFile, type Digest } from './model-transfer.ts';

const PACK_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What a file must hash to: its size and its sha256, or the upstream's md5. */
export interface ExpectedDigest {
  sha256?: string;
  md5?: string;
  bytes: number;
}

export interface FileCheck {
  name: string;
  ok: boolean;
  /** Why not ok; `record`: the install does not match this manifest's pin (reinstall). */
  problem: 'missing' | 'size' | 'sha256' | 'md5' | 'record' | null;
  expected: ExpectedDigest;
  actual: Digest | null;
}

export interface VerifyResult {
  id: string;
  ok: boolean;
  version: string;
  installedVersion: string;
  files: FileCheck[];
}

/** Re-hashes every file of an installed pack against what vouched for it. */
export async function verifyPack(
  registry: ModelRegistry,
  packId: string,
  options: { signal?: AbortSignal; onProgress?: ProgressListener } = {},
): Promise<VerifyResult> {
  const manifest = registry.manifest(packId);
  const record = registry.readInstalled(packId);
  if (record === null) {
    throw new AppError('model_not_installed', `model pack "${packId}" is not installed`, {
      details: { pack: packId },
    });
  }
  const entries = packEntries(manifest);
  const bytesTotal = entries.reduce(
    (sum, e) => sum + (e.bytes ?? record.files.find((r) => r.name === e.name)?.bytes ?? 0),
    0,
  );
  let bytesBefore = 0;
  const files: FileCheck[] = [];
  for (const [fileIndex, entry] of entries.entries()) {
    throwIfCancelled(options.signal);
    const recorded = record.files.find((r) => r.name === entry.name);
    const bytes = entry.bytes ?? recorded?.bytes ?? 0;
    // The manifest's sha256 when it states one; else the one measured when the file passed its
    // checks at install (Hub-verified files, archive members); an md5-only file keeps its md5.
    const sha256 = entry.sha256 ?? (entry.md5 === null ? recorded?.sha256 : undefined);
    const expected: ExpectedDigest =
      sha256 !== undefined ? { sha256, bytes } : { md5: entry.md5 ?? '', bytes };
    const target = path.join(registry.packDir(packId), entry.name);
    if (recorded === undefined || !fs.existsSync(target)) {
      files.push({ name: entry.name, ok: false, problem: 'missing', expected, actual: null });
      bytesBefore += bytes;
      continue;
    }
    const actual = await hashFile(target, {
      ...(options.signal ? { signal: options.signal } : {}),
      onBytes: (done) =>
        options.onProgress?.(
          verifyProgress(
            packId,
            entry.name,
            fileIndex,
            entries.length,
            done,
            bytes,
            bytesBefore,
            bytesTotal,
          ),
        ),
    });
    const problem: FileCheck['problem'] =
      actual.bytes !== bytes
        ? 'size'
        : expected.sha256 !== undefined && actual.sha256 !== expected.sha256
          ? 'sha256'
          : expected.md5 !== undefined && actual.md5 !== expected.md5
            ? 'md5'
            : !recordVouches(recorded, entry)
              ? 'record'
              : null;
    files.push({ name: entry.name, ok: problem === null, problem, expected, actual });
    bytesBefore += bytes;
  }
  return {
    id: packId,
    ok: files.every((f) => f.ok),
    version: manifest.version,
    installedVersion: record.version,
    files,
  };
}

function verifyProgress(
  packId: string,
  file: string,
  fileIndex: number,
  fileCount: number,
  done: number,
  bytes: number,
  bytesBefore: number,
  bytesTotal: number,
): InstallProgress {
  return {
    packId,
    file,
    fileIndex,
    fileCount,
    fileBytesDone: done,
    fileBytesTotal: bytes,
    bytesDone: bytesBefore + Math.min(done, bytes),
    bytesTotal,
    phase: 'verify',
    bytesPerSecond: null,
    etaSeconds: null,
  };
}

/** Ids of the packs that have an install folder with a record, in manifest order. */
export function installedPackIds(registry: ModelRegistry): string[] {
  return registry
    .manifests()
    .map((m) => m.id)
    .filter((id) => registry.readInstalled(id) !== null);
}

/**
 * Deletes an installed pack. The folder is first renamed into staging, so a crash mid-delete
 * never leaves a pack that looks installed. Works for packs whose manifest is gone too.
 */
export function removePack(registry: ModelRegistry, packId: string): { id: string; dir: string } {
  if (!PACK_ID.test(packId)) {
    throw new AppError('validation_error', `"${packId}" is not a model pack id`);
  }
  const dir = registry.packDir(packId);
  if (!fs.existsSync(dir)) {
    throw new AppError('not_found', `model pack "${packId}" is not installed`, {
      details: { pack: packId },
    });
  }
  fs.mkdirSync(registry.stagingRoot(), { recursive: true });
  const doomed = fs.mkdtempSync(path.join(registry.stagingRoot(), `${packId}-removing-`));
  fs.renameSync(dir, path.join(doomed, packId));
  fs.rmSync(doomed, { recursive: true, force: true });
  return { id: packId, dir };
}
