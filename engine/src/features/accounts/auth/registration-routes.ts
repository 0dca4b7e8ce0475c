/**
 * Document 1, "Registration, login, tokens": initiate-registration and verify-registration.
 * Thin: validation here, the work in registration-service.ts.
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { clientOf } from './request-client.ts';
import { tokenResponseSchema } from './user-schema.ts';

/** Optional on login and sign-up; required only when /auth/captcha/required says so. */
export const captchaFields = {
  captcha_id: z.string().max(64).optional(),
  captcha_answer: z
    .union([z.string().max(32), z.number()])
    .transform(String)
    .optional(),
};

export const registrationRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/initiate-registration',
    summary: 'Start an e-mail sign-up: a 6-digit code valid 15 minutes is e-mailed',
    tag: 'auth',
    auth: 'none',
    rateLimit: { limit: 5, windowSeconds: 60 },
    body: z.object({
      email: z.email().max(254),
      password: z.string().max(1024),
      full_name: z.string().trim().min(1).max(200),
      browser_fingerprint: z.string().max(256).optional(),
      ...captchaFields,
    }),
    response: z.object({ message: z.string(), email: z.string() }),
    errors: [
      'validation_error',
      'email_already_registered',
      'captcha_required',
      'rate_limit_exceeded',
      'service_unavailable',
    ],
    handler: (ctx, { accounts }) =>
      accounts.registration.initiate(ctx.body, clientOf(ctx, ctx.body)),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/verify-registration',
    summary: 'Finish a sign-up with the e-mailed code: the account is created and logged in',
    tag: 'auth',
    auth: 'none',
    issues: 'credential',
    rateLimit: { limit: 10, windowSeconds: 60 },
    body: z.object({
      email: z.email().max(254),
      // A number is accepted too; leading zeros a JSON number lost are restored.
      verification_code: z
        .union([z.string().trim().max(16), z.number().int().nonnegative()])
        .transform((code) => (typeof code === 'number' ? String(code).padStart(6, '0') : code)),
      browser_fingerprint: z.string().max(256).optional(),
    }),
    response: tokenResponseSchema,
    errors: [
      'validation_error',
      'invalid_verification_code',
      'email_already_registered',
      'rate_limit_exceeded',
    ],
    handler: (ctx, { accounts }) => accounts.registration.verify(ctx.body, clientOf(ctx, ctx.body)),
  }),
];
