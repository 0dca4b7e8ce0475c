/**
 * Wire types of document 1's "Webhook endpoints" routes as the engine answers them
 * (engine/src/features/webhooks/routes.ts, docs/api/webhooks.md). The answers' types are
 * inferred from the engine's own zod schemas (type-only imports: nothing is bundled).
 */
import type { z } from 'zod';
import type { DeliveryStatus } from '../../../../engine/src/features/webhooks/delivery-statuses.ts';
import type {
  createdEndpointSchema,
  deliverySchema,
  endpointSchema,
} from '../../../../engine/src/features/webhooks/webhook-schemas.ts';

export type WebhookEndpoint = z.output<typeof endpointSchema>;

/** POST /webhooks/endpoints: the only answer that carries the signing secret. */
export type CreatedWebhookEndpoint = z.output<typeof createdEndpointSchema>;

export interface NewWebhookEndpoint {
  url: string;
  events: string[];
  description: string;
}

export type WebhookEndpointPatch = Partial<NewWebhookEndpoint & { active: boolean }>;

export type { DeliveryStatus };

export type WebhookDelivery = z.output<typeof deliverySchema>;
export type DeliveryAttempt = WebhookDelivery['attempt_log'][number];

export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  total: number;
  page: number;
  per_page: number;
  has_next: boolean;
  has_prev: boolean;
}
