/**
 * The CredentialResolver for access tokens (api/authenticate.ts). An access token is accepted
 * only while its signature is good, it has not expired (else 401 `token_expired`, document 1
 * Authentication 3) and its session is still live — so logout, session revoke,
 * change-password and refresh-token reuse reject it at once, not an hour later.
 */
import type { CredentialResolver } from '../../../api/authenticate.ts';
import { AppError } from '../../../errors.ts';
import type { SessionService } from '../sessions/session-service.ts';
import { looksLikeJwt } from './jwt.ts';
import type { TokenService } from './token-service.ts';
import type { UserRepo } from './user-repo.ts';

function invalid(message: string): AppError {
  return new AppError('unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

export function accessTokenResolver(
  tokens: TokenService,
  sessions: SessionService,
  users: UserRepo,
): CredentialResolver {
  return {
    resolve(credential) {
      if (credential.source !== 'bearer' || !looksLikeJwt(credential.value)) return null;
      const check = tokens.verify(credential.value);
      if (!check.ok && check.reason === 'expired' && check.claims.typ === 'access') {
        throw new AppError('token_expired', 'The access token has expired; call /auth/refresh.', {
          headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        });
      }
      if (!check.ok) throw invalid('Invalid access token.');
      const { claims } = check;
      if (claims.typ !== 'access') {
        throw invalid('A refresh token is not an access token; exchange it at /auth/refresh.');
      }
      const session = sessions.live(claims.sid, claims.sub);
      if (!session) throw invalid('This session has ended; log in again.');
      if (users.get(claims.sub)?.isActive !== true) throw invalid('This account is disabled.');
      sessions.noteActivity(session);
      return {
        userId: claims.sub,
        kind: 'access_token',
        scopes: ['*'],
        credentialId: session.id,
        expiresAt: claims.exp,
      };
    },
  };
}
