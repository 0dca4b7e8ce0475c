/**
 * The MIDI routes' reads of the jobs table: the caller's MIDI jobs newest first, leaving out
 * deleted ones, and the one write the jobs repository has no method for, marking a finished
 * job deleted (its result keeps only `deleted_at`) once DELETE purged its outputs. The job row
 * itself stays: the credits ledger's history refers to it.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { jobs, type JobRow } from '../../../db/schema/jobs.ts';
import type { Services } from '../../../services.ts';
import { MIDI_JOB_TYPE } from './midi-job.ts';

const notDeleted = sql`json_extract(${jobs.result}, '$.deleted_at') IS NULL`;

export function isDeleted(row: JobRow): boolean {
  const result = row.result as { deleted_at?: unknown } | null;
  return typeof result?.deleted_at === 'string';
}

export function listMidiJobs(
  services: Services,
  ownerId: string,
  skip: number,
  limit: number,
): { rows: JobRow[]; total: number } {
  const where = and(eq(jobs.ownerId, ownerId), eq(jobs.type, MIDI_JOB_TYPE), notDeleted);
  const db = services.database.db;
  const rows = db
    .select()
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.id))
    .limit(limit)
    .offset(skip)
    .all();
  const total = db.select({ n: count() }).from(jobs).where(where).get()?.n ?? 0;
  return { rows, total };
}

export function markDeleted(services: Services, id: number, at: string): void {
  services.database.db
    .update(jobs)
    .set({ result: { deleted_at: at }, updatedAt: at })
    .where(eq(jobs.id, id))
    .run();
}
