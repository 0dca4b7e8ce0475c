import { primaryKey, sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';

/**
 * Events linked studios forwarded to this (hosted) engine (POST /webhooks/ingest;
 * docs/api/webhooks.md, "Forwarded events"). One row per account and event id: a studio resends
 * until it hears an answer, and the second copy is recognised here and delivered to nobody.
 */
export const webhookIngestedEvents = sqliteTable(
  'webhook_ingested_events',
  {
    ownerId: text('owner_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The session (device) that forwarded it. */
    sourceId: text('source_id').notNull(),
    deliveries: integer('deliveries').notNull(),
    receivedAt: text('received_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.eventId] })],
);
