/**
 * The hosted side of sync (docs/api/sync.md, "Hosted routes"): what a studio calls on the hosted
 * service besides the platform's own routes — finish a browser sign-in. Every engine serves them;
 * they matter on the hosted service. A workstation links with a session (a password login or
 * this sign-in), never with an API key: a key never mints sessions (docs/api/scopes.md), so the
 * former `POST /sync/devices` answers 410 (api/route-table.ts).
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { tokenResponseSchema } from '../../accounts/index.ts';
import { OAUTH_PROVIDERS } from '../schemas.ts';

const hints = {
  browser_fingerprint: z.string().max(256).optional(),
  timezone: z.string().max(64).optional(),
};

function client(
  ctx: { ip: string; headers: Record<string, string | undefined> },
  body: { browser_fingerprint?: string | undefined; timezone?: string | undefined },
) {
  return {
    ip: ctx.ip.startsWith('::ffff:') ? ctx.ip.slice(7) : ctx.ip,
    userAgent: (ctx.headers['user-agent'] ?? '').slice(0, 512),
    browserFingerprint: body.browser_fingerprint ?? null,
    timezone: body.timezone ?? null,
  };
}

export const hostedSyncRoutes = [
  defineRoute({
    method: 'get',
    path: '/sync/oauth/{provider}',
    summary: 'Which OAuth app a workstation signs in with in the system browser',
    tag: 'sync',
    auth: 'none',
    params: z.object({ provider: z.enum(OAUTH_PROVIDERS) }),
    response: z
      .object({ client_id: z.string(), authorize_url: z.string(), scope: z.string() })
      .meta({ id: 'SyncOAuthApp' }),
    errors: ['validation_error', 'service_unavailable'],
    handler: ({ params }, { sync }) => sync.oauthExchange.describe(params.provider),
  }),
  defineRoute({
    method: 'post',
    path: '/sync/oauth/{provider}/exchange',
    summary:
      'Finish a workstation’s browser sign-in: exchange the loopback code (PKCE) and open a device session',
    tag: 'sync',
    auth: 'none',
    issues: 'credential',
    rateLimit: { limit: 30, windowSeconds: 60 },
    params: z.object({ provider: z.enum(OAUTH_PROVIDERS) }),
    body: z.object({
      code: z.string().min(1).max(2048),
      code_verifier: z.string().min(43).max(128),
      redirect_uri: z.string().max(256),
      ...hints,
    }),
    response: tokenResponseSchema,
    errors: [
      'validation_error',
      'invalid_credentials',
      'forbidden',
      'conflict',
      'rate_limit_exceeded',
      'service_unavailable',
    ],
    handler: (ctx, { sync }) =>
      sync.oauthExchange.exchange(ctx.params.provider, ctx.body, client(ctx, ctx.body)),
  }),
];
