/**
 * Short secrets sent to people (e-mail verification codes, phone codes, reset tokens): generated
 * with the CSPRNG and stored only as sha256, compared in constant time.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit code, leading zeros kept ("004211"). */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A long URL-safe token for links (password reset). */
export function urlToken(): string {
  return randomBytes(32).toString('base64url');
}

/** `context` binds a code to its purpose and owner, so a hash from one table means nothing in another. */
export function hashSecret(secret: string, context = ''): string {
  return createHash('sha256').update(`${context}\n${secret.trim()}`).digest('hex');
}

export function secretMatches(secret: string, storedHash: string, context = ''): boolean {
  const given = Buffer.from(hashSecret(secret, context), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
