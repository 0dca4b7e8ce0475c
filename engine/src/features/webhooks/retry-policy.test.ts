import { describe, expect, it } from 'vitest';
import { MAX_BACKOFF_MS, retryDelayMs } from './retry-policy.ts';

describe('webhook retry policy', () => {
  it('waits 1, 2, 4, 8 minutes, then dead-letters after the 5th failure', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(5)).toBeNull();
  });

  it('never waits more than an hour', () => {
    for (let n = 1; n < 5; n++) expect(retryDelayMs(n)).toBeLessThanOrEqual(MAX_BACKOFF_MS);
  });
});
