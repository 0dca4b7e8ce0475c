/**
 * The Hugging Face Hub's own listing of a pinned commit, which vouches for files whose digest no
 * one recorded (docs/api/models.md, "Hub-verified files"). `GET /api/models/<repo>/tree/<commit>
 * ?recursive=1` answers every file with its size and git blob id (`oid`, the sha1 of
 * "blob <len>\0" + bytes) and, for LFS files, `lfs.oid` (the sha256 of the bytes). A commit is
 * immutable, so the listing is too; this is what the Hub's own clients check downloads against.
 * Large repositories page the listing with a `Link: <…>; rel="next"` header.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError, throwIfCancelled } from '../errors.ts';
import { hubTreeUrl, type HubLocation } from './model-files.ts';
import { viaMirror } from './model-mirror.ts';

const entrySchema = z.object({
  type: z.string(),
  path: z.string(),
  oid: z.string().regex(/^[0-9a-f]{40}$/),
  size: z.number().int().nonnegative(),
  lfs: z
    .object({ oid: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().nonnegative() })
    .optional(),
});

/** What the listing says about one file. */
export interface HubFile {
  path: string;
  bytes: number;
  /** The git blob id (sha1 of the blob header and bytes). */
  blobOid: string;
  /** sha256 of the bytes, for LFS files. */
  lfsSha256: string | null;
}

export interface HubListing {
  repo: string;
  commit: string;
  /** The URL the listing was read from (through the mirror when one is set). */
  url: string;
  files: Map<string, HubFile>;
}

/** The git blob id of `bytes`: what the listing's `oid` of a non-LFS file is. */
export function gitBlobOid(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** The next page's URL from a `Link` header, resolved against the page it came with. */
function nextPage(link: string | null, base: string): string | null {
  if (link === null) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1]) return new URL(match[1], base).href;
  }
  return null;
}

const MAX_PAGES = 100;

export interface HubListingOptions {
  mirror: string | null;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

/**
 * Reads the whole listing of `location`'s commit. Fails with `service_unavailable` when the Hub
 * (or the mirror) does not answer, or answers something that is not a listing.
 */
export async function readHubListing(
  location: Pick<HubLocation, 'repo' | 'commit'>,
  options: HubListingOptions,
): Promise<HubListing> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const first = viaMirror(hubTreeUrl(location), options.mirror);
  const files = new Map<string, HubFile>();
  const failed = (why: string, cause?: unknown): AppError =>
    new AppError(
      'service_unavailable',
      `the Hub's listing of ${location.repo} at ${location.commit} could not be read from ${first}: ${why}`,
      { details: { repo: location.repo, commit: location.commit, url: first }, cause },
    );
  let url: string | null = first;
  for (let page = 0; url !== null; page += 1) {
    if (page >= MAX_PAGES) throw failed(`more than ${MAX_PAGES} pages`);
    throwIfCancelled(options.signal);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        redirect: 'follow',
        headers: { accept: 'application/json' },
        ...(options.signal && { signal: options.signal }),
      });
    } catch (error) {
      throwIfCancelled(options.signal);
      throw failed(error instanceof Error ? error.message : String(error), error);
    }
    if (!response.ok) throw failed(`HTTP ${response.status}`);
    const parsed = z.array(z.unknown()).safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw failed('the answer is not a JSON list');
    for (const raw of parsed.data) {
      const entry = entrySchema.safeParse(raw);
      if (!entry.success || entry.data.type !== 'file') continue;
      files.set(entry.data.path, {
        path: entry.data.path,
        bytes: entry.data.lfs?.size ?? entry.data.size,
        blobOid: entry.data.oid,
        lfsSha256: entry.data.lfs?.oid ?? null,
      });
    }
    url = nextPage(response.headers.get('link'), url);
  }
  return { repo: location.repo, commit: location.commit, url: first, files };
}

/** Reads each distinct repository+commit once. */
export class HubListings {
  private readonly cache = new Map<string, Promise<HubListing>>();

  constructor(private readonly options: HubListingOptions) {}

  get(location: Pick<HubLocation, 'repo' | 'commit'>): Promise<HubListing> {
    const key = `${location.repo}@${location.commit}`;
    let listing = this.cache.get(key);
    if (listing === undefined) {
      listing = readHubListing(location, this.options);
      this.cache.set(key, listing);
    }
    return listing;
  }
}
