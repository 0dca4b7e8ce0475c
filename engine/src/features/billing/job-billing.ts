/**
 * Billing's subscription to the job queue: the ledger rows behind a job's reservation. The queue
 * (jobs/job-repo.ts) calls these inside its own transactions, so a job and its money change
 * together or not at all; the queue itself imports nothing of billing.
 */
import { chargesOnCancel, type JobCredits } from '../../jobs/job-credits.ts';
import type { CreditLedger } from './ledger.ts';

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
