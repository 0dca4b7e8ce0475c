/**
 * `<home>/models/<id>/installed.json`: what an install put there and what vouched for each file
 * (docs/api/models.md, "What an install records"). The registry trusts an installed file only
 * when this record matches the manifest's pin, so a changed manifest (a new digest, another
 * commit) makes the old install `outdated` rather than silently used.
 */
import fs from 'node:fs';
import { z } from 'zod';
import type { HubLocation, PackEntry } from './model-files.ts';

const hubLocationSchema = z.object({ repo: z.string(), commit: z.string(), path: z.string() });

/** One check an installed file passed, and where the expected value came from. */
export const verificationSchema = z.object({
  /**
   * sha256 / md5: against the manifest; hub-lfs-sha256 / hub-git-blob: against the Hub's listing
   * of the pinned commit; archive: unpacked from an archive that passed its own checks.
   */
  method: z.enum(['sha256', 'md5', 'hub-lfs-sha256', 'hub-git-blob', 'size', 'archive']),
  /** The expected value that matched. */
  expected: z.string(),
  /** `manifest`, the listing URL actually read (a mirror's, when one was set), or the archive. */
  from: z.string(),
  /** For manifest digests that a third party states: its evidence kind (model-files.ts). */
  evidence: z.string().optional(),
});

export type Verification = z.infer<typeof verificationSchema>;

export const installedFileSchema = z.object({
  name: z.string(),
  sha256: z.string(),
  /** Recorded since md5-only manifest entries (older records lack it). */
  md5: z.string().optional(),
  bytes: z.number(),
  /** For a file unpacked from an archive: the archive's sha256 that vouched for it. */
  archive: z.string().optional(),
  /** The pinned Hub location a Hub-verified file (or the archive it came from) was checked at. */
  hub: hubLocationSchema.optional(),
  /** Where the bytes were read: the URL fetched (mirror included) or the folder copied from. */
  origin: z.string().optional(),
  /** What was verified (older records lack it). */
  verified: z.array(verificationSchema).optional(),
});

export type InstalledFile = z.infer<typeof installedFileSchema>;

export const installedRecordSchema = z.object({
  id: z.string(),
  version: z.string(),
  installedAt: z.string(),
  from: z.enum(['download', 'copy']),
  /** Set when the pack's licence needed acknowledging (nonCommercial) and the user did. */
  licenceAccepted: z.object({ licence: z.string(), at: z.string() }).optional(),
  files: z.array(installedFileSchema),
});

export type InstalledRecord = z.infer<typeof installedRecordSchema>;

export function readRecord(file: string): InstalledRecord | null {
  try {
    const parsed = installedRecordSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function sameHub(a: HubLocation | undefined, b: HubLocation | null): boolean {
  return (
    a !== undefined && b !== null && a.repo === b.repo && a.commit === b.commit && a.path === b.path
  );
}

/**
 * Whether the record's entry is the file the manifest pins: the same sha256 (or md5), or, for a
 * Hub-verified file, checked at the same repository, commit and path. An unpacked member is
 * vouched for by its archive (and by its own digest where the manifest states one).
 */
export function recordVouches(entry: InstalledFile, file: PackEntry): boolean {
  if (file.archive !== null) {
    const archiveOk =
      file.archiveSha256 !== null
        ? entry.archive === file.archiveSha256
        : sameHub(entry.hub, file.hub);
    return archiveOk && (file.sha256 === null || entry.sha256 === file.sha256);
  }
  if (file.sha256 !== null) return entry.sha256 === file.sha256;
  if (file.md5 !== null)
    return entry.md5 === file.md5 && (file.hub === null || sameHub(entry.hub, file.hub));
  return sameHub(entry.hub, file.hub);
}
