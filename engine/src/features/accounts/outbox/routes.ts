/**
 * GET /local/outbox (native, docs/api/auth.md): the e-mails and text messages the engine kept
 * on the machine instead of sending. Only the machine's owner — the studio token — may read
 * them: they hold sign-up codes and reset tokens for every account on this engine.
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';

export const outboxMessageSchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(['email', 'sms']),
    to: z.string(),
    subject: z.string(),
    body: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'OutboxMessage' });

export const outboxRoutes = [
  defineRoute({
    method: 'get',
    path: '/local/outbox',
    summary: 'Messages kept in the local outbox, newest first (studio token only)',
    tag: 'local',
    auth: 'bearer',
    query: z.object({
      to: z.string().trim().toLowerCase().max(254).optional(),
      channel: z.enum(['email', 'sms']).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({ messages: z.array(outboxMessageSchema) }),
    errors: ['unauthorized', 'token_expired', 'forbidden', 'validation_error'],
    handler: ({ query, principal }, { accounts }) => {
      if (principal?.kind !== 'studio') {
        throw new AppError(
          'forbidden',
          'The local outbox is readable with the studio token only (the machine’s owner).',
        );
      }
      const rows = accounts.outbox.list({
        recipient: query.to,
        channel: query.channel,
        limit: query.limit,
      });
      return {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          body: row.body,
          created_at: row.createdAt,
        })),
      };
    },
  }),
];
