/**
 * The CredentialResolver for API keys: `X-API-Key: <key>` or `Authorization: Bearer <key>`
 * (document 1, Authentication 1). Revoked, expired or unknown `th_` keys are 401.
 */
import type { CredentialResolver } from '../../../api/authenticate.ts';
import type { ApiKeyService } from './api-key-service.ts';

export function apiKeyResolver(keys: ApiKeyService): CredentialResolver {
  return { resolve: (credential) => keys.authenticate(credential.value) };
}
