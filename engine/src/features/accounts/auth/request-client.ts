/**
 * Route-side helpers that turn a request into the domain's terms: who the client is
 * (ClientInfo for sessions and devices) and which login session the caller holds, if any.
 */
import { callerOf, type Principal } from '../../../api/principal.ts';
import { AppError } from '../../../errors.ts';
import { normalizeIp, type ClientInfo } from '../sessions/client-info.ts';

const MAX_USER_AGENT = 512;

export interface ClientHints {
  browser_fingerprint?: string | undefined;
  timezone?: string | undefined;
}

export function clientOf(
  request: { ip: string; headers: Record<string, string | undefined> },
  hints: ClientHints = {},
): ClientInfo {
  return {
    ip: normalizeIp(request.ip),
    userAgent: (request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT),
    browserFingerprint: hints.browser_fingerprint ?? null,
    timezone: hints.timezone ?? null,
  };
}

/** The login session behind the request; null for the studio token and API keys. */
export function sessionIdOf(principal: Principal | null): string | null {
  return principal?.kind === 'access_token' ? principal.credentialId : null;
}

/**
 * For routes about the caller's own login session (logout, validate, token health): the studio
 * token is per launch, not a login, so it has no session to act on.
 */
export function requireAccessSession(principal: Principal | null): Principal & {
  expiresAt: number;
} {
  const caller = callerOf(principal);
  if (caller.kind !== 'access_token' || caller.expiresAt === undefined) {
    throw new AppError(
      'forbidden',
      'This route works on a login session: use an access token from POST /auth/token.',
    );
  }
  return { ...caller, expiresAt: caller.expiresAt };
}
