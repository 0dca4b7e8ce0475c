/**
 * Access and refresh tokens (document 1, "Token response", Authentication 3 and 7).
 * Both are HS256 JWTs naming their session (`sid`). Access tokens live exactly 3600 s; refresh
 * tokens 30 days and rotate on every use. Each session is one refresh-token family: presenting
 * a refresh token that was already rotated means it was copied, so the whole session is revoked
 * (its live access token included) and the caller must log in again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '../../../errors.ts';
import type { SessionRepo } from '../sessions/session-repo.ts';
import { SESSION_TTL_SECONDS, type SessionService } from '../sessions/session-service.ts';
import { signJwt, verifyJwt, type JwtCheck } from './jwt.ts';
import { isPast, nowIso } from './time.ts';
import type { TokenPair } from './user-schema.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = SESSION_TTL_SECONDS;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function refreshFailure(message: string): AppError {
  return new AppError('unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

export interface AccessTokenOptions {
  userId: string;
  sessionId: string;
  /** Unix seconds; defaults to now. */
  issuedAt?: number;
  /** Unix seconds; defaults to issuedAt + 3600. Tests mint expired tokens with a past value. */
  expiresAt?: number;
}

export class TokenService {
  constructor(
    private readonly secret: Buffer,
    private readonly sessionRepo: SessionRepo,
    private readonly sessions: SessionService,
  ) {}

  signAccessToken(options: AccessTokenOptions): string {
    const iat = options.issuedAt ?? nowSeconds();
    return signJwt(
      {
        sub: options.userId,
        sid: options.sessionId,
        typ: 'access',
        jti: randomUUID(),
        iat,
        exp: options.expiresAt ?? iat + ACCESS_TOKEN_TTL_SECONDS,
      },
      this.secret,
    );
  }

  verify(token: string): JwtCheck {
    return verifyJwt(token, this.secret, nowSeconds());
  }

  /** A fresh access token plus a new refresh token stored (hashed) in the session's family. */
  issuePair(userId: string, sessionId: string): TokenPair {
    const iat = nowSeconds();
    const refreshId = randomUUID();
    const exp = iat + REFRESH_TOKEN_TTL_SECONDS;
    const refreshToken = signJwt(
      { sub: userId, sid: sessionId, typ: 'refresh', jti: refreshId, iat, exp },
      this.secret,
    );
    this.sessionRepo.insertRefreshToken({
      id: refreshId,
      sessionId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(exp * 1000).toISOString(),
    });
    return {
      access_token: this.signAccessToken({ userId, sessionId, issuedAt: iat }),
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
    };
  }

  /** POST /auth/refresh: rotates the refresh token; reuse revokes the session. */
  rotate(refreshToken: string, ip: string): { userId: string; sessionId: string; pair: TokenPair } {
    const check = this.verify(refreshToken);
    if (!check.ok) {
      throw refreshFailure(
        check.reason === 'expired'
          ? 'The refresh token has expired; log in again.'
          : 'Invalid refresh token.',
      );
    }
    if (check.claims.typ !== 'refresh') throw refreshFailure('This is not a refresh token.');
    const stored = this.sessionRepo.findRefreshToken(sha256(refreshToken));
    if (!stored || stored.sessionId !== check.claims.sid || isPast(stored.expiresAt)) {
      throw refreshFailure('Invalid refresh token.');
    }
    const session = this.sessions.live(stored.sessionId, check.claims.sub);
    if (!session) throw refreshFailure('This session has ended; log in again.');
    const pair = this.sessionRepo.transaction(() => {
      if (stored.rotatedAt !== null || !this.sessionRepo.markRotated(stored.id, nowIso())) {
        return null;
      }
      this.sessions.extend(session, ip);
      return this.issuePair(check.claims.sub, session.id);
    });
    if (pair === null) {
      // Reuse: one copy of this token was already exchanged. End the family, outside the
      // transaction above so the revocation is committed even though this call fails.
      this.sessions.end(session.id, 'refresh_token_reuse');
      throw refreshFailure(
        'This refresh token was already used; the session has been revoked. Log in again.',
      );
    }
    return { userId: check.claims.sub, sessionId: session.id, pair };
  }
}
