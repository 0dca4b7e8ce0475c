/**
 * What each file of a pack must be before the installer keeps it: its exact size and the digests
 * that vouch for it, each with where it came from (the manifest, with its evidence, or the Hub's
 * listing of the pinned commit). Resolved once per install, before any byte is downloaded, so a
 * manifest the Hub contradicts is refused up front (docs/api/models.md, "Hub-verified files").
 */
import { AppError } from '../errors.ts';
import type { HubListings } from './hub-listing.ts';
import { hubLocationOf, type HubLocation, type ModelFile } from './model-files.ts';
import type { Verification } from './model-record.ts';

export interface Expected {
  bytes: number;
  sha256: string | null;
  md5: string | null;
  /** The git blob id the Hub lists for a small (non-LFS) file. */
  gitBlob: string | null;
  /** The checks a match passes, in the order they are reported. */
  checks: Verification[];
  /** The pinned location a Hub-verified file is checked at. */
  hub: HubLocation | null;
}

/** What the installer measured while the bytes went by. */
export interface Digest {
  sha256: string;
  md5: string;
  /** sha1 of "blob <size>\0" + bytes, for the size the file was expected to have. */
  gitBlob: string;
  bytes: number;
}

function manifestChecks(file: ModelFile): Verification[] {
  const evidence = file.digestEvidence && {
    evidence: file.digestEvidence.kind,
    from: `manifest (${file.digestEvidence.url})`,
  };
  const checks: Verification[] = [];
  if (file.sha256 !== undefined)
    checks.push({ method: 'sha256', expected: file.sha256, from: 'manifest', ...evidence });
  if (file.md5 !== undefined)
    checks.push({ method: 'md5', expected: file.md5, from: 'manifest', ...evidence });
  return checks;
}

function disagree(file: ModelFile, what: string, manifest: string, hub: string): AppError {
  return new AppError(
    'validation_error',
    `${file.name}: the manifest and the Hub's listing of the pinned commit disagree on its ${what} ` +
      `(manifest ${manifest}, Hub ${hub}); nothing was downloaded`,
    { details: { file: file.name, what, manifest, hub } },
  );
}

/**
 * The expectation for one file. A Hub-verified file reads the listing (through `listings`, which
 * reads each repository+commit once); the Hub's value must agree with any the manifest records.
 */
export async function expectFile(file: ModelFile, listings: HubListings): Promise<Expected> {
  const checks = manifestChecks(file);
  const base = {
    sha256: file.sha256 ?? null,
    md5: file.md5 ?? null,
    gitBlob: null,
  };
  if (!file.hubVerified) {
    // The schema requires bytes unless the file is Hub-verified.
    const bytes = file.bytes ?? 0;
    checks.push({ method: 'size', expected: String(bytes), from: 'manifest' });
    return { ...base, bytes, checks, hub: null };
  }
  const hub = hubLocationOf(file.url);
  if (hub === null) {
    throw new AppError('validation_error', `${file.name} is Hub-verified but not a pinned Hub URL`);
  }
  const listing = await listings.get(hub);
  const listed = listing.files.get(hub.path);
  if (listed === undefined) {
    throw new AppError(
      'validation_error',
      `${file.name}: the Hub's listing of ${hub.repo} at ${hub.commit} has no ${hub.path}`,
      { details: { file: file.name, ...hub, listing: listing.url } },
    );
  }
  if (file.bytes !== undefined && file.bytes !== listed.bytes) {
    throw disagree(file, 'size', String(file.bytes), String(listed.bytes));
  }
  if (listed.lfsSha256 !== null && file.sha256 !== undefined && file.sha256 !== listed.lfsSha256) {
    throw disagree(file, 'sha256', file.sha256, listed.lfsSha256);
  }
  checks.push({ method: 'size', expected: String(listed.bytes), from: listing.url });
  if (listed.lfsSha256 !== null) {
    checks.push({ method: 'hub-lfs-sha256', expected: listed.lfsSha256, from: listing.url });
    return { ...base, sha256: listed.lfsSha256, bytes: listed.bytes, checks, hub };
  }
  checks.push({ method: 'hub-git-blob', expected: listed.blobOid, from: listing.url });
  return { ...base, gitBlob: listed.blobOid, bytes: listed.bytes, checks, hub };
}

/** The checks `digest` fails, as "sha256 expected … got …" phrases (empty: it matches). */
export function mismatches(expected: Expected, digest: Digest): string[] {
  const problems: string[] = [];
  if (digest.bytes !== expected.bytes)
    problems.push(`size: expected ${expected.bytes} bytes, got ${digest.bytes}`);
  if (expected.sha256 !== null && digest.sha256 !== expected.sha256)
    problems.push(`sha256: expected ${expected.sha256}, got ${digest.sha256}`);
  if (expected.md5 !== null && digest.md5 !== expected.md5)
    problems.push(`md5: expected ${expected.md5}, got ${digest.md5}`);
  if (expected.gitBlob !== null && digest.gitBlob !== expected.gitBlob)
    problems.push(`git blob id: expected ${expected.gitBlob}, got ${digest.gitBlob}`);
  return problems;
}

/** The algorithm a file is mainly vouched for by, and the measured value under it. */
function primary(expected: Expected, digest: Digest): { name: string; want: string; got: string } {
  if (expected.sha256 !== null)
    return { name: 'sha256', want: expected.sha256, got: digest.sha256 };
  if (expected.md5 !== null) return { name: 'md5', want: expected.md5, got: digest.md5 };
  return { name: 'git blob id', want: expected.gitBlob ?? '', got: digest.gitBlob };
}

/** validation_error naming the file, where its bytes came from, what was expected and what came. */
export function digestError(
  name: string,
  origin: string,
  expected: Expected,
  digest: Digest,
): AppError {
  const main = primary(expected, digest);
  const against = expected.hub ? "the Hub's listing of its pinned commit" : 'the manifest';
  return new AppError(
    'validation_error',
    `${name} from ${origin} does not match ${against}: expected ${main.name} ${main.want} ` +
      `(${expected.bytes} bytes), got ${main.name} ${main.got} (${digest.bytes} bytes); nothing was installed`,
    {
      details: {
        file: name,
        origin,
        problems: mismatches(expected, digest),
        expected: {
          bytes: expected.bytes,
          sha256: expected.sha256,
          md5: expected.md5,
          git_blob: expected.gitBlob,
        },
        actual: digest,
      },
    },
  );
}
