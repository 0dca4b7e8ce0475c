/**
 * What the webhook routes answer. Imports only zod and the status list: the studio derives its
 * types from these (renderer/src/features/webhooks/webhooks-types.ts).
 */
import { z } from 'zod';
import { DELIVERY_STATUSES } from './delivery-statuses.ts';

export const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    active: z.boolean(),
    description: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });

export const createdEndpointSchema = endpointSchema
  .extend({ secret: z.string() })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const deliverySchema = z
  .object({
    id: z.string(),
    endpoint_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    round: z.number().int(),
    round_attempts: z.number().int(),
    response_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    last_attempt_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    payload: z.unknown(),
    attempt_log: z.array(
      z.object({
        attempt: z.number().int(),
        round: z.number().int(),
        started_at: z.string(),
        duration_ms: z.number().int(),
        response_code: z.number().int().nullable(),
        error: z.string().nullable(),
        succeeded: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });
