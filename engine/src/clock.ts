/**
 * Time as the engine's schedulers see it. The credits ledger (monthly and daily resets) and the
 * webhook scheduler (retry backoff) read `clock.now()` instead of `Date.now()`, so tests move
 * time forward by minutes or months without waiting; the engine uses the system clock.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to (tests). */
export class ManualClock implements Clock {
  constructor(private at: number = Date.now()) {}

  now(): number {
    return this.at;
  }

  set(at: number | string | Date): void {
    this.at = typeof at === 'number' ? at : new Date(at).getTime();
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
