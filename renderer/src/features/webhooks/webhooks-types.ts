/**
 * Wire types of document 1's "Webhook endpoints" routes, named from the engine's contract
 * (../../api/contract.gen.ts, generated from the route table).
 */
import type { BodyOf, ResponseOf } from '../../api/contract.ts';

type EndpointRoute = '/webhooks/endpoints/{endpoint_id}';

export type WebhookEndpoint = ResponseOf<'get', EndpointRoute>;
/** POST /webhooks/endpoints: the only answer that carries the signing secret. */
export type CreatedWebhookEndpoint = ResponseOf<'post', '/webhooks/endpoints'>;
export type NewWebhookEndpoint = BodyOf<'post', '/webhooks/endpoints'>;
export type WebhookEndpointPatch = BodyOf<'patch', EndpointRoute>;
/**
 * What the endpoint form sends: event names as the person chose them (strings); the engine
 * checks them against its list and refuses an unknown one with a validation error.
 */
export type EndpointBody<T> = Omit<T, 'events'> & { events?: string[] };

export type DeliveryPage = ResponseOf<'get', '/webhooks/endpoints/{endpoint_id}/deliveries'>;
export type WebhookDelivery = DeliveryPage['deliveries'][number];
export type DeliveryStatus = WebhookDelivery['status'];
export type DeliveryAttempt = WebhookDelivery['attempt_log'][number];
