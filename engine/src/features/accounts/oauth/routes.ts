/**
 * Document 1: OAuth sign-in ("Registration, login, tokens": /auth/oauth/google, /auth/oauth/github)
 * and the caller's linked providers ("Profile and security": /auth/account-providers). Thin:
 * validation here, the work in oauth-sign-in-service.ts and account-provider-service.ts.
 * Unlink answers 204; link answers 201 with the link record (docs/api/auth.md, OAuth).
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import type { ErrorCode } from '../../../errors.ts';
import { callerOf } from '../../../api/principal.ts';
import { clientOf } from '../auth/request-client.ts';
import { tokenResponseSchema } from '../auth/user-schema.ts';
import { PROVIDERS } from './provider-errors.ts';

const TOKEN_MAX = 16_384;
const providerSchema = z.enum(PROVIDERS);
/** GitHub's ids are numbers; clients send them either way. */
const accountId = z
  .union([z.string().trim().min(1).max(255), z.number().int().nonnegative()])
  .transform(String);
const token = z.string().min(1).max(TOKEN_MAX);

const profile = z.object({
  email: z.email().max(254).nullish(),
  name: z.string().max(200).nullish(),
  picture: z.string().max(2048).nullish(),
});

const clientHints = {
  browser_fingerprint: z.string().max(256).optional(),
  timezone: z.string().max(64).optional(),
};

/** OAuth sign-ins call out to the provider; 30 a minute per IP is plenty for people. */
const SIGN_IN_LIMIT = { limit: 30, windowSeconds: 60 };

const signInErrors: ErrorCode[] = [
  'validation_error',
  'invalid_credentials',
  'forbidden',
  'conflict',
  'rate_limit_exceeded',
  'service_unavailable',
];

export const accountProviderSchema = z
  .object({
    id: z.string(),
    provider: providerSchema,
    provider_account_id: z.string(),
    type: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AccountProvider' });

export const oauthRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/oauth/google',
    summary:
      'Sign in with Google: the id_token is verified against Google’s keys; registers or logs in',
    tag: 'auth',
    auth: 'none',
    issues: 'credential',
    rateLimit: SIGN_IN_LIMIT,
    body: z.object({
      profile: profile.extend({ email: z.email().max(254) }),
      account: z.object({
        id_token: token,
        access_token: token.nullish(),
        providerAccountId: accountId,
        type: z.string().max(32).nullish(),
        expires_at: z.number().nullish(),
      }),
      ...clientHints,
    }),
    response: tokenResponseSchema,
    errors: signInErrors,
    handler: (ctx, { accounts }) =>
      accounts.oauth.signInWith('google', ctx.body, clientOf(ctx, ctx.body), ctx.signal),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/oauth/github',
    summary:
      'Sign in with GitHub: the access token is confirmed with GitHub’s API; registers or logs in',
    tag: 'auth',
    auth: 'none',
    issues: 'credential',
    rateLimit: SIGN_IN_LIMIT,
    body: z.object({
      profile: profile.default({}),
      account: z.object({
        access_token: token,
        providerAccountId: accountId,
        type: z.string().max(32).nullish(),
      }),
      ...clientHints,
    }),
    response: tokenResponseSchema,
    errors: signInErrors,
    handler: (ctx, { accounts }) =>
      accounts.oauth.signInWith('github', ctx.body, clientOf(ctx, ctx.body), ctx.signal),
  }),
];

export const accountProviderRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/account-providers',
    summary: 'Link a Google (id_token) or GitHub (access_token) account to the caller',
    tag: 'auth',
    auth: 'bearer',
    issues: 'credential',
    body: z
      .object({
        provider: providerSchema,
        provider_account_id: accountId,
        type: z.string().max(32).optional(),
        access_token: token.nullish(),
        id_token: token.nullish(),
      })
      .superRefine((body, ctx) => {
        const needed = body.provider === 'google' ? 'id_token' : 'access_token';
        if (!body[needed]) {
          ctx.addIssue({
            code: 'custom',
            path: [needed],
            message: `Linking ${body.provider} needs ${needed}.`,
          });
        }
      }),
    response: accountProviderSchema,
    status: 201,
    errors: [
      'unauthorized',
      'token_expired',
      'forbidden',
      'validation_error',
      'invalid_credentials',
      'conflict',
      'service_unavailable',
    ],
    handler: ({ body, principal, signal }, { accounts }) =>
      accounts.accountProviders.link(callerOf(principal).userId, body, signal),
  }),
  defineRoute({
    method: 'get',
    path: '/auth/account-providers',
    summary: 'The caller’s linked sign-in providers (never their tokens)',
    tag: 'auth',
    auth: 'bearer',
    response: z.array(accountProviderSchema),
    errors: ['unauthorized', 'token_expired', 'forbidden'],
    handler: ({ principal }, { accounts }) =>
      accounts.accountProviders.list(callerOf(principal).userId),
  }),
  defineRoute({
    method: 'delete',
    path: '/auth/account-providers/{provider}',
    summary: 'Unlink a provider; refused (409) when it is the last way to sign in',
    tag: 'auth',
    auth: 'bearer',
    params: z.object({ provider: providerSchema }),
    status: 204,
    errors: [
      'unauthorized',
      'token_expired',
      'forbidden',
      'validation_error',
      'not_found',
      'conflict',
    ],
    handler: ({ params, principal }, { accounts }) => {
      accounts.accountProviders.unlink(callerOf(principal).userId, params.provider);
    },
  }),
];
