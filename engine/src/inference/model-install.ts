/**
 * Installs a model pack into `<home>/models/<id>/` (docs/api/models.md). The one code path behind
 * `npm run models -- install` and the studio's install jobs:
 *
 * 1. refuse a non-commercial pack whose licence was not acknowledged, and take the pack's lock
 *    (one install per pack at a time, across processes);
 * 2. resolve what vouches for every file (the manifest's digests, or the Hub's listing of the
 *    pinned commit, read through the mirror when one is set) before any byte moves;
 * 3. check the disk has room for what is still to fetch and unpack, plus the reserve;
 * 4. download each file resumably into `.downloads/` (or copy it from a folder), refuse it on
 *    any mismatch, unpack archives and check their members;
 * 5. write installed.json (what was verified, and from where) and rename the staged folder into
 *    place. Any failure leaves nothing installed and an earlier install untouched.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError, CancelledError, isAppError, throwIfCancelled } from '../errors.ts';
import { HubListings } from './hub-listing.ts';
import { extractMembers } from './model-archive.ts';
import { checkDiskSpace } from './model-disk.ts';
import { downloadResumable, type DownloadOptions } from './model-download.ts';
import { digestError, expectFile, mismatches, type Expected } from './model-expected.ts';
import { lockPack } from './model-lock.ts';
import { INSTALLED_RECORD, type ModelFile, type ModelManifest } from './model-manifest.ts';
import { viaMirror } from './model-mirror.ts';
import type { InstalledFile, InstalledRecord } from './model-record.ts';
import type { ModelRegistry } from './model-registry.ts';
import { copyLocalFile, errorMessage, findLocalCopy, type Digest } from './model-transfer.ts';
import { TransferRate } from './transfer-rate.ts';

export interface InstallProgress {
  packId: string;
  /** The file being transferred, unpacked or hashed (manifest name). */
  file: string;
  fileIndex: number;
  fileCount: number;
  fileBytesDone: number;
  fileBytesTotal: number;
  /** Whole pack. */
  bytesDone: number;
  bytesTotal: number;
  phase: 'download' | 'copy' | 'unpack' | 'verify';
  /** Current speed (bytes moved in this session, not resumed ones), or null until measurable. */
  bytesPerSecond: number | null;
  /** Seconds until the pack's remaining bytes are moved at that speed, or null. */
  etaSeconds: number | null;
}

export type ProgressListener = (progress: InstallProgress) => void;

export interface InstallOptions extends DownloadOptions {
  /** Copy from this folder (`<from>/<file.path>`, else `<from>/<file.name>`) instead of downloading. */
  from?: string;
  /** Reinstall even when the pack is already installed and intact. */
  force?: boolean;
  /** The user acknowledged a non-commercial pack's licence (required for those). */
  acceptLicence?: boolean;
  /** TAPEHOUSE_MODEL_MIRROR (model-mirror.ts); null or absent: the public URLs. */
  mirror?: string | null;
  /** Bytes the install must leave free on the disk (model-config.ts); default 0. */
  diskReserveBytes?: number;
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
const STALE_DOWNLOAD_MS = 7 * 24 * 60 * 60 * 1000;
/** What an archive of unknown members is assumed to unpack to, for the disk check. */
const UNPACK_FACTOR = 1.5;

/** Packs whose every file is in `dir` (what `install --from <dir>` with no ids installs). */
export function packsAvailableIn(registry: ModelRegistry, dir: string): string[] {
  return registry
    .manifests()
    .filter((m) => m.files.every((f) => findLocalCopy(dir, f) !== null))
    .map((m) => m.id);
}

/** Refuses a non-commercial pack unless its licence was acknowledged. */
export function requireLicence(manifest: ModelManifest, accepted: boolean | undefined): void {
  if (manifest.nonCommercial !== true || accepted === true) return;
  throw new AppError(
    'licence_not_accepted',
    `"${manifest.title}" is licensed for non-commercial use only (${manifest.licence}). ` +
      'Read the licence and confirm that you accept it to install this pack.',
    {
      details: {
        pack: manifest.id,
        licence: manifest.licence,
        licence_url: manifest.licenceUrl ?? null,
      },
    },
  );
}

/** Where a download of `file` collects its bytes across attempts: one name per URL and digest. */
export function partialPath(registry: ModelRegistry, file: ModelFile): string {
  const key = createHash('sha256')
    .update(`${file.url}\n${file.sha256 ?? file.md5 ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  return path.join(registry.installRoot, '.downloads', `${key}.part`);
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** Unpacked size of an archive's members: stated sizes, else an estimate from the archive. */
function unpackBytes(file: ModelFile, archiveBytes: number): number {
  const members = file.extract ?? [];
  if (members.length === 0) return 0;
  if (members.every((m) => m.bytes !== undefined))
    return members.reduce((sum, m) => sum + (m.bytes ?? 0), 0);
  return Math.ceil(archiveBytes * UNPACK_FACTOR);
}

/**
 * The disk an install still needs: every file not yet on disk (resumed partial downloads count
 * as done) and what archives unpack to. `sizes` overrides manifest sizes (the Hub's listing).
 */
export function bytesStillNeeded(
  registry: ModelRegistry,
  manifest: ModelManifest,
  copying: boolean,
  sizes: (number | null)[] = [],
): number {
  return manifest.files.reduce((sum, file, index) => {
    const bytes = sizes[index] ?? file.bytes ?? 0;
    const have = copying ? 0 : Math.min(bytes, sizeOf(partialPath(registry, file)));
    return sum + (bytes - have) + unpackBytes(file, bytes);
  }, 0);
}

/** Removes leftovers of crashed installs: staging older than a day, partial downloads after a week. */
function cleanStale(root: string, maxAgeMs: number): void {
  if (!fs.existsSync(root)) return;
  const cutoff = Date.now() - maxAgeMs;
  for (const name of fs.readdirSync(root)) {
    const entry = path.join(root, name);
    try {
      if (fs.statSync(entry).mtimeMs < cutoff) fs.rmSync(entry, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
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

/** Unpacks an archive's members into `dir`, checking any digest or size the manifest states. */
async function unpack(
  file: ModelFile,
  archive: string,
  archiveRecord: Omit<InstalledFile, 'name' | 'sha256' | 'bytes' | 'md5'>,
  dir: string,
  signal: AbortSignal | undefined,
): Promise<InstalledFile[]> {
  const members = file.extract ?? [];
  const done = await extractMembers(archive, file.name, members, dir, signal);
  return members.map((spec) => {
    const got = done.find((d) => d.name === spec.name);
    const sizeOk = spec.bytes === undefined || got?.bytes === spec.bytes;
    const digestOk = spec.sha256 === undefined || got?.sha256 === spec.sha256;
    if (!got || !sizeOk || !digestOk) {
      throw new AppError(
        'validation_error',
        `${spec.member} inside ${file.name} does not match the manifest: expected sha256 ` +
          `${spec.sha256 ?? '(any)'} (${spec.bytes ?? '?'} bytes), got ${got?.sha256 ?? 'nothing'} ` +
          `(${got?.bytes ?? 0} bytes); nothing was installed`,
        { details: { file: file.name, member: spec.member } },
      );
    }
    return {
      ...archiveRecord,
      name: got.name,
      sha256: got.sha256,
      bytes: got.bytes,
      verified: [
        ...(archiveRecord.verified ?? []),
        ...(spec.sha256
          ? [{ method: 'sha256' as const, expected: spec.sha256, from: 'manifest' }]
          : []),
        ...(spec.bytes
          ? [{ method: 'size' as const, expected: String(spec.bytes), from: 'manifest' }]
          : []),
      ],
    };
  });
}

interface Session {
  registry: ModelRegistry;
  manifest: ModelManifest;
  options: InstallOptions;
  from: string | null;
  staged: string;
  bytesTotal: number;
  rate: TransferRate;
  /** Bytes moved over the wire or copied in this session (resumed bytes excluded). */
  moved: number;
}

/** Fetches (or copies) one file into the staging folder; answers what the record keeps of it. */
async function installFile(
  session: Session,
  file: ModelFile,
  expected: Expected,
  fileIndex: number,
  bytesBefore: number,
): Promise<InstalledFile[]> {
  const { registry, manifest, options, from, staged } = session;
  const dest = path.join(staged, file.name);
  let resumedFrom = -1;
  const report = (fileBytesDone: number, phase: InstallProgress['phase']): void => {
    if (resumedFrom < 0) resumedFrom = fileBytesDone;
    const movedNow = session.moved + Math.max(0, fileBytesDone - resumedFrom);
    session.rate.sample(movedNow);
    const bytesDone = bytesBefore + Math.min(fileBytesDone, expected.bytes);
    options.onProgress?.({
      packId: manifest.id,
      file: file.name,
      fileIndex,
      fileCount: manifest.files.length,
      fileBytesDone,
      fileBytesTotal: expected.bytes,
      bytesDone,
      bytesTotal: session.bytesTotal,
      phase,
      bytesPerSecond: session.rate.bytesPerSecond(),
      etaSeconds: session.rate.etaSeconds(session.bytesTotal - bytesDone),
    });
  };
  let digest: Digest;
  let origin: string;
  if (from !== null) {
    const copied = await copyLocalFile(file, from, dest, expected.bytes, options.signal, (n) =>
      report(n, 'copy'),
    );
    digest = copied.digest;
    origin = copied.source;
    if (mismatches(expected, digest).length > 0)
      throw digestError(file.name, origin, expected, digest);
  } else {
    origin = viaMirror(file.url, options.mirror ?? null);
    const partial = partialPath(registry, file);
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    digest = await downloadResumable(origin, partial, expected.bytes, options, (n) =>
      report(n, 'download'),
    );
    if (mismatches(expected, digest).length > 0) {
      // Wrong bytes are never resumed from: the next attempt starts clean.
      fs.rmSync(partial, { force: true });
      throw digestError(file.name, origin, expected, digest);
    }
    fs.renameSync(partial, dest);
  }
  session.moved += Math.max(0, digest.bytes - Math.max(0, resumedFrom));
  const base = {
    origin,
    verified: expected.checks,
    ...(expected.hub && { hub: expected.hub }),
  };
  if (!file.extract) {
    return [
      { name: file.name, sha256: digest.sha256, md5: digest.md5, bytes: digest.bytes, ...base },
    ];
  }
  report(expected.bytes, 'unpack');
  // The archive's checks vouch for its members; only they are kept.
  const members = await unpack(
    file,
    dest,
    {
      ...base,
      archive: digest.sha256,
      verified: [{ method: 'archive', expected: digest.sha256, from: file.name }],
    },
    staged,
    options.signal,
  );
  fs.rmSync(dest, { force: true });
  return members;
}

/**
 * Installs one pack into `<home>/models/<id>/`. See the file comment for the steps; any failure or
 * cancellation removes the staged files and leaves an earlier install untouched (a partial
 * download that failed for network reasons is kept to resume from).
 */
export async function installPack(
  registry: ModelRegistry,
  packId: string,
  options: InstallOptions = {},
): Promise<InstallResult> {
  const manifest = registry.manifest(packId);
  const dir = registry.packDir(packId);
  const from = options.from === undefined ? null : path.resolve(options.from);
  throwIfCancelled(options.signal);
  requireLicence(manifest, options.acceptLicence);
  if (options.force !== true && registry.status(packId).state === 'installed') {
    const bytes = registry.readInstalled(packId)?.files.reduce((s, f) => s + f.bytes, 0) ?? 0;
    return {
      id: packId,
      version: manifest.version,
      status: 'already_installed',
      dir,
      bytes,
      from: null,
    };
  }
  if (from !== null && !fs.existsSync(from)) {
    throw new AppError('not_found', `folder to install from does not exist: ${from}`);
  }
  fs.mkdirSync(registry.installRoot, { recursive: true });
  const release = lockPack(registry.installRoot, packId);
  const stagingRoot = registry.stagingRoot();
  let staged: string | null = null;
  try {
    const listings = new HubListings({
      mirror: options.mirror ?? null,
      ...(options.signal && { signal: options.signal }),
      ...(options.fetchImpl && { fetchImpl: options.fetchImpl }),
    });
    const expected: Expected[] = [];
    for (const file of manifest.files) expected.push(await expectFile(file, listings));
    const bytesTotal = expected.reduce((sum, e) => sum + e.bytes, 0);
    checkDiskSpace(
      registry.installRoot,
      bytesStillNeeded(
        registry,
        manifest,
        from !== null,
        expected.map((e) => e.bytes),
      ),
      options.diskReserveBytes ?? 0,
      `"${manifest.title}"`,
    );
    fs.mkdirSync(stagingRoot, { recursive: true });
    cleanStale(stagingRoot, STALE_STAGING_MS);
    cleanStale(path.join(registry.installRoot, '.downloads'), STALE_DOWNLOAD_MS);
    staged = fs.mkdtempSync(path.join(stagingRoot, `${packId}-`));
    const session: Session = {
      registry,
      manifest,
      options,
      from,
      staged,
      bytesTotal,
      rate: new TransferRate(),
      moved: 0,
    };
    const record: InstalledRecord = {
      id: manifest.id,
      version: manifest.version,
      installedAt: new Date().toISOString(),
      from: from === null ? 'download' : 'copy',
      ...(manifest.nonCommercial === true && {
        licenceAccepted: { licence: manifest.licence, at: new Date().toISOString() },
      }),
      files: [],
    };
    let bytesBefore = 0;
    for (const [index, file] of manifest.files.entries()) {
      throwIfCancelled(options.signal);
      const want = expected[index] as Expected;
      record.files.push(...(await installFile(session, file, want, index, bytesBefore)));
      bytesBefore += want.bytes;
    }
    throwIfCancelled(options.signal);
    fs.writeFileSync(path.join(staged, INSTALLED_RECORD), `${JSON.stringify(record, null, 2)}\n`);
    commit(registry, packId, staged);
    staged = null;
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
    if (staged !== null) fs.rmSync(staged, { recursive: true, force: true });
    release();
  }
}
