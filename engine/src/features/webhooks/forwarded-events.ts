/**
 * Events a linked studio forwards to this engine when it plays the hosted service
 * (POST /webhooks/ingest; docs/api/webhooks.md, "Forwarded events"). Each is delivered to the
 * account's endpoints exactly like one of this engine's own events — same signing, retries and
 * dead-letter — under the event id the studio gave it, once: a studio resends a batch whose
 * answer it lost, and a copy of an event already taken is answered `duplicate` and delivered to
 * nobody. Events of one request are queued in the order sent.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookIngestedEvents } from '../../db/schema/webhook-ingest.ts';
import type { WebhookEndpointRow } from '../../db/schema/webhooks.ts';
import type { WebhookEvent, WebhookEventType } from './event-payloads.ts';
import type { WebhookRepo } from './webhook-repo.ts';

/** What a studio may forward: its job events, never a `webhook.test`. */
export const FORWARDABLE_EVENTS = [
  'job.completed',
  'job.failed',
  'job.cancelled',
  'audiobook.cast.detected',
] as const;
export type ForwardableEvent = (typeof FORWARDABLE_EVENTS)[number];

/** Events per ingest request. */
export const MAX_FORWARDED_PER_REQUEST = 100;

export interface ForwardedEvent {
  event_id: string;
  event_type: ForwardableEvent;
  created_at: string;
  payload: Record<string, unknown>;
}

export interface ForwardOutcome {
  event_id: string;
  outcome: 'accepted' | 'duplicate';
  /** Deliveries queued for it (one per subscribed, active endpoint). */
  deliveries: number;
}

export type StoreDeliveries = (
  items: { endpoint: WebhookEndpointRow; event: WebhookEvent }[],
) => unknown[];

export class ForwardedEvents {
  constructor(
    private readonly db: Db,
    private readonly repo: WebhookRepo,
    private readonly store: StoreDeliveries,
    private readonly now: () => string,
  ) {}

  ingest(ownerId: string, sourceId: string, events: ForwardedEvent[]): ForwardOutcome[] {
    const outcomes: ForwardOutcome[] = [];
    const queue: { endpoint: WebhookEndpointRow; event: WebhookEvent }[] = [];
    // One transaction: the dedupe rows and the decision are taken together, so two copies of a
    // batch arriving at once cannot both be accepted.
    this.db.transaction((tx) => {
      for (const forwarded of events) {
        const seen = tx
          .select({ id: webhookIngestedEvents.eventId })
          .from(webhookIngestedEvents)
          .where(
            and(
              eq(webhookIngestedEvents.ownerId, ownerId),
              eq(webhookIngestedEvents.eventId, forwarded.event_id),
            ),
          )
          .get();
        if (seen) {
          outcomes.push({ event_id: forwarded.event_id, outcome: 'duplicate', deliveries: 0 });
          continue;
        }
        // The payload's identity fields are the forwarded ones, whatever the body said.
        const event: WebhookEvent = {
          eventType: forwarded.event_type as WebhookEventType,
          eventId: forwarded.event_id,
          ownerId,
          payload: {
            ...forwarded.payload,
            event_type: forwarded.event_type,
            event_id: forwarded.event_id,
            created_at: forwarded.created_at,
          },
        };
        const endpoints = this.repo.subscribers(ownerId, forwarded.event_type);
        for (const endpoint of endpoints) queue.push({ endpoint, event });
        tx.insert(webhookIngestedEvents)
          .values({
            ownerId,
            eventId: forwarded.event_id,
            eventType: forwarded.event_type,
            sourceId,
            deliveries: endpoints.length,
            receivedAt: this.now(),
          })
          .run();
        outcomes.push({
          event_id: forwarded.event_id,
          outcome: 'accepted',
          deliveries: endpoints.length,
        });
      }
      this.store(queue);
    });
    return outcomes;
  }
}
