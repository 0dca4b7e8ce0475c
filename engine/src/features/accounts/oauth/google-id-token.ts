/**
 * Checks a Google `id_token` (an OpenID Connect ID token, a JWT) the way Google's sign-in docs
 * require, with node:crypto only: the signature (RS256, or ES256) against Google's published
 * keys, then `iss`, `aud` (one of our OAuth client ids), `exp`/`iat`/`nbf` with 60 s of clock
 * skew. The claims that decide who signs in (`sub`, `email`, `email_verified`) are returned for
 * the sign-in flow to match against the request. Any failure is 401 `invalid_credentials` with
 * a `reason` (docs/api/auth.md, OAuth).
 */
import { verify } from 'node:crypto';
import type { JwksCache, SigningKey } from './jwks-cache.ts';
import { invalidProviderToken } from './provider-errors.ts';

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
export const CLOCK_SKEW_SECONDS = 60;

export interface GoogleClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

interface Header {
  alg?: unknown;
  kid?: unknown;
  crit?: unknown;
}

type Claims = Record<string, unknown>;

function fail(reason: string, message: string): never {
  throw invalidProviderToken('google', reason, message);
}

function decodeSegment(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** RS256 needs an RSA key, ES256 a P-256 one; a key that names its own alg must agree. */
function keyFits(alg: 'RS256' | 'ES256', key: SigningKey): boolean {
  if (key.alg !== undefined && key.alg !== alg) return false;
  return alg === 'RS256' ? key.kty === 'RSA' : key.kty === 'EC' && key.crv === 'P-256';
}

function signatureValid(alg: 'RS256' | 'ES256', key: SigningKey, input: string, sig: Buffer) {
  try {
    const data = Buffer.from(input);
    return alg === 'RS256'
      ? verify('sha256', data, key.key, sig)
      : verify('sha256', data, { key: key.key, dsaEncoding: 'ieee-p1363' }, sig);
  } catch {
    return false;
  }
}

function audienceOk(claims: Claims, clientIds: readonly string[]): boolean {
  const aud = claims.aud;
  if (typeof aud === 'string') return clientIds.includes(aud);
  if (!Array.isArray(aud) || !aud.some((a) => typeof a === 'string' && clientIds.includes(a))) {
    return false;
  }
  // OpenID Connect Core 3.1.3.7: with several audiences, the authorized party must be ours.
  return aud.length === 1 || (typeof claims.azp === 'string' && clientIds.includes(claims.azp));
}

function checkTimes(claims: Claims, nowSeconds: number): void {
  const { exp, iat, nbf } = claims;
  if (typeof exp !== 'number' || typeof iat !== 'number') {
    fail('malformed', 'The id_token has no exp or iat.');
  }
  if (exp + CLOCK_SKEW_SECONDS <= nowSeconds) fail('expired', 'The id_token has expired.');
  if (iat - CLOCK_SKEW_SECONDS > nowSeconds) {
    fail('not_yet_valid', 'The id_token was issued in the future; check the clock.');
  }
  if (typeof nbf === 'number' && nbf - CLOCK_SKEW_SECONDS > nowSeconds) {
    fail('not_yet_valid', 'The id_token is not valid yet; check the clock.');
  }
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export async function verifyGoogleIdToken(
  idToken: string,
  options: { clientIds: readonly string[]; keys: JwksCache; nowSeconds?: number },
): Promise<GoogleClaims> {
  const parts = idToken.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) {
    fail('malformed', 'The id_token is not a JWT.');
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeSegment(headerPart) as Header | null;
  if (header === null || typeof header !== 'object') fail('malformed', 'Unreadable JWT header.');
  if (header.alg !== 'RS256' && header.alg !== 'ES256') {
    fail(
      'algorithm',
      `The id_token is signed with ${String(header.alg)}; RS256 or ES256 expected.`,
    );
  }
  if (header.crit !== undefined) fail('malformed', 'The id_token has critical extensions.');
  if (typeof header.kid !== 'string') fail('unknown_key', 'The id_token names no signing key.');
  const key = await options.keys.key(header.kid);
  if (key === null) {
    fail('unknown_key', `Google does not publish the signing key "${header.kid}".`);
  }
  if (!keyFits(header.alg, key)) {
    fail('algorithm', `Key "${key.kid}" is not a key for ${header.alg}.`);
  }
  const signature = Buffer.from(signaturePart, 'base64url');
  if (!signatureValid(header.alg, key, `${headerPart}.${payloadPart}`, signature)) {
    fail('signature', 'The id_token signature does not verify against Google’s keys.');
  }
  const claims = decodeSegment(payloadPart) as Claims | null;
  if (claims === null || typeof claims !== 'object' || Array.isArray(claims)) {
    fail('malformed', 'Unreadable id_token claims.');
  }
  if (typeof claims.iss !== 'string' || !GOOGLE_ISSUERS.includes(claims.iss)) {
    fail('issuer', 'The id_token was not issued by Google.');
  }
  if (!audienceOk(claims, options.clientIds)) {
    fail('audience', 'The id_token was issued to another application (aud).');
  }
  checkTimes(claims, options.nowSeconds ?? Math.floor(Date.now() / 1000));
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    fail('malformed', 'The id_token has no subject.');
  }
  return {
    sub: claims.sub,
    email: optionalString(claims.email),
    // Older tokens spelled it as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: optionalString(claims.name),
    picture: optionalString(claims.picture),
  };
}
