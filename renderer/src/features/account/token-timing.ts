/**
 * When to renew the access token. Pure; unit-tested in test/renderer/account-token-timing.test.ts.
 *
 * Access tokens live 3600 s (document 1, Limits). The engine advises a refresh when fewer than
 * 300 s are left (docs/api/auth.md, session/validate and token-health), so the studio renews at
 * that point on a timer, and also on demand before a request when the token is within
 * EXPIRY_SKEW_MS of its end (a sleeping laptop misses timers). A 401 `token_expired` that still
 * slips through is renewed and retried once by the AccountClient.
 */

/** Renew this long before the access token expires (the engine's own advice). */
export const REFRESH_LEAD_MS = 300_000;
/** Treat a token this close to its end as already expired before sending it. */
export const EXPIRY_SKEW_MS = 30_000;
/** After a refresh failed for a reason other than a refused refresh token, try again in. */
export const REFRESH_RETRY_MS = 30_000;
/** setTimeout fires at once for delays above 2^31 − 1 ms, so longer waits are capped. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Absolute expiry (ms since the epoch) from a token response's `expires_in` seconds. */
export function expiresAtFrom(expiresInSeconds: number, nowMs: number): number {
  const seconds = Number.isFinite(expiresInSeconds) && expiresInSeconds > 0 ? expiresInSeconds : 0;
  return nowMs + seconds * 1000;
}

/**
 * Milliseconds until the scheduled refresh: `leadMs` before expiry, at once (0) when that moment
 * has passed, never more than MAX_TIMER_MS. A lead longer than half the token's remaining life
 * is shortened to half of it, so a short-lived token is not refreshed in a tight loop.
 */
export function refreshDelayMs(
  expiresAtMs: number,
  nowMs: number,
  leadMs: number = REFRESH_LEAD_MS,
): number {
  const left = expiresAtMs - nowMs;
  if (!Number.isFinite(left) || left <= 0) return 0;
  const lead = Math.min(leadMs, left / 2);
  return Math.min(MAX_TIMER_MS, Math.max(0, Math.floor(left - lead)));
}

/** True when a token should be renewed before it is sent. */
export function needsRefresh(
  expiresAtMs: number,
  nowMs: number,
  skewMs: number = EXPIRY_SKEW_MS,
): boolean {
  return !Number.isFinite(expiresAtMs) || nowMs >= expiresAtMs - skewMs;
}
