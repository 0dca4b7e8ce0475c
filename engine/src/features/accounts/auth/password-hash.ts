/**
 * Password hashing with scrypt (memory-hard: N = 2^15, r = 8, p = 1 needs 32 MiB per hash, so
 * guessing in bulk on GPUs is expensive). Each hash has its own random salt, and the parameters
 * are stored with it so they can be raised later without invalidating existing passwords.
 * Format: `scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url>`.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const LOG2_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // 128 * N * r bytes plus headroom; node's default maxmem (32 MiB) is exactly too small.
  const maxmem = 256 * (options.N ?? 1) * (options.r ?? 1);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N: 2 ** LOG2_N, r: R, p: P });
  return ['scrypt', LOG2_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison; false (never a throw) for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !log2n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: 2 ** Number(log2n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | null = null;

/**
 * Runs a full verification against a throwaway hash, so "no such e-mail" takes as long as
 * "wrong password" and login timing does not reveal which accounts exist.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummy);
  return false;
}
