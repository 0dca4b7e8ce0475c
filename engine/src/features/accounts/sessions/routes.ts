/**
 * Document 1, "Profile and security": the caller's sessions and devices. Session revoke
 * answers 204 (docs/api/auth.md). `bearer`: a session credential, never an API key.
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';
import { callerOf } from '../../../api/principal.ts';
import { sessionIdOf } from '../auth/request-client.ts';
import { devicesResponseSchema, sessionListItemSchema } from './schemas.ts';

/** `?include_inactive=true|false|1|0` (z.coerce.boolean would read "false" as true). */
const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const sessionRoutes = [
  defineRoute({
    method: 'get',
    path: '/auth/sessions',
    summary: 'The caller’s live sessions, the current one marked',
    tag: 'auth',
    auth: 'bearer',
    response: z.array(sessionListItemSchema),
    errors: ['unauthorized', 'token_expired', 'forbidden'],
    handler: ({ principal }, { accounts }) =>
      accounts.sessions.list(callerOf(principal).userId, sessionIdOf(principal)),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/sessions/revoke',
    summary: 'End one session (session_id) and/or every other session (revoke_all_others)',
    tag: 'auth',
    auth: 'bearer',
    body: z
      .object({
        session_id: z.string().max(64).optional(),
        revoke_all_others: z.boolean().optional(),
      })
      .refine((b) => b.session_id !== undefined || b.revoke_all_others === true, {
        message: 'Send session_id, or revoke_all_others: true.',
      }),
    status: 204,
    errors: ['unauthorized', 'token_expired', 'forbidden', 'validation_error', 'not_found'],
    handler: ({ body, principal }, { accounts }) => {
      const userId = callerOf(principal).userId;
      if (body.session_id !== undefined) accounts.sessions.revokeOwn(userId, body.session_id);
      if (body.revoke_all_others === true) {
        accounts.sessions.endOthers(userId, sessionIdOf(principal), 'revoked');
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/devices',
    summary: 'Devices the caller logged in from, with counts and the current one',
    tag: 'auth',
    auth: 'bearer',
    query: z.object({ include_inactive: queryBoolean.optional() }),
    response: devicesResponseSchema,
    errors: ['unauthorized', 'token_expired', 'forbidden', 'validation_error'],
    handler: ({ query, principal }, { accounts }) => {
      if (!principal) throw new AppError('unauthorized', 'Authentication required.');
      return accounts.sessions.devicesOf(
        principal.userId,
        sessionIdOf(principal),
        query.include_inactive ?? false,
      );
    },
  }),
];
