/**
 * Who is calling. Resolved once per request by api/authenticate.ts from the credential resolvers
 * (the studio launch token now; access tokens and API keys plug in with the accounts feature).
 */
import { AppError } from '../errors.ts';

export type CredentialKind = 'studio' | 'access_token' | 'api_key';

export interface Principal {
  userId: string;
  kind: CredentialKind;
  /** `*` or `<area>:<action>` scopes; session credentials carry `*`. */
  scopes: string[];
  /** Session or key id, for revocation and audit. */
  credentialId: string;
  /** Access tokens only: when the token expires (Unix seconds), for /auth/token-health. */
  expiresAt?: number;
}

/** The machine owner's principal in the local profile (studio token). */
export const LOOPBACK_OWNER = 'local-owner';

export function hasScope(principal: Principal, scope: string | undefined): boolean {
  if (scope === undefined) return true;
  if (principal.scopes.includes('*')) return true;
  if (principal.scopes.includes(scope)) return true;
  const [area] = scope.split(':');
  return principal.scopes.includes(`${area}:*`);
}

/** The caller's principal; register.ts guarantees one on routes with auth other than `none`. */
export function callerOf(principal: Principal | null): Principal {
  if (!principal) throw new AppError('unauthorized', 'Authentication required.');
  return principal;
}
