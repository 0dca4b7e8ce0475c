/**
 * The studio's sync routes (native; docs/api/sync.md): status, link, unlink, sync now, the
 * browser sign-in and the offload switch. The link is the machine's, so like every local
 * administrative route they take the machine owner's credential (the studio token) only.
 */
import { z } from 'zod';
import { callerOf, type Principal } from '../../api/principal.ts';
import { defineRoute } from '../../api/route.ts';
import { AppError } from '../../errors.ts';
import {
  linkBodySchema,
  oauthStartSchema,
  OAUTH_PROVIDERS,
  syncSettingsSchema,
  syncStatusSchema,
  unlinkAnswerSchema,
} from './schemas.ts';

const authErrors = ['unauthorized', 'token_expired', 'forbidden'] as const;

function requireOwner(principal: Principal | null): void {
  if (callerOf(principal).kind !== 'studio') {
    throw new AppError(
      'forbidden',
      'Sync is the machine’s link to a hosted account: the studio token (the machine’s owner) only.',
    );
  }
}

export const localSyncRoutes = [
  defineRoute({
    method: 'get',
    path: '/sync/status',
    summary: 'Whether this studio is linked to a hosted account, the queue and the hosted credits',
    tag: 'sync',
    auth: 'bearer',
    response: syncStatusSchema,
    errors: [...authErrors],
    handler: ({ principal }, { sync }) => {
      requireOwner(principal);
      return sync.status();
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sync/link',
    summary: 'Link this studio to a hosted account with its e-mail and password',
    tag: 'sync',
    auth: 'bearer',
    body: linkBodySchema,
    response: syncStatusSchema,
    errors: [
      ...authErrors,
      'validation_error',
      'conflict',
      'hosted_auth_failed',
      'hosted_unreachable',
      'service_unavailable',
    ],
    handler: async ({ principal, body }, { sync }) => {
      requireOwner(principal);
      return sync.linkWithPassword(body.email, body.password);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sync/link/oauth',
    summary:
      'Start a Google or GitHub sign-in in the system browser (loopback redirect); open authorize_url',
    tag: 'sync',
    auth: 'bearer',
    body: z.object({ provider: z.enum(OAUTH_PROVIDERS) }),
    response: oauthStartSchema,
    errors: [...authErrors, 'validation_error', 'hosted_auth_failed', 'hosted_unreachable'],
    handler: ({ principal, body }, { sync }) => {
      requireOwner(principal);
      return sync.startBrowserSignIn(body.provider);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sync/unlink',
    summary: 'Unlink: end the workstation’s hosted session and forget its tokens',
    tag: 'sync',
    auth: 'bearer',
    response: unlinkAnswerSchema,
    errors: [...authErrors],
    handler: ({ principal }, { sync }) => {
      requireOwner(principal);
      return sync.unlink();
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sync/run',
    summary: 'Sync now: forward queued events and read the hosted credits',
    tag: 'sync',
    auth: 'bearer',
    response: syncStatusSchema,
    errors: [...authErrors],
    handler: ({ principal }, { sync }) => {
      requireOwner(principal);
      return sync.run();
    },
  }),
  defineRoute({
    method: 'put',
    path: '/sync/settings',
    summary: 'Allow or stop offload: requests this machine cannot run go to the hosted service',
    tag: 'sync',
    auth: 'bearer',
    body: syncSettingsSchema,
    response: syncStatusSchema,
    errors: [...authErrors, 'validation_error'],
    handler: ({ principal, body }, { sync }) => {
      requireOwner(principal);
      return sync.setOffload(body.offload);
    },
  }),
];
