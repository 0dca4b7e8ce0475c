/**
 * Document 1, "API keys". Creating a key needs a session credential (Authentication 2: an
 * access token; the studio token, standing for the machine owner, also may), so a key can never
 * mint keys. Revocation answers 204 (docs/api/auth.md).
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import { callerOf } from '../../../api/principal.ts';
import {
  API_KEY_STATUSES,
  apiKeySchema,
  createApiKeyBody,
  createdApiKeySchema,
} from './schemas.ts';

export const apiKeyRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/api-keys',
    summary: 'Create an API key; the secret (api_key) is in this response only',
    tag: 'api-keys',
    auth: 'bearer',
    issues: 'credential',
    body: createApiKeyBody,
    response: createdApiKeySchema,
    status: 201,
    errors: ['unauthorized', 'token_expired', 'forbidden', 'validation_error'],
    handler: ({ body, principal }, { accounts }) =>
      accounts.apiKeys.create(callerOf(principal).userId, body),
  }),
  defineRoute({
    method: 'get',
    path: '/auth/api-keys',
    summary: 'The caller’s API keys (never their secrets), optionally filtered by status',
    tag: 'api-keys',
    auth: 'user',
    scope: 'apikeys:read',
    query: z.object({ status: z.enum(API_KEY_STATUSES).optional() }),
    response: z.array(apiKeySchema),
    errors: ['unauthorized', 'token_expired', 'forbidden', 'validation_error'],
    handler: ({ query, principal }, { accounts }) =>
      accounts.apiKeys.list(callerOf(principal).userId, query.status),
  }),
  defineRoute({
    method: 'delete',
    path: '/auth/api-keys/{key_id}',
    summary: 'Revoke an API key permanently (revoked_at is set; it stays listed)',
    tag: 'api-keys',
    auth: 'user',
    scope: 'apikeys:write',
    params: z.object({ key_id: z.uuid() }),
    status: 204,
    errors: ['unauthorized', 'token_expired', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params, principal }, { accounts }) => {
      accounts.apiKeys.revoke(callerOf(principal).userId, params.key_id);
    },
  }),
];
