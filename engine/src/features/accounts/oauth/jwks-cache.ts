/**
 * A provider's signing keys (a JSON Web Key Set, RFC 7517) fetched from its URL and cached.
 * Keys live for the set's `Cache-Control: max-age` (1 minute to 1 day; 1 hour without one).
 * A token naming a key the cache does not hold triggers a refetch, since providers rotate keys
 * and publish the new one shortly before signing with it; each unknown `kid` is refetched for
 * at most once a minute and all unknown kids together at most 6 times a minute, so tokens with
 * made-up kids cannot turn the engine into a request pump against the provider.
 */
import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { providerGet, providerUnavailable } from './provider-http.ts';

const DEFAULT_TTL_MS = 3600_000;
const MIN_TTL_MS = 60_000;
const MAX_TTL_MS = 24 * 3600_000;
const MISS_MEMORY_MS = 60_000;
const UNKNOWN_KID_REFETCHES_PER_MINUTE = 6;

export interface SigningKey {
  kid: string;
  /** `RSA` or `EC`. */
  kty: string;
  /** The key's own `alg`, when the set names one. */
  alg: string | undefined;
  /** `P-256` etc. for EC keys. */
  crv: string | undefined;
  key: KeyObject;
}

interface Jwk extends JsonWebKey {
  kid?: unknown;
  use?: unknown;
  alg?: unknown;
}

function ttlFrom(cacheControl: string | null): number {
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? '')?.[1];
  if (maxAge === undefined) return DEFAULT_TTL_MS;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, Number(maxAge) * 1000));
}

/** Signature keys with an id that node:crypto can load; anything else in the set is skipped. */
function parseKeys(body: unknown): Map<string, SigningKey> {
  const keys = new Map<string, SigningKey>();
  const list = (body as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) return keys;
  for (const jwk of list as Jwk[]) {
    if (jwk === null || typeof jwk !== 'object' || typeof jwk.kid !== 'string') continue;
    if (jwk.use !== undefined && jwk.use !== 'sig') continue;
    if (jwk.kty !== 'RSA' && jwk.kty !== 'EC') continue;
    try {
      const { kty, n, e, crv, x, y } = jwk;
      const key = createPublicKey({ key: { kty, n, e, crv, x, y }, format: 'jwk' });
      keys.set(jwk.kid, {
        kid: jwk.kid,
        kty: jwk.kty,
        alg: typeof jwk.alg === 'string' ? jwk.alg : undefined,
        crv,
        key,
      });
    } catch {
      // A malformed key in the set must not take the good ones down with it.
    }
  }
  return keys;
}

export class JwksCache {
  private keys = new Map<string, SigningKey>();
  private expiresAt = 0;
  private inflight: Promise<void> | null = null;
  /** kid → until when a refetch for it is not repeated. */
  private readonly misses = new Map<string, number>();
  private unknownKidRefetches: number[] = [];

  constructor(
    private readonly url: string,
    private readonly provider: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key named `kid`, or null when the provider does not publish it. */
  async key(kid: string): Promise<SigningKey | null> {
    const now = this.now();
    if (now >= this.expiresAt) {
      await this.refresh();
    } else if (!this.keys.has(kid) && this.mayRefetchFor(kid, now)) {
      this.unknownKidRefetches.push(now);
      await this.refresh();
    }
    const key = this.keys.get(kid) ?? null;
    if (key === null) this.misses.set(kid, now + MISS_MEMORY_MS);
    return key;
  }

  private mayRefetchFor(kid: string, now: number): boolean {
    for (const [known, until] of this.misses) if (until <= now) this.misses.delete(known);
    if (this.misses.has(kid)) return false;
    this.unknownKidRefetches = this.unknownKidRefetches.filter((at) => at > now - 60_000);
    return this.unknownKidRefetches.length < UNKNOWN_KID_REFETCHES_PER_MINUTE;
  }

  /** One fetch at a time: concurrent sign-ins share it. */
  private refresh(): Promise<void> {
    this.inflight ??= this.fetchKeys().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async fetchKeys(): Promise<void> {
    const answer = await providerGet(this.url, { provider: this.provider });
    if (answer.status !== 200) {
      throw providerUnavailable(
        this.provider,
        this.url,
        `its signing keys answered ${answer.status}`,
      );
    }
    const keys = parseKeys(answer.json);
    if (keys.size === 0) {
      throw providerUnavailable(this.provider, this.url, 'it published no usable signing keys');
    }
    this.keys = keys;
    this.expiresAt = this.now() + ttlFrom(answer.headers.get('cache-control'));
    this.misses.clear();
  }
}
