/**
 * API key shapes (document 1, "API key record", "API keys"). Scopes are `*` or
 * `<area>:<action>` (an area's `*` action covers all of its actions); docs/api/scopes.md lists
 * which route needs which.
 */
import { z } from 'zod';

export const SCOPE_PATTERN = /^(\*|[a-z][a-z0-9_-]*:([a-z][a-z0-9_-]*|\*))$/;

export const API_KEY_STATUSES = ['active', 'revoked', 'expired'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const createApiKeyBody = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z
    .array(z.string().regex(SCOPE_PATTERN, 'a scope is "*" or "<area>:<action>"'))
    .min(1)
    .max(50),
  expires_in_days: z.number().int().min(1).max(3650).nullable().optional(),
  description: z.string().max(500).optional(),
});

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.string()),
    description: z.string(),
    status: z.enum(API_KEY_STATUSES),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });

/** The create response: the only time the secret is ever shown. */
export const createdApiKeySchema = apiKeySchema
  .extend({ api_key: z.string() })
  .meta({ id: 'CreatedApiKey' });

export type CreateApiKey = z.infer<typeof createApiKeyBody>;
export type ApiKeyView = z.infer<typeof apiKeySchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
