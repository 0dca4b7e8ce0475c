/**
 * Waiting for a job's end inside a request (routes that answer synchronously but run their work
 * as a job, so it is priced, refunded on failure, off the HTTP thread and visible in the jobs
 * panel). A client that leaves cancels the job it will never read.
 */
import { AppError } from '../errors.ts';
import type { JobEvents } from './job-events.ts';
import type { JobRepo, JobRow } from './job-repo.ts';
import type { JobRunner } from './job-runner.ts';

export interface JobWaitDeps {
  jobs: Pick<JobRunner, 'cancel'>;
  jobRepo: Pick<JobRepo, 'get'>;
  jobEvents: Pick<JobEvents, 'subscribe'>;
}

export function waitForJob(deps: JobWaitDeps, id: number, signal: AbortSignal): Promise<JobRow> {
  return new Promise((resolve, reject) => {
    const finish = (): void => {
      const row = deps.jobRepo.get(id);
      if (row && ['completed', 'failed', 'cancelled'].includes(row.status)) {
        unsubscribe();
        signal.removeEventListener('abort', onAbort);
        resolve(row);
      }
    };
    const onAbort = (): void => {
      unsubscribe();
      deps.jobs.cancel(id);
      reject(new AppError('bad_request', 'The request was aborted by the client.'));
    };
    const unsubscribe = deps.jobEvents.subscribe((event) => {
      if (event.job.id === id) finish();
    });
    signal.addEventListener('abort', onAbort, { once: true });
    finish();
  });
}
