import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Sync (features/sync; docs/api/sync.md): this studio's link to a hosted account, the durable
 * outbox of job events forwarded to it, and the jobs run there on this studio's behalf. Tokens
 * are never stored here: they live in the OS credential store (or a 0600 file).
 */
export const syncLink = sqliteTable('sync_link', {
  /** Always 1: a studio links to one hosted account at a time. */
  id: integer('id').primaryKey(),
  /** Random per install, kept across unlinks: the hosted side knows this machine as one device. */
  installId: text('install_id').notNull(),
  /** `unlinked`, `linked`, or `signed_out` (the hosted session ended; sign in again). */
  state: text('state', { enum: ['unlinked', 'linked', 'signed_out'] }).notNull(),
  hostedUrl: text('hosted_url'),
  /** The hosted account's user id and e-mail. */
  userId: text('user_id'),
  email: text('email'),
  /** How the link was made: `password`, `api_key`, `google` or `github`. */
  method: text('method'),
  /** The hosted session this workstation holds (revoked on unlink). */
  sessionId: text('session_id'),
  /** Forward requests this machine cannot run to the hosted service (per user, opt-in). */
  offload: integer('offload', { mode: 'boolean' }).notNull().default(false),
  linkedAt: text('linked_at'),
  lastSyncAt: text('last_sync_at'),
  lastError: text('last_error'),
  lastErrorAt: text('last_error_at'),
  /** The hosted balance, plan and recent usage as last read (JSON), shown while offline. */
  hostedCredits: text('hosted_credits', { mode: 'json' }).$type<Record<string, unknown>>(),
  hostedCreditsAt: text('hosted_credits_at'),
  updatedAt: text('updated_at').notNull(),
});

export type SyncLinkRow = typeof syncLink.$inferSelect;

/**
 * Job events waiting to be forwarded, in the order they happened (`seq`). A row is sent until
 * the hosted service acknowledges it (`sent_at`); its event id never changes, so a resend after a
 * lost answer is deduplicated there.
 */
export const syncOutbox = sqliteTable(
  'sync_outbox',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    jobId: integer('job_id'),
    /** The exact payload the local webhooks would send. */
    payload: text('payload').notNull(),
    createdAt: text('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: text('sent_at'),
    /** The hosted answer for this event: `accepted` or `duplicate`. */
    outcome: text('outcome'),
  },
  (table) => [uniqueIndex('sync_outbox_event_idx').on(table.eventId)],
);

export type SyncOutboxRow = typeof syncOutbox.$inferSelect;

/** A local job run on the hosted service (offload): resumed, never resubmitted, after a restart. */
export const syncOffloadJobs = sqliteTable('sync_offload_jobs', {
  localJobId: integer('local_job_id').primaryKey(),
  capability: text('capability').notNull(),
  hostedJobId: text('hosted_job_id'),
  /** The hosted route that reports the job (its status path). */
  statusPath: text('status_path'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export type SyncOffloadRow = typeof syncOffloadJobs.$inferSelect;
