/**
 * All SQL for webhooks (db/schema/webhooks.ts): endpoints, deliveries and their attempts.
 * Deliveries live in SQLite so a restart loses none: the scheduler polls for due ones.
 */
import { and, asc, count, desc, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  type DeliveryStatus,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/schema/webhooks.ts';

export type NewDelivery = typeof webhookDeliveries.$inferInsert;
export type DeliveryPatch = Partial<Omit<NewDelivery, 'id' | 'endpointId' | 'ownerId'>>;

export interface DeliveryFilter {
  status?: DeliveryStatus | undefined;
  eventType?: string | undefined;
  limit: number;
  offset: number;
}

export class WebhookRepo {
  constructor(private readonly db: Db) {}

  createEndpoint(values: typeof webhookEndpoints.$inferInsert): WebhookEndpointRow {
    return this.db.insert(webhookEndpoints).values(values).returning().get();
  }

  endpoints(ownerId: string): WebhookEndpointRow[] {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.ownerId, ownerId))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
      .all();
  }

  countEndpoints(ownerId: string): number {
    return (
      this.db
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.ownerId, ownerId))
        .get()?.n ?? 0
    );
  }

  endpoint(id: string): WebhookEndpointRow | undefined {
    return this.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
  }

  updateEndpoint(
    id: string,
    patch: Partial<typeof webhookEndpoints.$inferInsert>,
  ): WebhookEndpointRow | undefined {
    return this.db
      .update(webhookEndpoints)
      .set(patch)
      .where(eq(webhookEndpoints.id, id))
      .returning()
      .get();
  }

  deleteEndpoint(id: string): void {
    this.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).run();
  }

  /** Active endpoints of one owner subscribed to `eventType`. */
  subscribers(ownerId: string, eventType: string): WebhookEndpointRow[] {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.ownerId, ownerId), eq(webhookEndpoints.active, true)))
      .all()
      .filter((row) => row.events.includes(eventType));
  }

  insertDeliveries(rows: NewDelivery[]): WebhookDeliveryRow[] {
    if (rows.length === 0) return [];
    return this.db.transaction((tx) =>
      rows.map((row) => tx.insert(webhookDeliveries).values(row).returning().get()),
    );
  }

  delivery(id: string): WebhookDeliveryRow | undefined {
    return this.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
  }

  deliveries(
    endpointId: string,
    filter: DeliveryFilter,
  ): { rows: WebhookDeliveryRow[]; total: number } {
    const conditions: SQL[] = [eq(webhookDeliveries.endpointId, endpointId)];
    if (filter.status) conditions.push(eq(webhookDeliveries.status, filter.status));
    if (filter.eventType) conditions.push(eq(webhookDeliveries.eventType, filter.eventType));
    const where = and(...conditions);
    const rows = this.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      // Newest first; deliveries stored together (one timestamp) in the reverse of their order.
      .orderBy(desc(webhookDeliveries.createdAt), desc(sql`${webhookDeliveries}.rowid`))
      .limit(filter.limit)
      .offset(filter.offset)
      .all();
    const total = this.db.select({ n: count() }).from(webhookDeliveries).where(where).get()?.n ?? 0;
    return { rows, total };
  }

  attempts(deliveryIds: string[]): WebhookAttemptRow[] {
    if (deliveryIds.length === 0) return [];
    return this.db
      .select()
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, deliveryIds))
      .orderBy(asc(webhookAttempts.id))
      .all();
  }

  /**
   * Deliveries whose next attempt is due, oldest first, for active endpoints only; without the
   * ones in flight and those of owners and endpoints at their share (delivery-scheduler.ts).
   */
  due(
    nowIso: string,
    limit: number,
    skip: { deliveries: string[]; owners: string[]; endpoints: string[] },
  ): WebhookDeliveryRow[] {
    const conditions: SQL[] = [
      inArray(webhookDeliveries.status, ['pending', 'retrying']),
      lte(webhookDeliveries.nextAttemptAt, nowIso),
      eq(webhookEndpoints.active, true),
    ];
    if (skip.deliveries.length > 0)
      conditions.push(notInArray(webhookDeliveries.id, skip.deliveries));
    if (skip.owners.length > 0) conditions.push(notInArray(webhookDeliveries.ownerId, skip.owners));
    if (skip.endpoints.length > 0)
      conditions.push(notInArray(webhookDeliveries.endpointId, skip.endpoints));
    return (
      this.db
        .select({ delivery: webhookDeliveries })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(...conditions))
        // Ties (deliveries stored together) in the order they were stored: events go out in the
        // order they happened.
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(sql`${webhookDeliveries}.rowid`))
        .limit(limit)
        .all()
        .map((row) => row.delivery)
    );
  }

  /** The attempt and the delivery's new state, in one transaction. */
  recordAttempt(
    attempt: typeof webhookAttempts.$inferInsert,
    patch: DeliveryPatch,
  ): WebhookDeliveryRow | undefined {
    return this.db.transaction((tx) => {
      const exists = tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, attempt.deliveryId))
        .get();
      if (!exists) return undefined; // its endpoint was deleted mid-attempt
      tx.insert(webhookAttempts).values(attempt).run();
      return tx
        .update(webhookDeliveries)
        .set(patch)
        .where(eq(webhookDeliveries.id, attempt.deliveryId))
        .returning()
        .get();
    });
  }

  patchDelivery(id: string, patch: DeliveryPatch): WebhookDeliveryRow | undefined {
    return this.db
      .update(webhookDeliveries)
      .set(patch)
      .where(eq(webhookDeliveries.id, id))
      .returning()
      .get();
  }
}
