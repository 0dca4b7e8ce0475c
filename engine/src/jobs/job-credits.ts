/**
 * What happens to a job's held credits when it ends. Computed inside the job's state-change
 * transaction (JobRepo.transition), so a job can never end with its reservation still held.
 * The credits ledger feature writes the matching ledger rows through the same hook point.
 */
import type { JobRow } from '../db/schema/jobs.ts';
import type { JobStatus } from './job-types.ts';

type CreditsState = JobRow['creditsState'];

export function creditsStateAfter(current: JobRow, to: JobStatus): CreditsState {
  if (current.creditsState !== 'held') return current.creditsState;
  if (to === 'completed') return 'settled';
  if (to === 'failed') return 'refunded';
  if (to === 'cancelled') return 'released';
  return 'held';
}
