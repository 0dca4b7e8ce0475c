import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { looksLikeJwt, signJwt, verifyJwt, type JwtClaims } from './jwt.ts';

const secret = randomBytes(32);
const claims: JwtClaims = { sub: 'u1', sid: 's1', typ: 'access', jti: 'j1', iat: 1000, exp: 4600 };

function segment(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('HS256 JWT', () => {
  it('round-trips claims and is a three-part compact token', () => {
    const token = signJwt(claims, secret);
    expect(looksLikeJwt(token)).toBe(true);
    expect(verifyJwt(token, secret, 2000)).toEqual({ ok: true, claims });
  });

  it('reports expiry with the claims, at exp exactly', () => {
    const token = signJwt(claims, secret);
    expect(verifyJwt(token, secret, 4600)).toEqual({ ok: false, reason: 'expired', claims });
  });

  it('rejects another secret and any tampering', () => {
    const token = signJwt(claims, secret);
    expect(verifyJwt(token, randomBytes(32), 2000)).toEqual({ ok: false, reason: 'signature' });
    const [h, , s] = token.split('.');
    const forged = `${h}.${segment({ ...claims, sub: 'admin' })}.${s}`;
    expect(verifyJwt(forged, secret, 2000)).toEqual({ ok: false, reason: 'signature' });
  });

  it('rejects alg "none" and other algorithms', () => {
    const body = segment(claims);
    for (const alg of ['none', 'HS512', 'RS256']) {
      const token = `${segment({ alg, typ: 'JWT' })}.${body}.c2ln`;
      expect(verifyJwt(token, secret, 2000)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('rejects tokens whose signed payload lacks the claims the engine relies on', () => {
    // A payload without `sid`, signed with the right key: still refused.
    const { sid: _sid, ...partial } = claims;
    const bad = signJwt(partial as unknown as JwtClaims, secret);
    expect(verifyJwt(bad, secret, 2000)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyJwt('not.a.jwt!', secret, 2000)).toEqual({ ok: false, reason: 'malformed' });
  });
});
