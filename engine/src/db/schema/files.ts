import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Uploaded and produced files. Bytes live on disk under `<home>/files/<aa>/<sha256>` (content
 * addressed, so the same upload twice is stored once); this table only references them.
 * `key` is what the API calls `file_key`: one per upload, so two owners of the same bytes each
 * have their own key and one deleting theirs never removes the other's.
 */
export const files = sqliteTable(
  'files',
  {
    key: text('key').primaryKey(),
    ownerId: text('owner_id').notNull(),
    sha256: text('sha256').notNull(),
    bytes: integer('bytes').notNull(),
    contentType: text('content_type').notNull(),
    filename: text('filename').notNull(),
    createdAt: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (table) => [index('files_owner_idx').on(table.ownerId), index('files_sha_idx').on(table.sha256)],
);

export type FileRow = typeof files.$inferSelect;
