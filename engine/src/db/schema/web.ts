import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Media info extracted by yt-dlp, cached per URL for 14 days (document 3, "Media extraction":
 * repeat requests answer 200 at once). `url_key` is the sha256 of the normalised URL, so a long
 * URL never becomes a long key. `info` holds the full VideoInfo (every format); the public
 * routes show a filtered view of it.
 */
export const mediaInfoCache = sqliteTable(
  'media_info_cache',
  {
    urlKey: text('url_key').primaryKey(),
    url: text('url').notNull(),
    info: text('info', { mode: 'json' }).notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (table) => [index('media_info_cache_expires_idx').on(table.expiresAt)],
);

/**
 * The signed callback of one reader job (`webhook_url`, docs/api/reader.md): one row per job,
 * sent with the webhook rules (HTTPS on a public address, 5 attempts with backoff). The body
 * is stored once and re-signed on every attempt; the secret was shown once, on creation.
 */
export const readerCallbacks = sqliteTable(
  'reader_callbacks',
  {
    jobId: integer('job_id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    eventId: text('event_id'),
    eventType: text('event_type'),
    body: text('body'),
    status: text('status', {
      enum: ['waiting', 'pending', 'retrying', 'delivered', 'dead_lettered'],
    }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    lastError: text('last_error'),
    responseCode: integer('response_code'),
    deliveredAt: text('delivered_at'),
    createdAt: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (table) => [index('reader_callbacks_due_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * The unguessable name of a reader job's public view and embed page (docs/api/reader.md,
 * "Public view"): 128 random bits as 32 hex characters. The public routes take only this, never
 * the job's integer id, so public narrations cannot be listed by counting.
 */
export const readerPublicLinks = sqliteTable('reader_public_links', {
  publicId: text('public_id').primaryKey(),
  jobId: integer('job_id').notNull().unique(),
});

export type MediaInfoCacheRow = typeof mediaInfoCache.$inferSelect;
export type ReaderCallbackRow = typeof readerCallbacks.$inferSelect;
