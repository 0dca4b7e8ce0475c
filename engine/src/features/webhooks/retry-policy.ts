/**
 * Document 1, Delivery rules 4 and "Limits": exponential backoff starting at 1 minute and
 * doubling (1, 2, 4, 8 ... minutes), capped at 1 hour, at most 5 attempts; after the 5th failed
 * attempt the delivery is dead-lettered (and may be replayed with redeliver).
 */
export const MAX_ATTEMPTS = 5;
export const FIRST_RETRY_MS = 60_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
/** Delivery rules 3: a receiver must answer 2xx within 10 seconds. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * After `failedAttempts` failures in the current round: how long until the next attempt, or
 * null when the delivery is dead-lettered.
 */
export function retryDelayMs(failedAttempts: number): number | null {
  if (failedAttempts >= MAX_ATTEMPTS) return null;
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_BACKOFF_MS);
}
