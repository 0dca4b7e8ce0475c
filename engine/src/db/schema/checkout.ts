import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Pay-as-you-go checkouts started with the payment provider (hosted profile; docs/api/credits.md,
 * "Pay-as-you-go"). A completed one adds its credits exactly once: the row moves from `open` to
 * `completed` in the transaction that writes the ledger's `payg_purchase` entry.
 */
export const checkoutSessions = sqliteTable(
  'checkout_sessions',
  {
    /** The provider's session id (Stripe `cs_...`). */
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    amountUsd: real('amount_usd').notNull(),
    credits: integer('credits').notNull(),
    status: text('status', { enum: ['open', 'completed', 'expired'] }).notNull(),
    url: text('url'),
    /** The provider event that completed it. */
    completedBy: text('completed_by'),
    createdAt: text('created_at').notNull(),
    completedAt: text('completed_at'),
  },
  (table) => [index('checkout_sessions_user_idx').on(table.userId)],
);

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
