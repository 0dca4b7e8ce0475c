/**
 * Installs, verifies and removes model packs in `<home>/models/`.
 *
 * An install streams every file (HTTP(S) download, or a copy from a local folder with
 * `--from`) into a fresh folder under `<home>/models/.staging/`, hashing as it writes; only
 * when every file has the manifest's size and sha256 is the folder renamed into place, so a
 * pack is either wholly installed or not at all. Nothing here runs implicitly: jobs only
 * resolve files (model-registry.ts) and the user runs `npm run models -- install <id>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError, CancelledError, isAppError, throwIfCancelled } from '../errors.ts';
import { extractMembers } from './model-archive.ts';
import { hashTree } from './model-tree.ts';
import {
  expectedDigest,
  INSTALLED_RECORD,
  packBytes,
  packEntries,
  type ModelFile,
  type ModelManifest,
} from './model-manifest.ts';
import type { InstalledRecord, ModelRegistry } from './model-registry.ts';
import {
  copyLocalFile,
  downloadFile,
  errorMessage,
  findLocalCopy,
  hashFile,
  type Digest,
  type TransferOptions,
} from './model-transfer.ts';

export interface InstallProgress {
  packId: string;
  /** The file being transferred or hashed (manifest name). */
  file: string;
  fileIndex: number;
  fileCount: number;
  fileBytesDone: number;
  fileBytesTotal: number;
  /** Whole pack. */
  bytesDone: number;
  bytesTotal: number;
  phase: 'download' | 'copy' | 'verify';
}

export type ProgressListener = (progress: InstallProgress) => void;

export interface InstallOptions extends TransferOptions {
  /** Copy from this folder (`<from>/<file.path>`, else `<from>/<file.name>`) instead of downloading. */
  from?: string;
  /** Reinstall even when the pack is already installed and intact. */
  force?: boolean;
  onProgress?: ProgressListener;
}

export interface InstallResult {
  id: string;
  version: string;
  status: 'installed' | 'already_installed';
  dir: string;
  bytes: number;
  from: 'download' | 'copy' | null;
}

const STALE_STAGING_MS = 24 * 60 * 60 * 1000;
const PACK_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Packs whose every file is in `dir` (what `install --from <dir>` with no ids installs). */
export function packsAvailableIn(registry: ModelRegistry, dir: string): string[] {
  return registry
    .manifests()
    .filter((m) => m.files.every((f) => findLocalCopy(dir, f) !== null))
    .map((m) => m.id);
}

/** What a manifest entry promises: its size and its sha256, or the upstream's md5. */
export interface ExpectedDigest {
  sha256?: string;
  md5?: string;
  bytes: number;
}

function expectedOf(file: ModelFile): ExpectedDigest {
  return file.sha256 !== undefined
    ? { sha256: file.sha256, bytes: file.bytes }
    : { md5: file.md5 ?? '', bytes: file.bytes };
}

function checkDigest(file: ModelFile, digest: Digest, origin: string): void {
  const { algorithm, hex } = expectedDigest(file);
  if (digest.bytes === file.bytes && digest[algorithm] === hex) return;
  throw new AppError(
    'validation_error',
    `${file.name} from ${origin} does not match the manifest: ` +
      `expected ${algorithm} ${hex} (${file.bytes} bytes), ` +
      `got ${algorithm} ${digest[algorithm]} (${digest.bytes} bytes)`,
    {
      details: {
        file: file.name,
        origin,
        expected: expectedOf(file),
        actual: digest,
      },
    },
  );
}

/** Unpacks an archive's members beside it, checking any digest or size the manifest states. */
async function unpack(
  file: ModelFile,
  archive: string,
  dir: string,
  signal: AbortSignal | undefined,
): Promise<{ name: string; sha256: string; bytes: number }[]> {
  const members = file.extract ?? [];
  const done = await extractMembers(archive, file.name, members, dir, signal);
  for (const spec of members) {
    const got = done.find((d) => d.name === spec.name);
    const sizeOk = spec.bytes === undefined || got?.bytes === spec.bytes;
    const digestOk = spec.sha256 === undefined || got?.sha256 === spec.sha256;
    if (!got || !sizeOk || !digestOk) {
      throw new AppError(
        'validation_error',
        `${spec.member} inside ${file.name} does not match the manifest: expected sha256 ` +
          `${spec.sha256 ?? '(any)'} (${spec.bytes ?? '?'} bytes), got ${got?.sha256 ?? 'nothing'} (${got?.bytes ?? 0} bytes)`,
        { details: { file: file.name, member: spec.member } },
      );
    }
  }
  return done;
}

/** Removes staging leftovers of crashed installs (older than a day, so never a live one). */
function cleanStaleStaging(root: string): void {
  if (!fs.existsSync(root)) return;
  const cutoff = Date.now() - STALE_STAGING_MS;
  for (const name of fs.readdirSync(root)) {
    const entry = path.join(root, name);
    try {
      if (fs.statSync(entry).mtimeMs < cutoff) fs.rmSync(entry, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

function isIntact(registry: ModelRegistry, manifest: ModelManifest): boolean {
  return registry.status(manifest.id).state === 'installed';
}

/** Moves the staged folder into place, replacing an older install only once the new one is ready. */
function commit(registry: ModelRegistry, packId: string, staged: string): void {
  const final = registry.packDir(packId);
  // mkdtemp makes the folder private (0700); an installed pack is ordinary app data.
  fs.chmodSync(staged, 0o755);
  let previous: string | null = null;
  if (fs.existsSync(final)) {
    previous = `${staged}.previous`;
    fs.renameSync(final, previous);
  }
  try {
    fs.renameSync(staged, final);
  } catch (error) {
    if (previous !== null) fs.renameSync(previous, final);
    throw error;
  }
  if (previous !== null) fs.rmSync(previous, { recursive: true, force: true });
}

/**
 * Installs one pack into `<home>/models/<id>/`. Downloads (or copies with `from`), checks every
 * file's size and sha256, then renames the staged folder into place with an installed.json.
 * Any failure or cancellation removes the staged files and leaves an earlier install untouched.
 */
export async function installPack(
  registry: ModelRegistry,
  packId: string,
  options: InstallOptions = {},
): Promise<InstallResult> {
  const manifest = registry.manifest(packId);
  const dir = registry.packDir(packId);
  const bytesTotal = packBytes(manifest);
  const from = options.from === undefined ? null : path.resolve(options.from);
  throwIfCancelled(options.signal);
  if (options.force !== true && isIntact(registry, manifest)) {
    return {
      id: packId,
      version: manifest.version,
      status: 'already_installed',
      dir,
      bytes: bytesTotal,
      from: null,
    };
  }
  if (from !== null && !fs.existsSync(from)) {
    throw new AppError('not_found', `folder to install from does not exist: ${from}`);
  }

  const stagingRoot = registry.stagingRoot();
  fs.mkdirSync(stagingRoot, { recursive: true });
  cleanStaleStaging(stagingRoot);
  const staged = fs.mkdtempSync(path.join(stagingRoot, `${packId}-`));
  let committed = false;
  try {
    let bytesBefore = 0;
    const record: InstalledRecord = {
      id: manifest.id,
      version: manifest.version,
      installedAt: new Date().toISOString(),
      from: from === null ? 'download' : 'copy',
      files: [],
    };
    for (const [fileIndex, file] of manifest.files.entries()) {
      throwIfCancelled(options.signal);
      const dest = path.join(staged, file.name);
      const report = (fileBytesDone: number): void =>
        options.onProgress?.({
          packId,
          file: file.name,
          fileIndex,
          fileCount: manifest.files.length,
          fileBytesDone,
          fileBytesTotal: file.bytes,
          bytesDone: bytesBefore + Math.min(fileBytesDone, file.bytes),
          bytesTotal,
          phase: from === null ? 'download' : 'copy',
        });
      report(0);
      const digest =
        from === null
          ? await downloadFile(file, dest, options, report)
          : await copyLocalFile(file, from, dest, options.signal, report);
      checkDigest(file, digest, from === null ? file.url : from);
      if (file.extract) {
        // The archive's digest vouches for its members; only they are kept.
        for (const member of await unpack(file, dest, staged, options.signal)) {
          record.files.push({ ...member, archive: digest.sha256 });
        }
        fs.rmSync(dest, { force: true });
      } else {
        record.files.push({
          name: file.name,
          sha256: digest.sha256,
          md5: digest.md5,
          bytes: digest.bytes,
        });
      }
      bytesBefore += file.bytes;
    }
    throwIfCancelled(options.signal);
    fs.writeFileSync(path.join(staged, INSTALLED_RECORD), `${JSON.stringify(record, null, 2)}\n`);
    commit(registry, packId, staged);
    committed = true;
    return {
      id: packId,
      version: manifest.version,
      status: 'installed',
      dir,
      bytes: bytesTotal,
      from: record.from,
    };
  } catch (error) {
    if (error instanceof CancelledError || isAppError(error)) throw error;
    throw new AppError('internal_error', `installing ${packId} failed: ${errorMessage(error)}`, {
      cause: error,
    });
  } finally {
    if (!committed) fs.rmSync(staged, { recursive: true, force: true });
  }
}

export interface FileCheck {
  name: string;
  ok: boolean;
  /** Why not ok. */
  problem: 'missing' | 'size' | 'sha256' | 'md5' | null;
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

/** Re-hashes every file of an installed pack against its manifest. */
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
    // A member whose digest the manifest does not state is checked against the digest taken
    // when the verified archive was unpacked.
    const sha256 = entry.sha256 ?? (entry.archiveSha256 !== null ? recorded?.sha256 : undefined);
    const bytes = entry.bytes ?? recorded?.bytes ?? 0;
    const expected: ExpectedDigest =
      sha256 !== undefined && sha256 !== null ? { sha256, bytes } : { md5: entry.md5 ?? '', bytes };
    const algorithm = expected.sha256 !== undefined ? 'sha256' : 'md5';
    const hex = expected.sha256 ?? expected.md5 ?? '';
    const target = path.join(registry.packDir(packId), entry.name);
    if (!fs.existsSync(target)) {
      files.push({ name: entry.name, ok: false, problem: 'missing', expected, actual: null });
    } else if (entry.folder) {
      const tree = await hashTree(target, entry.name, options.signal);
      const actual: Digest = { sha256: tree.sha256, md5: '', bytes: tree.bytes };
      const problem = tree.bytes !== bytes ? 'size' : tree.sha256 !== hex ? 'sha256' : null;
      files.push({ name: entry.name, ok: problem === null, problem, expected, actual });
    } else {
      const actual = await hashFile(target, {
        ...(options.signal ? { signal: options.signal } : {}),
        onBytes: (done) =>
          options.onProgress?.({
            packId,
            file: entry.name,
            fileIndex,
            fileCount: entries.length,
            fileBytesDone: done,
            fileBytesTotal: bytes,
            bytesDone: bytesBefore + Math.min(done, bytes),
            bytesTotal,
            phase: 'verify',
          }),
      });
      const problem =
        actual.bytes !== bytes ? 'size' : actual[algorithm] !== hex ? algorithm : null;
      files.push({ name: entry.name, ok: problem === null, problem, expected, actual });
    }
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
  const target = path.join(doomed, packId);
  fs.renameSync(dir, target);
  fs.rmSync(doomed, { recursive: true, force: true });
  return { id: packId, dir };
}
