/**
 * POST /webhooks/ingest (native; docs/api/webhooks.md, "Forwarded events"): the hosted side of
 * sync. A linked studio forwards its job events here with its workstation's session, and this
 * engine delivers them to the account's endpoints. Session credentials only (a device's access
 * token): API keys are refused, so a leaked script key cannot inject events.
 */
import { z } from 'zod';
import { callerOf } from '../../api/principal.ts';
import { defineRoute } from '../../api/route.ts';
import { AppError } from '../../errors.ts';
import { FORWARDABLE_EVENTS, MAX_FORWARDED_PER_REQUEST } from './forwarded-events.ts';

const forwardedEvent = z.object({
  event_id: z.string().uuid(),
  event_type: z.enum(FORWARDABLE_EVENTS),
  created_at: z.iso.datetime({ offset: true }),
  payload: z.record(z.string(), z.unknown()),
});

const ingestResponse = z
  .object({
    results: z.array(
      z.object({
        event_id: z.string(),
        outcome: z.enum(['accepted', 'duplicate']),
        deliveries: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'IngestResult' });

export const ingestRoutes = [
  defineRoute({
    method: 'post',
    path: '/webhooks/ingest',
    summary:
      'Forward a linked studio’s job events for delivery to the account’s endpoints (device session only; each event id once)',
    tag: 'webhooks',
    auth: 'bearer',
    rateLimit: { limit: 120, windowSeconds: 60 },
    body: z.object({
      events: z.array(forwardedEvent).min(1).max(MAX_FORWARDED_PER_REQUEST),
    }),
    response: ingestResponse,
    errors: [
      'unauthorized',
      'token_expired',
      'forbidden',
      'validation_error',
      'rate_limit_exceeded',
    ],
    handler: ({ body, principal }, { webhooks }) => {
      const caller = callerOf(principal);
      if (caller.kind !== 'access_token') {
        throw new AppError(
          'forbidden',
          'Forwarded events come from a linked workstation’s session (an access token).',
        );
      }
      return { results: webhooks.ingest(caller.userId, caller.credentialId, body.events) };
    },
  }),
];
