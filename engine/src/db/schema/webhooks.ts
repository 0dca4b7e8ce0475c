import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';

/**
 * Webhooks (document 1, "Webhook endpoint", "Events", "Delivery rules"; docs/api/webhooks.md).
 * An endpoint's signing secret must be kept in the clear: it is the HMAC key of every delivery.
 * A delivery is one event for one endpoint; it keeps the exact body it sends, so every attempt
 * (retries and redeliveries) carries the same bytes and the same event id.
 */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    description: text('description').notNull().default(''),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    secret: text('secret').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [index('webhook_endpoints_owner_idx').on(table.ownerId)],
);

import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
} from '../../features/webhooks/delivery-statuses.ts';

export { DELIVERY_STATUSES, type DeliveryStatus };

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent on every attempt. */
    body: text('body').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
    /** A redeliver starts a new round of up to 5 attempts. */
    round: integer('round').notNull().default(1),
    /** Attempts in the current round. */
    roundAttempts: integer('round_attempts').notNull().default(0),
    totalAttempts: integer('total_attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    lastAttemptAt: text('last_attempt_at'),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    deliveredAt: text('delivered_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);

/** One HTTP attempt (or an attempt refused before anything was sent). */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    round: integer('round').notNull(),
    startedAt: text('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseCode: integer('response_code'),
    /** Null on success; otherwise why the attempt failed (timeout, refused address, status). */
    error: text('error'),
    succeeded: integer('succeeded', { mode: 'boolean' }).notNull(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.id)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
