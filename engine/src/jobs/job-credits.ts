/**
 * What happens to a job's held credits when it ends. Computed inside the job's state-change
 * transaction (JobRepo.transition), so a job can never end with its reservation still held.
 * The credits ledger writes the matching ledger rows through the same hook point: JobRepo calls
 * `JobCredits.reserve` inside the insert's transaction and `JobCredits.end` inside every
 * terminal transition's, whoever asked for it (runner, cancel, crash recovery). The ledger's
 * statements run on the same SQLite connection, so they commit or roll back with the job's.
 */
import type { Db } from '../db/client.ts';
import type { JobRow } from '../db/schema/jobs.ts';
import { CreditLedger } from '../features/billing/ledger.ts';
import type { JobQuote, JobStatus, JobUsage } from './job-types.ts';

type CreditsState = JobRow['creditsState'];

/**
 * A cancelled job that reported usage before it stopped (narration bills each paragraph it
 * finished, and keeps that audio) is settled on that usage; the rest of its hold is returned.
 */
function chargesOnCancel(usage: JobUsage | null | undefined): boolean {
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

export function ledgerJobCredits(ledger: CreditLedger): JobCredits {
  return {
    reserve(job, quote) {
      ledger.reserve(job.ownerId, {
        amount: quote.credits,
        serviceType: quote.serviceType,
        jobId: job.id,
        audioDuration: quote.audioDuration ?? null,
        metadata: { job_id: job.id, job_type: job.type, ...(quote.metadata ?? {}) },
      });
    },
    end(job, to, usage) {
      const reservation = ledger.reservationForJob(job.id);
      if (!reservation || reservation.state !== 'held') return;
      if (to === 'completed') ledger.settle(reservation.id, usage ?? {});
      else if (to === 'failed') ledger.refund(reservation.id);
      else if (to === 'cancelled' && usage && chargesOnCancel(usage))
        ledger.settle(reservation.id, usage);
      else if (to === 'cancelled') ledger.release(reservation.id);
    },
  };
}

/** A JobRepo built without a ledger still settles through one on the same database. */
export function defaultJobCredits(db: Db): JobCredits {
  return ledgerJobCredits(new CreditLedger(db));
}
