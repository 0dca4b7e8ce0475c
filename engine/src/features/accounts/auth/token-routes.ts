/**
 * Document 1, "Registration, login, tokens" and "Profile and security": login, refresh,
 * logout, and the session-health routes. Logout answers 204 (docs/api/auth.md).
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';
import { sessionInfo } from '../sessions/session-service.ts';
import { sessionInfoSchema } from '../sessions/schemas.ts';
import { captchaFields } from './registration-routes.ts';
import { clientOf, requireAccessSession } from './request-client.ts';
import { tokenPairSchema, tokenResponseSchema, toUser, userSchema } from './user-schema.ts';

/** Below this many seconds left, validate/token-health advise a refresh. */
const REFRESH_ADVICE_SECONDS = 300;

const refreshBody = z.object({ refresh_token: z.string().min(1).max(4096) });

function secondsLeft(expiresAt: number): number {
  return Math.max(0, expiresAt - Math.floor(Date.now() / 1000));
}

export const tokenRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/token',
    summary: 'Log in with e-mail (username) and password; form-urlencoded (JSON also accepted)',
    tag: 'auth',
    auth: 'none',
    issues: 'credential',
    bodyKind: 'form',
    body: z.object({
      username: z.string().trim().min(1).max(254),
      password: z.string().min(1).max(1024),
      browser_fingerprint: z.string().max(256).optional(),
      timezone: z.string().max(64).optional(),
      ...captchaFields,
    }),
    response: tokenResponseSchema,
    errors: ['validation_error', 'invalid_credentials', 'captcha_required', 'forbidden'],
    handler: (ctx, { accounts }) => accounts.passwordLogin.login(ctx.body, clientOf(ctx, ctx.body)),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/refresh',
    summary:
      'Exchange a refresh token for new tokens (the old one is spent; reuse ends the session)',
    tag: 'auth',
    auth: 'none',
    issues: 'credential',
    body: refreshBody,
    response: tokenPairSchema,
    errors: ['validation_error', 'unauthorized'],
    handler: (ctx, { accounts }) =>
      accounts.tokens.rotate(ctx.body.refresh_token, clientOf(ctx).ip).pair,
  }),
  defineRoute({
    method: 'post',
    path: '/auth/refresh-enhanced',
    summary: 'Like /auth/refresh, plus the complete user',
    tag: 'auth',
    auth: 'none',
    issues: 'credential',
    body: refreshBody,
    response: tokenResponseSchema,
    errors: ['validation_error', 'unauthorized'],
    handler: (ctx, { accounts }) => {
      const { userId, pair } = accounts.tokens.rotate(ctx.body.refresh_token, clientOf(ctx).ip);
      return { ...pair, user: accounts.profile.me(userId) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/logout',
    summary: 'End the current session: its access and refresh tokens stop working at once',
    tag: 'auth',
    auth: 'bearer',
    status: 204,
    errors: ['unauthorized', 'token_expired', 'forbidden'],
    handler: ({ principal }, { accounts }) => {
      accounts.sessions.end(requireAccessSession(principal).credentialId, 'logout');
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/session/validate',
    summary: 'Is the access token valid: its session, the user, seconds left, refresh advice',
    tag: 'auth',
    auth: 'bearer',
    response: z.object({
      is_valid: z.boolean(),
      session_info: sessionInfoSchema,
      user: userSchema,
      expires_in: z.number().int(),
      needs_refresh: z.boolean(),
    }),
    errors: ['unauthorized', 'token_expired', 'forbidden'],
    handler: ({ principal }, { accounts }) => {
      const caller = requireAccessSession(principal);
      const session = accounts.sessions.live(caller.credentialId, caller.userId);
      const user = accounts.users.get(caller.userId);
      if (!session || !user) throw new AppError('unauthorized', 'This session has ended.');
      const left = secondsLeft(caller.expiresAt);
      return {
        is_valid: true,
        session_info: sessionInfo(session, session.id),
        user: toUser(user, accounts.plans.blocksFor(user.id)),
        expires_in: left,
        needs_refresh: left < REFRESH_ADVICE_SECONDS,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/token-health',
    summary: 'Seconds and minutes left on the access token and whether to refresh now',
    tag: 'auth',
    auth: 'bearer',
    response: z.object({
      valid: z.boolean(),
      expired: z.boolean(),
      expires_in_seconds: z.number().int(),
      expires_in_minutes: z.number().int(),
      should_refresh: z.boolean(),
      user_id: z.string(),
    }),
    errors: ['unauthorized', 'token_expired', 'forbidden'],
    handler: ({ principal }) => {
      const caller = requireAccessSession(principal);
      const left = secondsLeft(caller.expiresAt);
      return {
        valid: true,
        // An expired token never gets here (401 token_expired), so this is always false.
        expired: false,
        expires_in_seconds: left,
        expires_in_minutes: Math.floor(left / 60),
        should_refresh: left < REFRESH_ADVICE_SECONDS,
        user_id: caller.userId,
      };
    },
  }),
];
