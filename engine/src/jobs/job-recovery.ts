/**
 * Crash recovery, run before the engine listens. A job the last process left `running` (it was
 * killed, or shut down mid-job) is re-queued when its handler is idempotent, or failed with its
 * held credits refunded. Nothing stays `running` without a process working on it.
 */
import type { JobRegistry } from './job-registry.ts';
import type { JobEvents } from './job-events.ts';
import { nowIso, toView, type JobRepo } from './job-repo.ts';
import { creditsStateAfter } from './job-credits.ts';

export interface RecoveryReport {
  requeued: number[];
  failed: number[];
}

export function recoverInterruptedJobs(repo: JobRepo, registry: JobRegistry): RecoveryReport {
  const report: RecoveryReport = { requeued: [], failed: [] };
  for (const row of repo.byStatus(['running'])) {
    const handler = registry.has(row.type) ? registry.get(row.type) : null;
    if (handler?.idempotent && !row.cancelRequested) {
      const requeued = repo.transition(row.id, 'queued', {
        progress: 0,
        stage: 'resuming after restart',
        etaSeconds: null,
      });
      if (requeued) report.requeued.push(row.id);
      continue;
    }
    const to = row.cancelRequested ? 'cancelled' : 'failed';
    const failed = repo.transition(row.id, to, (current) => ({
      finishedAt: nowIso(),
      etaSeconds: null,
      errorMessage:
        to === 'failed'
          ? 'The engine stopped while this job was running; held credits were refunded.'
          : null,
      failureReason: to === 'failed' ? 'engine_restart' : null,
      creditsState: creditsStateAfter(current, to),
    }));
    if (failed) report.failed.push(row.id);
  }
  return report;
}

/**
 * Emits job.failed / job.cancelled for the jobs recovery ended, through the one event source
 * (jobs/job-events.ts), so webhooks hear about them like any other job's end.
 */
export function announceRecovered(report: RecoveryReport, repo: JobRepo, events: JobEvents): void {
  for (const id of report.failed) {
    const row = repo.get(id);
    if (!row || (row.status !== 'failed' && row.status !== 'cancelled')) continue;
    events.emit({
      event: row.status === 'failed' ? 'job.failed' : 'job.cancelled',
      ownerId: row.ownerId,
      job: toView(row),
    });
  }
}
