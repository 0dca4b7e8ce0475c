import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The credits ledger (document 1, "Credits object", "Credit balance record", "Credit usage
 * record"; docs/api/credits.md). `credit_entries` is the truth: every change to a balance is one
 * signed row. `credit_accounts` caches the sums (and the period and day they belong to) so reads
 * are one row; `CreditLedger.audit` checks cache against entries. Timestamps come from the
 * engine's clock (ISO 8601 UTC), so injected-clock tests see consistent times.
 */
export const creditAccounts = sqliteTable('credit_accounts', {
  userId: text('user_id').primaryKey(),
  /** The usage record's `user_credits_id`. */
  id: text('id').notNull().unique(),
  subscriptionBalance: integer('subscription_balance').notNull().default(0),
  paygBalance: integer('payg_balance').notNull().default(0),
  /** Credits consumed on `usage_day` (UTC date), reservations included until returned. */
  usedToday: integer('used_today').notNull().default(0),
  usageDay: text('usage_day').notNull(),
  /** The monthly period the subscription balance belongs to: [start, end). */
  periodStart: text('period_start').notNull(),
  periodEnd: text('period_end').notNull(),
  /** The plan allowance granted for this period; a plan change adjusts by the difference. */
  grantedAllowance: integer('granted_allowance').notNull().default(0),
  totalUsed: integer('total_used').notNull().default(0),
  totalPaygPurchased: integer('total_payg_purchased').notNull().default(0),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const CREDIT_POOLS = ['subscription', 'payg'] as const;
export type CreditPool = (typeof CREDIT_POOLS)[number];

export const CREDIT_ENTRY_KINDS = [
  'grant',
  'expire',
  'allowance_change',
  'payg_purchase',
  'reserve',
  'settle_return',
  'refund',
  'release',
] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

export const creditEntries = sqliteTable(
  'credit_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').notNull(),
    pool: text('pool', { enum: CREDIT_POOLS }).notNull(),
    kind: text('kind', { enum: CREDIT_ENTRY_KINDS }).notNull(),
    /** Signed change to the pool's available balance. */
    amount: integer('amount').notNull(),
    /** Signed change to the daily consumption counter of `day`. */
    dayDelta: integer('day_delta').notNull().default(0),
    day: text('day').notNull(),
    reservationId: integer('reservation_id'),
    jobId: integer('job_id'),
    reference: text('reference'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [
    index('credit_entries_user_pool_idx').on(table.userId, table.pool),
    index('credit_entries_user_day_idx').on(table.userId, table.day),
    index('credit_entries_reservation_idx').on(table.reservationId),
  ],
);

export const RESERVATION_STATES = ['held', 'settled', 'refunded', 'released'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/** Credits held for one job (or one operation) until it settles, fails or is cancelled. */
export const creditReservations = sqliteTable(
  'credit_reservations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').notNull(),
    jobId: integer('job_id'),
    serviceType: text('service_type').notNull(),
    subscriptionAmount: integer('subscription_amount').notNull(),
    paygAmount: integer('payg_amount').notNull(),
    /** UTC date the reservation counted against the daily limit. */
    day: text('day').notNull(),
    state: text('state', { enum: RESERVATION_STATES }).notNull(),
    charged: integer('charged').notNull().default(0),
    audioDuration: real('audio_duration'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: text('created_at').notNull(),
    endedAt: text('ended_at'),
  },
  (table) => [
    uniqueIndex('credit_reservations_job_idx').on(table.jobId),
    index('credit_reservations_user_state_idx').on(table.userId, table.state),
  ],
);

export const creditUsage = sqliteTable(
  'credit_usage',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    userCreditsId: text('user_credits_id').notNull(),
    creditsUsed: integer('credits_used').notNull(),
    serviceType: text('service_type').notNull(),
    audioDuration: real('audio_duration').notNull().default(0),
    creditSource: text('credit_source', { enum: CREDIT_POOLS }).notNull(),
    reservationId: integer('reservation_id'),
    jobId: integer('job_id'),
    usageMetadata: text('usage_metadata', { mode: 'json' })
      .$type<Record<string, unknown>>()
      .notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('credit_usage_user_created_idx').on(table.userId, table.createdAt)],
);

export type CreditAccountRow = typeof creditAccounts.$inferSelect;
export type CreditEntryRow = typeof creditEntries.$inferSelect;
export type CreditReservationRow = typeof creditReservations.$inferSelect;
export type CreditUsageRow = typeof creditUsage.$inferSelect;
