/**
 * What a studio may read from its own hosted access token without verifying it (it holds no key
 * and needs none): the session id (`sid`), the user (`sub`) and the expiry (`exp`), to refresh
 * ahead of time and to name the session it revokes on unlink.
 */
export interface TokenClaims {
  sub: string | null;
  sid: string | null;
  exp: number | null;
}

export function readClaims(token: string): TokenClaims {
  const empty: TokenClaims = { sub: null, sid: null, exp: null };
  const payload = token.split('.')[1];
  if (!payload) return empty;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    return {
      sub: typeof claims.sub === 'string' ? claims.sub : null,
      sid: typeof claims.sid === 'string' ? claims.sid : null,
      exp: typeof claims.exp === 'number' ? claims.exp : null,
    };
  } catch {
    return empty;
  }
}
