/**
 * The media info cache (table `media_info_cache`): 14 days per URL, so repeat info requests
 * answer 200 at once (document 3). Expired rows are skipped on read and swept on write.
 */
import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/client.ts';
import { mediaInfoCache } from '../../../db/schema/web.ts';
import type { VideoInfo } from './video-info.ts';

export const INFO_CACHE_DAYS = 14;

/** The cache key: the URL without its fragment (never sent to a server), hashed. */
export function cacheKey(url: string): string {
  let normal = url.trim();
  try {
    const parsed = new URL(normal);
    parsed.hash = '';
    normal = parsed.toString();
  } catch {
    // Unparseable URLs are refused before they reach the cache.
  }
  return createHash('sha256').update(normal).digest('hex');
}

export class InfoCache {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  get(url: string): VideoInfo | null {
    const row = this.db
      .select()
      .from(mediaInfoCache)
      .where(eq(mediaInfoCache.urlKey, cacheKey(url)))
      .get();
    if (!row || row.expiresAt <= new Date(this.clock.now()).toISOString()) return null;
    return row.info as VideoInfo;
  }

  put(url: string, info: VideoInfo): void {
    const now = this.clock.now();
    const values = {
      urlKey: cacheKey(url),
      url: url.slice(0, 4096),
      info,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + INFO_CACHE_DAYS * 86_400_000).toISOString(),
    };
    this.db.transaction((tx) => {
      tx.delete(mediaInfoCache).where(lt(mediaInfoCache.expiresAt, values.createdAt)).run();
      tx.insert(mediaInfoCache)
        .values(values)
        .onConflictDoUpdate({ target: mediaInfoCache.urlKey, set: values })
        .run();
    });
  }
}
