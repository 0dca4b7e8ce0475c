/**
 * Document 1: forgot-password and reset-password ("Registration, login, tokens") and
 * change-password ("Profile and security"). All three answer 204 (docs/api/auth.md).
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { callerOf } from '../../../api/principal.ts';
import { sessionIdOf } from './request-client.ts';

export const passwordRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/forgot-password',
    summary: 'E-mail a one-hour, single-use reset token; answers the same for unknown e-mails',
    tag: 'auth',
    auth: 'none',
    rateLimit: { limit: 3, windowSeconds: 3600 },
    body: z.object({ email: z.email().max(254) }),
    status: 204,
    errors: ['validation_error', 'rate_limit_exceeded'],
    handler: ({ body }, { accounts }) => {
      accounts.passwordReset.forgot(body.email);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/reset-password',
    summary: 'Set a new password with the e-mailed token; every session of the account ends',
    tag: 'auth',
    auth: 'none',
    rateLimit: { limit: 5, windowSeconds: 3600 },
    body: z.object({ token: z.string().min(1).max(512), new_password: z.string().max(1024) }),
    status: 204,
    errors: ['validation_error', 'invalid_verification_code', 'rate_limit_exceeded'],
    handler: async ({ body }, { accounts }) => {
      await accounts.passwordReset.reset(body.token, body.new_password);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/change-password',
    summary: 'Change the password (≥ 6 characters, a letter and a number); other sessions end',
    tag: 'auth',
    auth: 'user',
    scope: 'account:write',
    body: z.object({
      current_password: z.string().max(1024),
      new_password: z.string().max(1024),
    }),
    status: 204,
    errors: [
      'unauthorized',
      'token_expired',
      'forbidden',
      'validation_error',
      'invalid_credentials',
    ],
    handler: async ({ body, principal }, { accounts }) => {
      await accounts.profile.changePassword(
        callerOf(principal).userId,
        sessionIdOf(principal),
        body.current_password,
        body.new_password,
      );
    },
  }),
];
