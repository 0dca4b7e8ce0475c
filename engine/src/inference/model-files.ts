/**
 * One file of a model pack, as a manifest names it: where it sits, where it is downloaded from,
 * and what vouches for its bytes (docs/api/models.md, "Manifests"). Three things can:
 *
 * - a sha256 (and exact size) recorded in the manifest, with `digestEvidence` saying who states it
 *   when that is not the file's own publisher (a third-party attestation stays marked as such);
 * - an md5 the upstream publishes, where it publishes nothing else (rhasspy/piper-voices);
 * - `hubVerified`: the Hugging Face Hub's own listing of the pinned, immutable commit, read at
 *   install time (LFS sha256 + size, or the git blob id of a small file). Only for a
 *   `https://huggingface.co/<repo>/resolve/<40-hex commit>/<path>` URL, so the listing exists.
 */
import { z } from 'zod';

export const INSTALLED_RECORD = 'installed.json';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const ARCHIVE_NAME = /\.(tar\.bz2|tbz2|tar\.gz|tgz|tar)$/;
const COMMIT = /^[0-9a-f]{40}$/;
const SHA256 = /^[0-9a-f]{64}$/;

export const fileName = z
  .string()
  .max(128)
  .regex(SEGMENT, 'a plain file name (letters, digits, . _ -), no folders')
  .refine((name) => name !== INSTALLED_RECORD, `"${INSTALLED_RECORD}" is reserved`);

/** Relative POSIX path (the layout under TAPEHOUSE_MODELS_DIR), never escaping its root. */
export const relativePath = z
  .string()
  .max(512)
  .refine(
    (p) => p.split('/').every((segment) => SEGMENT.test(segment) && segment !== '..'),
    'a relative path with "/" separators and no "..", e.g. "midi/nmp.onnx"',
  );

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Where a Hub-hosted file is pinned: repository, 40-hex commit and its path in the repo. */
export interface HubLocation {
  repo: string;
  commit: string;
  /** Path inside the repository, `/` separated, URL-decoded. */
  path: string;
}

const HUB_HOST = 'huggingface.co';

/**
 * The repository, revision and path of a `https://huggingface.co/<owner>/<name>/resolve/<rev>/<path>`
 * URL (revision as written: a commit or, wrongly, a branch), or null for any other URL.
 */
export function hubRevisionOf(
  value: string,
): { repo: string; revision: string; path: string } | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== HUB_HOST) return null;
  const parts = url.pathname.split('/').slice(1);
  const [owner, name, resolve, revision, ...rest] = parts;
  if (!owner || !name || resolve !== 'resolve' || !revision || rest.length === 0) return null;
  return {
    repo: `${owner}/${name}`,
    revision: decodeURIComponent(revision),
    path: rest.map(decodeURIComponent).join('/'),
  };
}

/** The pinned Hub location of a URL, or null unless it names a 40-hex commit. */
export function hubLocationOf(value: string): HubLocation | null {
  const found = hubRevisionOf(value);
  if (found === null || !COMMIT.test(found.revision)) return null;
  return { repo: found.repo, commit: found.revision, path: found.path };
}

/**
 * The Hub's listing of every file at a commit (`lfs.oid` is the sha256 of an LFS file, `oid`
 * the git blob id). Paginated with a `Link: <…>; rel="next"` header on large repositories.
 */
export function hubTreeUrl(location: Pick<HubLocation, 'repo' | 'commit'>): string {
  return `https://${HUB_HOST}/api/models/${location.repo}/tree/${location.commit}?recursive=1`;
}

/**
 * Public downloads are HTTPS; plain HTTP only from this machine (tests, a local mirror). A
 * huggingface.co `resolve` URL must name a 40-hex commit: a branch moves, and the bytes with it.
 */
export const downloadUrl = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
    } catch {
      return false;
    }
  }, 'an https:// URL (http:// only for 127.0.0.1 or localhost)')
  .refine((value) => {
    const hub = hubRevisionOf(value);
    return hub === null || COMMIT.test(hub.revision);
  }, 'a huggingface.co URL must pin a 40-hex commit (resolve/<commit>/…), never a branch');

const sha256 = z.string().regex(SHA256, '64 lower-case hex digits');

/** A member of an archive file to unpack on install (the archive itself is not kept). */
export const archiveMemberSchema = z.strictObject({
  member: z
    .string()
    .max(512)
    .refine(
      (p) => p.split('/').every((segment) => SEGMENT.test(segment) && segment !== '..'),
      'a path inside the archive, "/" separated, no ".."',
    )
    .describe('Path of the member inside the archive.'),
  name: fileName.describe('File name in the installed pack; what code asks for.'),
  path: relativePath.describe('Where the unpacked file sits under TAPEHOUSE_MODELS_DIR.'),
  sha256: sha256
    .optional()
    .describe('SHA-256 of the unpacked member, when a source states it; checked after extraction.'),
  bytes: z.number().int().positive().optional().describe('Exact size of the unpacked member.'),
});

export const digestEvidenceSchema = z
  .strictObject({
    kind: z
      .enum(['upstream', 'third-party-attestation', 'mirrors-agree'])
      .describe(
        'upstream: the publisher states the digest; third-party-attestation: someone else ' +
          'states they hold a byte-identical copy with this digest; mirrors-agree: the ' +
          'digest was read on independent mirrors that agree (the canonical URL publishes none).',
      ),
    url: z.url({ protocol: /^https$/ }).describe('Where the digest was read.'),
    note: z.string().min(1).optional(),
  })
  .describe(
    "Where the digest comes from, when not from the URL's own publisher. The installer " +
      'still checks the digest; this tells a reader how far to trust it.',
  );

export const modelFileSchema = z
  .strictObject({
    name: fileName.describe(
      'File name inside the installed pack folder; what code asks resolveModelFile() for.',
    ),
    path: relativePath.describe(
      'Where the file sits under TAPEHOUSE_MODELS_DIR and under an `install --from` folder.',
    ),
    url: downloadUrl.describe(
      'Public download URL (https): a 40-hex commit on huggingface.co or GitHub, or a release asset.',
    ),
    sha256: sha256
      .optional()
      .describe('SHA-256 of the file, where a source states it (see digestEvidence).'),
    md5: z
      .string()
      .regex(/^[0-9a-f]{32}$/, '32 lower-case hex digits')
      .optional()
      .describe(
        'MD5 published by the upstream (e.g. rhasspy/piper-voices voices.json) for files whose ' +
          'SHA-256 is not recorded. Never invent a digest.',
      ),
    bytes: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Exact size in bytes. Required unless hubVerified (the listing gives it).'),
    hubVerified: z
      .literal(true)
      .optional()
      .describe(
        "Verified at install time against the Hub's listing of the pinned commit (LFS sha256 " +
          'and size, or the git blob id). Only for huggingface.co resolve/<commit> URLs; when ' +
          'sha256 or md5 is also given, both must agree.',
      ),
    digestEvidence: digestEvidenceSchema.optional(),
    extract: z
      .array(archiveMemberSchema)
      .min(1)
      .optional()
      .describe(
        'For an archive (.tar.bz2, .tar.gz, .tgz, .tar): the members to unpack after its digest is checked. The archive is not kept.',
      ),
  })
  .superRefine((file, ctx) => {
    if (file.hubVerified && hubLocationOf(file.url) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['hubVerified'],
        message:
          'only a https://huggingface.co/<repo>/resolve/<40-hex commit>/… file can be Hub-verified',
      });
    }
    if (file.sha256 === undefined && file.md5 === undefined && !file.hubVerified) {
      ctx.addIssue({
        code: 'custom',
        path: ['sha256'],
        message: 'every file needs a sha256, an upstream md5, or hubVerified: true',
      });
    }
    if (file.bytes === undefined && !file.hubVerified) {
      ctx.addIssue({
        code: 'custom',
        path: ['bytes'],
        message: 'bytes is required unless the file is Hub-verified',
      });
    }
    if (file.extract && !ARCHIVE_NAME.test(file.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['extract'],
        message: 'only an archive (.tar.bz2, .tbz2, .tar.gz, .tgz, .tar) has members to extract',
      });
    }
    if (file.extract && file.sha256 === undefined && !file.hubVerified) {
      ctx.addIssue({
        code: 'custom',
        path: ['sha256'],
        message: 'an archive needs a sha256 or hubVerified (its members are vouched for by it)',
      });
    }
  });

export type ArchiveMemberSpec = z.infer<typeof archiveMemberSchema>;
export type ModelFile = z.infer<typeof modelFileSchema>;
export type DigestEvidence = z.infer<typeof digestEvidenceSchema>;

/** What code resolves by name: plain files, and the unpacked members of archives. */
export interface PackEntry {
  name: string;
  path: string;
  /** Known for plain files (unless Hub-verified); for members only when the manifest states it. */
  bytes: number | null;
  sha256: string | null;
  md5: string | null;
  /** The archive's sha256 for unpacked members (null when the archive is Hub-verified only). */
  archiveSha256: string | null;
  /** For unpacked members: the archive's manifest name. */
  archive: string | null;
  /** Verified against the Hub's listing of this location at install time (for a member: its archive). */
  hub: HubLocation | null;
}

export function packEntries(manifest: { files: ModelFile[] }): PackEntry[] {
  return manifest.files.flatMap((file): PackEntry[] =>
    file.extract
      ? file.extract.map((m) => ({
          name: m.name,
          path: m.path,
          bytes: m.bytes ?? null,
          sha256: m.sha256 ?? null,
          md5: null,
          archiveSha256: file.sha256 ?? null,
          archive: file.name,
          hub: file.hubVerified ? hubLocationOf(file.url) : null,
        }))
      : [
          {
            name: file.name,
            path: file.path,
            bytes: file.bytes ?? null,
            sha256: file.sha256 ?? null,
            md5: file.md5 ?? null,
            archiveSha256: null,
            archive: null,
            hub: file.hubVerified ? hubLocationOf(file.url) : null,
          },
        ],
  );
}
