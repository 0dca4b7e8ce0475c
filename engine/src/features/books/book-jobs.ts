/**
 * The book job types, and which job runs for which book ("is a detection running for this
 * book?").
 */
import type { JobRepo, JobRow } from '../../jobs/job-repo.ts';

export const JOB_TYPES = {
  parse: 'audiobook_parse',
  castDetection: 'audiobook_cast_detection',
  screenplay: 'audiobook_screenplay_annotation',
  retryFailed: 'audiobook_retry_failed',
  /** Built by the narration and export issues; looked up here for rule 11's 409s. */
  narration: 'audiobook_narration',
  export: 'audiobook_export',
  direction: 'audiobook_auto_direction',
  autoCast: 'audiobook_auto_cast',
} as const;

/**
 * A book's jobs, read through the jobs repository (which owns every query on the jobs table):
 * every book job carries `project_id` in its input.
 */
export class BookJobs {
  constructor(private readonly jobs: JobRepo) {}

  /** Queued or running jobs of `types` for a project. */
  active(projectId: string, types: string[]): JobRow[] {
    return this.jobs.activeFor('project_id', projectId, types);
  }

  /** One job of `type` for a project (another project's or owner's job is undefined). */
  find(ownerId: string, projectId: string, type: string, jobId: number): JobRow | undefined {
    return this.jobs.findFor(ownerId, 'project_id', projectId, type, jobId);
  }

  latest(projectId: string, type: string): JobRow | undefined {
    return this.jobs.latestFor('project_id', projectId, type);
  }
}
