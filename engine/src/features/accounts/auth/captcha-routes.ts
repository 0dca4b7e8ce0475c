/**
 * Document 1, "Profile and security": the CAPTCHA routes (auth none). The check and verify
 * answer shapes are ours (docs/api/auth.md); the contract does not show them.
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { deviceFingerprint } from '../sessions/client-info.ts';
import { clientOf } from './request-client.ts';

export const captchaRoutes = [
  defineRoute({
    method: 'get',
    path: '/auth/captcha/required',
    summary:
      'Whether this client’s next login or sign-up (or a login to `username`) must carry a solved CAPTCHA, and why',
    tag: 'auth',
    auth: 'none',
    query: z.object({
      browser_fingerprint: z.string().max(256).optional(),
      /** The e-mail a login is about to name: failed logins for that account count too. */
      username: z.string().max(320).optional(),
    }),
    response: z.object({
      required: z.boolean(),
      login_required: z.boolean(),
      signup_required: z.boolean(),
      reasons: z.array(z.enum(['failed_logins', 'account_failed_logins', 'signup_activity'])),
    }),
    errors: ['validation_error'],
    handler: (ctx, { accounts }) => {
      const client = clientOf(ctx, ctx.query);
      const reasons = accounts.signals.captchaReasons(
        'any',
        client.ip,
        deviceFingerprint(client),
        ctx.query.username,
      );
      const login = reasons.filter((reason) => reason !== 'signup_activity');
      return {
        required: reasons.length > 0,
        login_required: login.length > 0,
        signup_required: reasons.some((reason) => reason !== 'account_failed_logins'),
        reasons,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/captcha/generate',
    summary: 'A new challenge: captcha_id, an arithmetic question, expires_in 300',
    tag: 'auth',
    auth: 'none',
    response: z.object({
      captcha_id: z.string(),
      question: z.string(),
      expires_in: z.number().int(),
    }),
    errors: [],
    handler: (ctx, { accounts }) => accounts.captcha.generate(clientOf(ctx).ip),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/captcha/verify',
    summary:
      'Answer a challenge (one answer per challenge); a solved one unlocks one login or sign-up',
    tag: 'auth',
    auth: 'none',
    body: z.object({
      captcha_id: z.string().max(64),
      answer: z.union([z.string().max(32), z.number()]).transform(String),
    }),
    response: z.object({ verified: z.boolean(), message: z.string() }),
    errors: ['validation_error'],
    handler: (ctx, { accounts }) => {
      const verified = accounts.captcha.verify(
        ctx.body.captcha_id,
        ctx.body.answer,
        clientOf(ctx).ip,
      );
      return {
        verified,
        message: verified
          ? 'Solved: send this captcha_id with the next login or sign-up.'
          : 'Wrong, expired or already answered: generate a new challenge.',
      };
    },
  }),
];
