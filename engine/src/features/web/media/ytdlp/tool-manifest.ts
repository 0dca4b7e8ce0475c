/**
 * The yt-dlp tool pack's manifest (`tools/yt-dlp.json`), managed like a model pack: the release
 * it pins, the binary each OS runs with its real download URL, and how the binary is verified.
 * yt-dlp publishes `SHA2-256SUMS` with every release; the installer checks the binary against
 * the line of its exact asset name in that file (and against `digests` when one is recorded).
 * A release other than the pinned one (an update from the studio) has the same layout:
 * `<releases>/download/<tag>/<asset>` — the layout yt-dlp's own updater relies on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AppError } from '../../../../errors.ts';

const https = z.url({ protocol: /^https$/ });
const TAG = /^[0-9A-Za-z][0-9A-Za-z._-]*$/;

export const toolManifestSchema = z.strictObject({
  id: z.literal('yt-dlp'),
  title: z.string().min(1),
  description: z.string().min(1),
  licence: z.string().min(1),
  source: z.strictObject({ repo: z.string(), page: https }),
  version: z.string().regex(TAG),
  releases: https,
  checksums: z.strictObject({ file: z.literal('SHA2-256SUMS'), url: https, note: z.string() }),
  assets: z
    .array(
      z.strictObject({
        /** `${process.platform}-${process.arch}`. */
        platform: z.string().regex(/^[a-z0-9]+-[a-z0-9]+$/),
        name: z.string().regex(/^yt-dlp[A-Za-z0-9_.-]*$/),
        url: https,
      }),
    )
    .min(1),
  /** Known sha256 per `<tag>/<asset>`; only ever copied from a release's SHA2-256SUMS. */
  digests: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});

export type ToolManifest = z.infer<typeof toolManifestSchema>;

/** TAPEHOUSE_TOOLS_DIR (the packaged app's resources/tools) or the repo's tools/ folder. */
export const TOOLS_DIR =
  process.env.TAPEHOUSE_TOOLS_DIR?.trim() ||
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../tools');

export function loadToolManifest(dir = TOOLS_DIR): ToolManifest {
  const file = path.join(dir, 'yt-dlp.json');
  const parsed = toolManifestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new AppError('internal_error', `${file} is invalid: ${z.prettifyError(parsed.error)}`);
  for (const asset of parsed.data.assets) {
    if (asset.url !== releaseAssetUrl(parsed.data.releases, parsed.data.version, asset.name))
      throw new AppError('internal_error', `${file}: ${asset.url} is not the pinned release's`);
  }
  return parsed.data;
}

/** The asset this machine runs, or null where yt-dlp publishes no binary for it. */
export function assetFor(
  manifest: ToolManifest,
  platform: string = process.platform,
  arch: string = process.arch,
): string | null {
  return manifest.assets.find((a) => a.platform === `${platform}-${arch}`)?.name ?? null;
}

export function releaseAssetUrl(releases: string, tag: string, asset: string): string {
  return `${releases.replace(/\/$/, '')}/download/${encodeURIComponent(tag)}/${asset}`;
}

/** `<hex>  name` or `<hex> *name` lines; the digest of exactly `asset`, else null. */
export function digestFromSums(sums: string, asset: string): string | null {
  for (const line of sums.split(/\r?\n/)) {
    const match = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line.trim());
    if (match && match[2] === asset) return match[1]!.toLowerCase();
  }
  return null;
}

export function isReleaseTag(tag: string): boolean {
  return TAG.test(tag) && tag.length <= 64;
}
