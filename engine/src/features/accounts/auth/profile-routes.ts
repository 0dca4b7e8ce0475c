/**
 * Document 1, "Profile and security": the caller's user (GET/PATCH /auth/me) and phone
 * verification. Phone routes answer 204 (docs/api/auth.md).
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { callerOf } from '../../../api/principal.ts';
import { userSchema } from './user-schema.ts';

const optionalText = z.string().trim().max(64).nullable().optional();

export const profileRoutes = [
  defineRoute({
    method: 'get',
    path: '/auth/me',
    summary: 'The caller’s user, with credits and subscription',
    tag: 'auth',
    auth: 'user',
    scope: 'account:read',
    response: userSchema,
    errors: ['unauthorized', 'token_expired', 'forbidden'],
    handler: ({ principal }, { accounts }) => accounts.profile.me(callerOf(principal).userId),
  }),
  defineRoute({
    method: 'patch',
    path: '/auth/me',
    summary: 'Update name, user type, audio usage, phone or country; a new phone is unverified',
    tag: 'auth',
    auth: 'user',
    scope: 'account:write',
    body: z.object({
      full_name: z.string().trim().min(1).max(200).optional(),
      user_type: optionalText,
      audio_usage: optionalText,
      phone_number: z.string().max(32).nullable().optional(),
      country_code: z.string().trim().max(8).nullable().optional(),
    }),
    response: userSchema,
    errors: ['unauthorized', 'token_expired', 'forbidden', 'validation_error'],
    handler: ({ body, principal }, { accounts }) =>
      accounts.profile.update(callerOf(principal).userId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/send-phone-verification',
    summary: 'Text a 6-digit code (valid 10 minutes) to a phone number',
    tag: 'auth',
    auth: 'bearer',
    body: z.object({
      phone_number: z.string().max(32),
      country_code: z.string().trim().max(8).optional(),
    }),
    status: 204,
    errors: ['unauthorized', 'token_expired', 'forbidden', 'validation_error'],
    handler: async ({ body, principal }, { accounts }) => {
      await accounts.phone.send(
        callerOf(principal).userId,
        body.phone_number,
        body.country_code ?? null,
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/verify-phone',
    summary: 'Confirm the texted code: the number becomes the account’s, verified',
    tag: 'auth',
    auth: 'bearer',
    body: z.object({ phone_number: z.string().max(32), otp_code: z.string().trim().max(16) }),
    status: 204,
    errors: [
      'unauthorized',
      'token_expired',
      'forbidden',
      'validation_error',
      'invalid_verification_code',
    ],
    handler: ({ body, principal }, { accounts }) => {
      accounts.phone.verify(callerOf(principal).userId, body.phone_number, body.otp_code);
    },
  }),
];
