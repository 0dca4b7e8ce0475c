/**
 * Per-route, per-IP request limits declared on route rows (`rateLimit`, api/route.ts) and
 * enforced by api/register.ts before anything else runs (document 1, "Limits"). A sliding
 * window log: exact counts with no burst at window edges. In memory, per engine: a restart
 * forgets the counts, which for minute- and hour-long windows on a local engine is acceptable;
 * the limits that must outlive a restart (sign-ups, failed logins) are kept in SQLite instead.
 */
import { AppError } from '../errors.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitHeaders {
  'X-RateLimit-Limit': string;
  'X-RateLimit-Remaining': string;
}

const SWEEP_EVERY = 1000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private calls = 0;

  /**
   * Counts one request for `key`. Returns the headers for an allowed request; throws 429
   * `rate_limit_exceeded` with `X-RateLimit-Limit` and `Retry-After` otherwise.
   */
  hit(key: string, rule: RateLimit, now: number = Date.now()): RateLimitHeaders {
    const windowMs = rule.windowSeconds * 1000;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - windowMs);
    if (++this.calls % SWEEP_EVERY === 0) this.sweep(now);
    if (recent.length >= rule.limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      const retryAfter = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
      throw new AppError(
        'rate_limit_exceeded',
        `Too many requests: at most ${rule.limit} per ${rule.windowSeconds} s. Retry in ${retryAfter} s.`,
        {
          headers: {
            'X-RateLimit-Limit': String(rule.limit),
            'X-RateLimit-Remaining': '0',
            'Retry-After': String(retryAfter),
          },
          details: {
            limit: rule.limit,
            window_seconds: rule.windowSeconds,
            retry_after: retryAfter,
          },
        },
      );
    }
    recent.push(now);
    this.hits.set(key, recent);
    return {
      'X-RateLimit-Limit': String(rule.limit),
      'X-RateLimit-Remaining': String(rule.limit - recent.length),
    };
  }

  /** Drops keys with no request inside the longest window we could have (one day). */
  private sweep(now: number): void {
    for (const [key, times] of this.hits) {
      if ((times.at(-1) ?? 0) < now - 86_400_000) this.hits.delete(key);
    }
  }
}
