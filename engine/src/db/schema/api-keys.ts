import { sql } from 'drizzle-orm';
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';

/**
 * API keys (document 1, "API key record"). Only the sha256 of the secret is kept: the secret is
 * shown once, in the create response. Deletion revokes (sets `revoked_at`) rather than removing
 * the row, so a revoked key stays listed and can never come back.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    keyHash: text('key_hash').notNull().unique(),
    scopes: text('scopes', { mode: 'json' }).$type<string[]>().notNull(),
    createdAt: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    expiresAt: text('expires_at'),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
  },
  (table) => [index('api_keys_user_idx').on(table.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
