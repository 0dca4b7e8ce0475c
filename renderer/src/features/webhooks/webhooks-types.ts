/**
 * Wire types of document 1's "Webhook endpoints" routes as the engine answers them
 * (engine/src/features/webhooks/routes.ts, docs/api/webhooks.md).
 */

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  description: string;
  created_at: string;
}

/** POST /webhooks/endpoints: the only answer that carries the signing secret. */
export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

export interface NewWebhookEndpoint {
  url: string;
  events: string[];
  description: string;
}

export type WebhookEndpointPatch = Partial<NewWebhookEndpoint & { active: boolean }>;

export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'dead_lettered';

export interface DeliveryAttempt {
  attempt: number;
  round: number;
  started_at: string;
  duration_ms: number;
  response_code: number | null;
  error: string | null;
  succeeded: boolean;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  /** Every attempt, all rounds. */
  attempts: number;
  /** 1, +1 per redelivery of a finished delivery. */
  round: number;
  round_attempts: number;
  /** The last attempt's HTTP status; null when none came back. */
  response_code: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  payload: unknown;
  attempt_log: DeliveryAttempt[];
}

export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  total: number;
  page: number;
  per_page: number;
  has_next: boolean;
  has_prev: boolean;
}
