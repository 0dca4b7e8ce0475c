import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The local outbox: e-mails (when no SMTP server is configured) and text messages (until an SMS
 * provider is plugged in) land here instead of leaving the machine. Only the machine's owner can
 * read it (GET /local/outbox with the studio token; docs/api/auth.md).
 */
export const outboxMessages = sqliteTable(
  'outbox_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (table) => [index('outbox_recipient_idx').on(table.recipient)],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
