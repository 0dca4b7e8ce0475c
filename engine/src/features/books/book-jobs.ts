/**
 * The audiobook job types and the queries over a book's jobs (which job runs for which project).
 * Every audiobook job carries `project_id` in its input, so "is a detection running for this
 * book?" is one indexed-by-type query on the jobs table.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs, type JobRow } from '../../db/schema/jobs.ts';

export const JOB_TYPES = {
  parse: 'audiobook_parse',
  castDetection: 'audiobook_cast_detection',
  screenplay: 'audiobook_screenplay_annotation',
  retryFailed: 'audiobook_retry_failed',
  /** Built by the narration and export issues; looked up here for rule 11's 409s. */
  narration: 'audiobook_narration',
  export: 'audiobook_export',
} as const;

const ACTIVE = ['queued', 'running'] as const;

export class BookJobs {
  constructor(private readonly db: Db) {}

  /** Queued or running jobs of `types` for a project. */
  active(projectId: string, types: string[]): JobRow[] {
    return this.db
      .select()
      .from(jobs)
      .where(
        and(
          inArray(jobs.type, types),
          inArray(jobs.status, [...ACTIVE]),
          sql`json_extract(${jobs.input}, '$.project_id') = ${projectId}`,
        ),
      )
      .all();
  }

  /** One job of `type` for a project (another project's or owner's job is undefined). */
  find(ownerId: string, projectId: string, type: string, jobId: number): JobRow | undefined {
    return this.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.id, jobId),
          eq(jobs.type, type),
          eq(jobs.ownerId, ownerId),
          sql`json_extract(${jobs.input}, '$.project_id') = ${projectId}`,
        ),
      )
      .get();
  }

  latest(projectId: string, type: string): JobRow | undefined {
    return this.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.type, type), sql`json_extract(${jobs.input}, '$.project_id') = ${projectId}`),
      )
      .orderBy(desc(jobs.id))
      .get();
  }
}
