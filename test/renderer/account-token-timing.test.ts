import { describe, expect, it } from 'vitest';
import {
  EXPIRY_SKEW_MS,
  MAX_TIMER_MS,
  REFRESH_LEAD_MS,
  expiresAtFrom,
  needsRefresh,
  refreshDelayMs,
} from '../../renderer/src/features/account/token-timing.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('token timing', () => {
  it('turns expires_in seconds into an absolute expiry', () => {
    expect(expiresAtFrom(3600, NOW)).toBe(NOW + 3_600_000);
    expect(expiresAtFrom(0, NOW)).toBe(NOW);
    expect(expiresAtFrom(-5, NOW)).toBe(NOW);
    expect(expiresAtFrom(Number.NaN, NOW)).toBe(NOW);
  });

  it('schedules the refresh five minutes before a fresh 3600 s token expires', () => {
    expect(REFRESH_LEAD_MS).toBe(300_000);
    expect(refreshDelayMs(NOW + 3_600_000, NOW)).toBe(3_300_000);
    // Later in the token's life the wait shrinks by as much.
    expect(refreshDelayMs(NOW + 3_600_000, NOW + 1_000_000)).toBe(2_300_000);
  });

  it('refreshes at once when the token is expired or the clock is odd', () => {
    expect(refreshDelayMs(NOW - 1, NOW)).toBe(0);
    expect(refreshDelayMs(NOW, NOW)).toBe(0);
    expect(refreshDelayMs(Number.NaN, NOW)).toBe(0);
  });

  it('never refreshes a short-lived token in a tight loop: at most half its remaining life early', () => {
    // 60 s left: refresh after 30 s, not immediately (the lead would exceed the life).
    expect(refreshDelayMs(NOW + 60_000, NOW)).toBe(30_000);
    // 400 s left: a 300 s lead would leave 100 s; half the life (200 s) is used instead.
    expect(refreshDelayMs(NOW + 400_000, NOW)).toBe(200_000);
    expect(refreshDelayMs(NOW + 1_000, NOW, 0)).toBe(1_000);
  });

  it('caps the delay at what setTimeout can hold', () => {
    expect(refreshDelayMs(NOW + 100 * 86_400_000, NOW)).toBe(MAX_TIMER_MS);
  });

  it('treats a token within the skew of its end as needing renewal before use', () => {
    expect(EXPIRY_SKEW_MS).toBe(30_000);
    expect(needsRefresh(NOW + 3_600_000, NOW)).toBe(false);
    expect(needsRefresh(NOW + 30_001, NOW)).toBe(false);
    expect(needsRefresh(NOW + 30_000, NOW)).toBe(true);
    expect(needsRefresh(NOW - 1, NOW)).toBe(true);
    expect(needsRefresh(Number.NaN, NOW)).toBe(true);
  });
});
