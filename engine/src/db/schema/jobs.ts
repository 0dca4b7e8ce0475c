import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * One row per long operation. Integer ids because the contract's job ids are integers.
 * `status` is the one internal state machine (jobs/job-states.ts); the contract's vocabularies
 * (PENDING/PROCESSING, processing/completed, ...) are views of it computed at the edge.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type').notNull(),
    ownerId: text('owner_id').notNull(),
    status: text('status', {
      enum: ['queued', 'running', 'completed', 'failed', 'cancelled'],
    }).notNull(),
    resource: text('resource', { enum: ['inference', 'ffmpeg', 'io'] }).notNull(),
    progress: real('progress').notNull().default(0),
    stage: text('stage'),
    etaSeconds: real('eta_seconds'),
    input: text('input', { mode: 'json' }).notNull(),
    result: text('result', { mode: 'json' }),
    errorMessage: text('error_message'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    cancelRequested: integer('cancel_requested', { mode: 'boolean' }).notNull().default(false),
    // Credits held for this job; the ledger (credits feature) settles, refunds or releases them
    // in the same transaction as the state change. `none` until the ledger exists for a job.
    creditsReserved: integer('credits_reserved').notNull().default(0),
    creditsState: text('credits_state', {
      enum: ['none', 'held', 'settled', 'refunded', 'released'],
    })
      .notNull()
      .default('none'),
    createdAt: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
    updatedAt: text('updated_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (table) => [
    index('jobs_status_idx').on(table.status),
    index('jobs_owner_created_idx').on(table.ownerId, table.createdAt),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;
