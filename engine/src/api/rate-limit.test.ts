import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors.ts';
import { RateLimiter } from './rate-limit.ts';

const rule = { limit: 3, windowSeconds: 60 };

function refusal(run: () => unknown): { headers: Record<string, string> | undefined } {
  try {
    run();
  } catch (error) {
    if (isAppError(error) && error.code === 'rate_limit_exceeded') return error;
    throw error;
  }
  throw new Error('expected a 429');
}

describe('RateLimiter (sliding window)', () => {
  it('allows the limit, then refuses with the limit and a Retry-After until the window slides', () => {
    const limiter = new RateLimiter();
    const t0 = 1_000_000;
    expect(limiter.hit('k', rule, t0)).toEqual({
      'X-RateLimit-Limit': '3',
      'X-RateLimit-Remaining': '2',
    });
    limiter.hit('k', rule, t0 + 10_000);
    limiter.hit('k', rule, t0 + 20_000);
    const refused = refusal(() => limiter.hit('k', rule, t0 + 30_000));
    expect(refused.headers).toMatchObject({ 'X-RateLimit-Limit': '3', 'Retry-After': '30' });
    // The first request leaves the window at t0 + 60 s: one more is allowed then, not before.
    refusal(() => limiter.hit('k', rule, t0 + 59_999));
    expect(limiter.hit('k', rule, t0 + 60_001)['X-RateLimit-Remaining']).toBe('0');
  });

  it('counts keys (route + IP) separately', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) limiter.hit('a', rule, 0);
    expect(() => limiter.hit('b', rule, 0)).not.toThrow();
  });
});
