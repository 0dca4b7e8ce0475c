/**
 * Webhooks: endpoints, the fan-out of job events into signed deliveries, the retry schedule and
 * dead-letter, redelivery (document 1, "Webhooks"; docs/api/webhooks.md). It listens to the job
 * queue's events; nothing in a request path waits on a receiver. As the hosted service it also
 * delivers the job events linked studios forward (POST /webhooks/ingest).
 */
import { ingestRoutes } from './ingest-routes.ts';
import { webhookRoutes as endpointRoutes } from './routes.ts';

export const webhookRoutes = [...endpointRoutes, ...ingestRoutes];
export { WebhookService, type EventTap, type WebhookOptions } from './webhook-service.ts';
export type { WebhookEvent } from './event-payloads.ts';
export { FORWARDABLE_EVENTS, type ForwardableEvent } from './forwarded-events.ts';
// One signed POST by the delivery rules, for other areas' own callbacks (the reader's webhook_url).
export { sendWebhook, type AttemptOutcome } from './delivery-sender.ts';
export { deliveryHeaders } from './signing.ts';
export { ATTEMPT_TIMEOUT_MS } from './retry-policy.ts';
