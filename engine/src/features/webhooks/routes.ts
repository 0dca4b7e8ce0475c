/**
 * Document 1, "Webhook endpoints": endpoints, the test event, the delivery log and redelivery.
 * The contract's `{id}` is spelled `{endpoint_id}` / `{delivery_id}` here (same URLs) so the
 * route table says which resource each id names. Decisions: docs/api/webhooks.md.
 */
import { z } from 'zod';
import { pageSchema, paginate } from '../../api/pagination.ts';
import { defineRoute } from '../../api/route.ts';
import { DELIVERY_STATUSES } from '../../db/schema/webhooks.ts';
import { callerOf } from '../../api/principal.ts';
import { SUBSCRIBABLE_EVENTS } from './event-payloads.ts';
import { createdEndpointSchema, deliverySchema, endpointSchema } from './webhook-schemas.ts';

const url = z.string().trim().min(1).max(2048);
const events = z.array(z.enum(SUBSCRIBABLE_EVENTS)).min(1).max(SUBSCRIBABLE_EVENTS.length);
const description = z.string().trim().max(500);
const endpointParams = z.object({ endpoint_id: z.string().uuid() });
const deliveryParams = z.object({ delivery_id: z.string().uuid() });

const authErrors = ['unauthorized', 'token_expired', 'forbidden'] as const;

export const webhookRoutes = [
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints',
    summary: 'Register a webhook endpoint; its signing secret is returned once, here',
    tag: 'webhooks',
    auth: 'user',
    scope: 'webhooks:write',
    body: z.object({ url, events, description: description.optional() }),
    response: createdEndpointSchema,
    status: 201,
    errors: [...authErrors, 'validation_error', 'bad_request'],
    handler: ({ body, principal }, { webhooks }) =>
      webhooks.create(callerOf(principal).userId, body),
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/endpoints',
    summary: 'The caller’s webhook endpoints (never their secrets)',
    tag: 'webhooks',
    auth: 'user',
    scope: 'webhooks:read',
    response: z.array(endpointSchema),
    errors: [...authErrors],
    handler: ({ principal }, { webhooks }) => webhooks.list(callerOf(principal).userId),
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/endpoints/{endpoint_id}',
    summary: 'One webhook endpoint',
    tag: 'webhooks',
    auth: 'user',
    scope: 'webhooks:read',
    params: endpointParams,
    response: endpointSchema,
    errors: [...authErrors, 'not_found', 'validation_error'],
    handler: ({ params, principal }, { webhooks }) =>
      webhooks.get(callerOf(principal).userId, params.endpoint_id),
  }),
  defineRoute({
    method: 'patch',
    path: '/webhooks/endpoints/{endpoint_id}',
    summary: 'Change an endpoint’s url, events, active flag or description',
    tag: 'webhooks',
    auth: 'user',
    scope: 'webhooks:write',
    params: endpointParams,
    body: z.object({
      url: url.optional(),
      events: events.optional(),
      active: z.boolean().optional(),
      description: description.optional(),
    }),
    response: endpointSchema,
    errors: [...authErrors, 'not_found', 'validation_error'],
    handler: ({ params, body, principal }, { webhooks }) =>
      webhooks.update(callerOf(principal).userId, params.endpoint_id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/webhooks/endpoints/{endpoint_id}',
    summary: 'Delete an endpoint, its pending deliveries and its delivery log',
    tag: 'webhooks',
    auth: 'user',
    scope: 'webhooks:write',
    params: endpointParams,
    status: 204,
    errors: [...authErrors, 'not_found', 'validation_error'],
    handler: ({ params, principal }, { webhooks }) => {
      webhooks.delete(callerOf(principal).userId, params.endpoint_id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints/{endpoint_id}/test',
    summary: 'Send a webhook.test delivery to the endpoint now (202 with the delivery)',
    tag: 'webhooks',
    auth: 'user',
    scope: 'webhooks:write',
    params: endpointParams,
    response: deliverySchema,
    status: 202,
    errors: [...authErrors, 'not_found', 'validation_error'],
    handler: ({ params, principal }, { webhooks }) =>
      webhooks.sendTest(callerOf(principal).userId, params.endpoint_id),
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/endpoints/{endpoint_id}/deliveries',
    summary: 'The endpoint’s delivery log, newest first, with each attempt’s status code',
    tag: 'webhooks',
    auth: 'user',
    scope: 'webhooks:read',
    params: endpointParams,
    query: z.object({
      status: z.enum(DELIVERY_STATUSES).optional(),
      event_type: z.string().trim().min(1).max(64).optional(),
      ...pageSchema(100, 20).shape,
    }),
    response: z.object({
      deliveries: z.array(deliverySchema),
      total: z.number().int(),
      page: z.number().int(),
      per_page: z.number().int(),
      has_next: z.boolean(),
      has_prev: z.boolean(),
    }),
    errors: [...authErrors, 'not_found', 'validation_error'],
    handler: ({ params, query, principal }, { webhooks }) => {
      const { deliveries, total } = webhooks.deliveries(
        callerOf(principal).userId,
        params.endpoint_id,
        {
          status: query.status,
          eventType: query.event_type,
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
        },
      );
      return { deliveries, ...paginate(total, query.page, query.per_page) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/deliveries/{delivery_id}/redeliver',
    summary: 'Replay a delivery: same event id and body, a new attempt now (202)',
    tag: 'webhooks',
    auth: 'user',
    scope: 'webhooks:write',
    params: deliveryParams,
    response: deliverySchema,
    status: 202,
    errors: [...authErrors, 'not_found', 'validation_error'],
    handler: ({ params, principal }, { webhooks }) =>
      webhooks.redeliver(callerOf(principal).userId, params.delivery_id),
  }),
];
