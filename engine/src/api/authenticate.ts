/**
 * Turns a request's credential into a Principal. Credentials arrive the way the contract says
 * (`X-API-Key: <key>`, `Authorization: Bearer <token or key>`); each resolver recognises its own
 * kind and answers null for the others. The studio's per-launch token is one resolver; the
 * accounts feature adds access tokens and API keys with the same interface.
 */
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.ts';
import { LOOPBACK_OWNER, type Principal } from './principal.ts';
import type { AuthMode } from './route.ts';

export interface Credential {
  /** The raw secret as sent. */
  value: string;
  /** Where it came from; an API key is accepted in both places. */
  source: 'bearer' | 'x-api-key';
}

export interface CredentialResolver {
  /** Null when the credential is not of this resolver's kind; throws AppError when it is but is bad. */
  resolve(credential: Credential): Promise<Principal | null> | Principal | null;
}

export function readCredential(headers: Record<string, string | undefined>): Credential | null {
  const apiKey = headers['x-api-key'];
  if (apiKey !== undefined && apiKey !== '') return { value: apiKey.trim(), source: 'x-api-key' };
  const authorization = headers.authorization;
  if (authorization === undefined || authorization === '') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) {
    throw new AppError(
      'unauthorized',
      'Malformed Authorization header: expected "Bearer <token>".',
    );
  }
  return { value: match[1], source: 'bearer' };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The studio's launch token: the machine owner, every scope. */
export function studioTokenResolver(token: string): CredentialResolver {
  return {
    resolve(credential) {
      if (credential.source !== 'bearer' || !sameSecret(credential.value, token)) return null;
      return { userId: LOOPBACK_OWNER, kind: 'studio', scopes: ['*'], credentialId: 'studio' };
    },
  };
}

export async function authenticate(
  mode: AuthMode,
  headers: Record<string, string | undefined>,
  resolvers: readonly CredentialResolver[],
): Promise<Principal | null> {
  const credential = readCredential(headers);
  if (mode === 'none') {
    // Public routes ignore credentials, but a present one still identifies the caller.
    if (credential === null) return null;
    for (const resolver of resolvers) {
      try {
        const principal = await resolver.resolve(credential);
        if (principal) return principal;
      } catch {
        return null;
      }
    }
    return null;
  }
  if (credential === null) {
    throw new AppError(
      'unauthorized',
      'Authentication required: send X-API-Key or Authorization: Bearer.',
      {
        headers: { 'WWW-Authenticate': 'Bearer' },
      },
    );
  }
  for (const resolver of resolvers) {
    const principal = await resolver.resolve(credential);
    if (principal === null) continue;
    if (mode === 'bearer' && principal.kind === 'api_key') {
      throw new AppError(
        'forbidden',
        'This route needs a session token (Authorization: Bearer), not an API key.',
      );
    }
    return principal;
  }
  throw new AppError('unauthorized', 'Invalid credential.', {
    headers: { 'WWW-Authenticate': 'Bearer' },
  });
}

/**
 * A row that hands out a credential (`issues: 'credential'`: tokens, a session, an API key, a
 * sign-in link or method) refuses an API key whatever its scopes, also on a public row where the
 * key would only ride along: a key never mints sessions or keys (docs/api/scopes.md).
 */
export function refuseKeyOnCredentialRoute(
  issues: 'credential' | undefined,
  principal: Principal | null,
): void {
  if (issues === 'credential' && principal?.kind === 'api_key') {
    throw new AppError(
      'forbidden',
      'An API key cannot obtain a session, a token or another key: sign in instead.',
    );
  }
}
