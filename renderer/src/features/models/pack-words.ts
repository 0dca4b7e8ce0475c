/**
 * Plain words for a pack's state and for what its install verified (docs/api/models.md, "What
 * an install records"): the Models page says which checks each file passed and where the bytes
 * came from, without digests or file formats up front.
 */
import type { Pack } from './use-model-packs.ts';

type Check = Pack['verification'][number]['checks'][number];

export function stateText(pack: Pack): string {
  if (pack.state === 'installed') return 'Installed';
  if (pack.in_models_dir) return 'Available from the shared folder';
  if (pack.state === 'outdated') return 'Needs updating';
  return 'Not installed';
}

export function checkText(check: Check): string {
  switch (check.method) {
    case 'hub-lfs-sha256':
    case 'hub-git-blob':
      return "Hugging Face's listing of the pinned version";
    case 'archive':
      return 'unpacked from a checked archive';
    case 'size':
      return 'exact size';
    case 'md5':
      return "the publisher's MD5";
    default:
      return check.evidence === 'third-party-attestation'
        ? 'a checksum stated by a third party'
        : check.evidence === 'mirrors-agree'
          ? 'a checksum several mirrors agree on'
          : "the publisher's checksum";
  }
}

/** "every file against …" — one line for the whole pack. */
export function verificationSummary(pack: Pack): string | null {
  const files = pack.verification;
  if (files.length === 0) return null;
  const words = new Set(
    files.flatMap((f) => f.checks.filter((c) => c.method !== 'size').map(checkText)),
  );
  return `Checked when installed against ${[...words].join(', ')}.`;
}

/** Where a file's bytes came from: the host (a mirror shows as its own host), or a folder. */
export function originText(origin: string | null): string {
  if (origin === null) return 'unknown';
  try {
    return new URL(origin).host;
  } catch {
    return 'a folder on this computer';
  }
}

export function lastCheckText(pack: Pack): string | null {
  const last = pack.last_verified;
  if (last === null) return null;
  const when = new Date(last.at).toLocaleString();
  return last.ok ? `Re-checked ${when}: intact` : `Re-checked ${when}: damaged — reinstall it`;
}
