/**
 * Webhooks: endpoints, the fan-out of job events into signed deliveries, the retry schedule and
 * dead-letter, redelivery (document 1, "Webhooks"; docs/api/webhooks.md). It listens to the job
 * queue's events; nothing in a request path waits on a receiver.
 */
export { webhookRoutes } from './routes.ts';
export { WebhookService, type WebhookOptions } from './webhook-service.ts';
