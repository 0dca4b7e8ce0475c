/**
 * What goes into the outbox: the webhook events of the machine owner's jobs (the studio and the
 * owner's own API keys), with the event ids this engine's own deliveries use, queued
 * synchronously as the job ends — while linked, or signed out (they go out after the next
 * sign-in). Jobs that ran on the hosted service (offload) are left out: the hosted service
 * announces its own job to the account's endpoints.
 */
import { LOOPBACK_OWNER } from '../../../api/principal.ts';
import type { EventTap } from '../../webhooks/index.ts';
import { FORWARDABLE_EVENTS } from '../../webhooks/index.ts';
import type { OutboxRepo } from './outbox-repo.ts';

const FORWARDED: ReadonlySet<string> = new Set(FORWARDABLE_EVENTS);

export function outboxTap(
  repo: OutboxRepo,
  shouldQueue: () => boolean,
  queued: () => void,
): EventTap {
  return (events, source) => {
    if (source.ownerId !== LOOPBACK_OWNER || !shouldQueue()) return;
    const input = (source.job.input ?? {}) as Record<string, unknown>;
    if (input.offload === true) return;
    const wanted = events.filter((event) => FORWARDED.has(event.eventType));
    if (wanted.length === 0) return;
    repo.add(
      wanted.map((event) => ({
        eventId: event.eventId,
        eventType: event.eventType,
        jobId: source.job.id,
        payload: event.payload,
        createdAt:
          typeof event.payload.created_at === 'string'
            ? event.payload.created_at
            : new Date().toISOString(),
      })),
    );
    queued();
  };
}
