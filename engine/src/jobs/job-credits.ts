/**
 * What happens to a job's held credits when it ends. Computed inside the job's state-change
 * transaction (JobRepo.transition), so a job can never end with its reservation still held.
 *
 * The queue knows nothing of money: it announces the two moments that matter to whoever keeps
 * the ledger through the `JobCredits` hook it is given (billing subscribes in engine.ts, see
 * features/billing/job-billing.ts). JobRepo calls `reserve` inside the insert's transaction and
 * `end` inside every terminal transition's, whoever asked for it (runner, cancel, crash
 * recovery); the subscriber's statements run on the same SQLite connection, so they commit or
 * roll back with the job's.
 */
import type { JobRow } from '../db/schema/jobs.ts';
import type { JobQuote, JobStatus, JobUsage } from './job-types.ts';

type CreditsState = JobRow['creditsState'];

/**
 * A cancelled job that reported usage before it stopped (narration bills each paragraph it
 * finished, and keeps that audio) is settled on that usage; the rest of its hold is returned.
 */
export function chargesOnCancel(usage: JobUsage | null | undefined): boolean {
  return (usage?.credits ?? 0) > 0;
}

export function creditsStateAfter(
  current: JobRow,
  to: JobStatus,
  usage: JobUsage | null = null,
): CreditsState {
  if (current.creditsState !== 'held') return current.creditsState;
  if (to === 'completed') return 'settled';
  if (to === 'failed') return 'refunded';
  if (to === 'cancelled') return chargesOnCancel(usage) ? 'settled' : 'released';
  return 'held';
}

/** Called by JobRepo inside the job's own transaction. */
export interface JobCredits {
  /** Holds the quote for a just-inserted job; throws 402 insufficient_credits (rolling back). */
  reserve(job: JobRow, quote: JobQuote): void;
  /**
   * Settles (completed), refunds (failed) or releases (cancelled) the job's reservation; a
   * cancelled job that reported usage is settled on it (the rest returned).
   */
  end(job: JobRow, to: JobStatus, usage: JobUsage | null): void;
}
