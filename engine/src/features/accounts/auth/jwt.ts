/**
 * Minimal HS256 JSON Web Tokens on node:crypto (RFC 7519 compact form). The engine is both
 * issuer and audience, so a shared-secret MAC is all that is needed; only `alg: HS256` is
 * accepted, which rules out `alg: none` and key-confusion tricks.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface JwtClaims {
  sub: string;
  /** Session id: access and refresh tokens both name the session they belong to. */
  sid: string;
  typ: 'access' | 'refresh';
  jti: string;
  iat: number;
  exp: number;
}

export type JwtCheck =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: 'malformed' | 'signature' }
  | { ok: false; reason: 'expired'; claims: JwtClaims };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function mac(input: string, secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}

export function signJwt(claims: JwtClaims, secret: Buffer): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = mac(`${HEADER}.${payload}`, secret).toString('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

function parseJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

function isClaims(value: unknown): value is JwtClaims {
  if (value === null || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.sub === 'string' &&
    typeof c.sid === 'string' &&
    (c.typ === 'access' || c.typ === 'refresh') &&
    typeof c.jti === 'string' &&
    typeof c.iat === 'number' &&
    typeof c.exp === 'number'
  );
}

/** Checks the signature first, then expiry against `nowSeconds`. */
export function verifyJwt(token: string, secret: Buffer, nowSeconds: number): JwtCheck {
  if (!looksLikeJwt(token)) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const head = parseJson(header) as { alg?: unknown } | null;
  if (head?.alg !== 'HS256') return { ok: false, reason: 'malformed' };
  const expected = mac(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  const claims = parseJson(payload);
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired', claims };
  return { ok: true, claims };
}
