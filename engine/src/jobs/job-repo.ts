/**
 * All SQL for jobs. State changes go through `transition`, which checks the state machine inside
 * the same transaction as the write, so two racing writers can never both win.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, type JobRow } from '../db/schema/jobs.ts';

export type { JobRow };
import { AppError } from '../errors.ts';
import { creditsStateAfter, type JobCredits } from './job-credits.ts';
import {
  canTransition,
  TERMINAL_STATUSES,
  type JobQuote,
  type JobResource,
  type JobStatus,
  type JobUsage,
  type JobView,
} from './job-types.ts';

export function nowIso(): string {
  return new Date().toISOString();
}

export function toView(row: JobRow): JobView {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    progress: Math.round(row.progress * 10) / 10,
    stage: row.stage,
    eta_seconds: row.etaSeconds === null ? null : Math.round(row.etaSeconds),
    created_at: row.createdAt,
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    error_message: row.errorMessage,
    failure_reason: row.failureReason,
    attempts: row.attempts,
    input: row.input,
    result: row.result ?? null,
  };
}

/** Columns to write with a transition; a function sees the row as it is inside the transaction. */
export type JobPatch =
  Partial<typeof jobs.$inferInsert> | ((current: JobRow) => Partial<typeof jobs.$inferInsert>);

export interface ListJobsFilter {
  ownerId: string;
  status?: JobStatus;
  type?: string;
  /** Any of these types (with or instead of `type`). */
  types?: string[];
  /** Jobs whose input names this value in this field (e.g. a project id). */
  input?: { field: string; value: string };
  /** Leave out jobs whose outputs were deleted (`markResultDeleted`). */
  excludeDeleted?: boolean;
  /** Only jobs whose input has these string values (e.g. a download's `platform`). */
  inputEquals?: Record<string, string>;
  limit: number;
  offset: number;
}

const ACTIVE: JobStatus[] = ['queued', 'running'];

/** Jobs that name `resourceId` as the given input field (e.g. a book's `project_id`). */
function inputIs(field: string, value: string): SQL {
  return sql`json_extract(${jobs.input}, ${`$.${field}`}) = ${value}`;
}

const NOT_DELETED = sql`json_extract(${jobs.result}, '$.deleted_at') IS NULL`;

/** A finished job whose outputs were purged keeps only `{deleted_at}` as its result. */
export function isResultDeleted(row: JobRow): boolean {
  const result = row.result as { deleted_at?: unknown } | null;
  return typeof result?.deleted_at === 'string';
}

export class JobRepo {
  private credits: JobCredits | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Whoever keeps the money subscribes here (billing, in engine.ts): its hook runs inside the
   * insert's and every terminal transition's transaction. One subscriber: a second would mean
   * two ledgers for one job.
   */
  subscribeCredits(hook: JobCredits): void {
    if (this.credits !== null) throw new Error('JobRepo already has a credits subscriber.');
    this.credits = hook;
  }

  /**
   * Inserts a queued job and, with a quote, holds its credits in the same transaction: when the
   * reservation cannot be made (402 insufficient_credits) nothing is created.
   */
  insert(
    values: { type: string; ownerId: string; resource: JobResource; input: unknown },
    quote: JobQuote | null = null,
  ): JobRow {
    return this.db.transaction((tx) => {
      const row = tx
        .insert(jobs)
        .values({ ...values, status: 'queued', input: values.input ?? {} })
        .returning()
        .get();
      if (quote === null || quote.credits <= 0) return row;
      if (this.credits === null)
        throw new AppError(
          'internal_error',
          `Job type ${values.type} is priced but no ledger holds credits.`,
        );
      this.credits.reserve(row, quote);
      return (
        tx
          .update(jobs)
          .set({ creditsReserved: quote.credits, creditsState: 'held' })
          .where(eq(jobs.id, row.id))
          .returning()
          .get() ?? row
      );
    });
  }

  get(id: number): JobRow | undefined {
    return this.db.select().from(jobs).where(eq(jobs.id, id)).get();
  }

  list(filter: ListJobsFilter): { rows: JobRow[]; total: number } {
    const conditions: SQL[] = [eq(jobs.ownerId, filter.ownerId)];
    if (filter.status) conditions.push(eq(jobs.status, filter.status));
    if (filter.type) conditions.push(eq(jobs.type, filter.type));
    if (filter.types) conditions.push(inArray(jobs.type, filter.types));
    if (filter.input) conditions.push(inputIs(filter.input.field, filter.input.value));
    if (filter.excludeDeleted) conditions.push(NOT_DELETED);
    for (const [field, value] of Object.entries(filter.inputEquals ?? {}))
      conditions.push(inputIs(field, value));
    const where = and(...conditions);
    const rows = this.db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.id))
      .limit(filter.limit)
      .offset(filter.offset)
      .all();
    const total = this.db.select({ n: count() }).from(jobs).where(where).get()?.n ?? 0;
    return { rows, total };
  }

  /** Queued or running jobs of `types` whose input names `value` as `field`. */
  activeFor(field: string, value: string, types: string[]): JobRow[] {
    return this.db
      .select()
      .from(jobs)
      .where(and(inArray(jobs.type, types), inArray(jobs.status, ACTIVE), inputIs(field, value)))
      .all();
  }

  /** The owner's job `id` of `type` whose input names `value` as `field`; else undefined. */
  findFor(
    ownerId: string,
    field: string,
    value: string,
    type: string,
    id: number,
  ): JobRow | undefined {
    return this.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.id, id), eq(jobs.type, type), eq(jobs.ownerId, ownerId), inputIs(field, value)),
      )
      .get();
  }

  /** The newest job of `type` whose input names `value` as `field`. */
  latestFor(field: string, value: string, type: string): JobRow | undefined {
    return this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, type), inputIs(field, value)))
      .orderBy(desc(jobs.id))
      .get();
  }

  /**
   * Marks a finished job's outputs deleted: its result keeps only `deleted_at`. The row itself
   * stays, because the credits ledger's history refers to it.
   */
  markResultDeleted(id: number, at: string): void {
    this.db
      .update(jobs)
      .set({ result: { deleted_at: at }, updatedAt: at })
      .where(eq(jobs.id, id))
      .run();
  }

  byStatus(statuses: JobStatus[]): JobRow[] {
    return this.db.select().from(jobs).where(inArray(jobs.status, statuses)).orderBy(jobs.id).all();
  }

  counts(): Record<JobStatus, number> {
    const result: Record<JobStatus, number> = {
      queued: 0,
      running: 0,
      completed: 0,
      failed: 0,
      cancelled: 0,
    };
    const rows = this.db
      .select({ status: jobs.status, n: count() })
      .from(jobs)
      .groupBy(jobs.status)
      .all();
    for (const row of rows) result[row.status] = row.n;
    return result;
  }

  /**
   * Moves a job to `to` if the state machine allows it from its current state; returns the new
   * row, or null when the job is already elsewhere (e.g. cancelled while finishing).
   */
  transition(
    id: number,
    to: JobStatus,
    patch: JobPatch = {},
    options: { usage?: JobUsage | null } = {},
  ): JobRow | null {
    return this.db.transaction((tx) => {
      const current = tx.select().from(jobs).where(eq(jobs.id, id)).get();
      if (!current) throw new AppError('not_found', `Job ${id} not found.`);
      if (!canTransition(current.status, to)) return null;
      const values = typeof patch === 'function' ? patch(current) : patch;
      // The job's held credits end with it, in this transaction, whoever asked for the change.
      const ending = TERMINAL_STATUSES.has(to) && current.creditsState === 'held';
      if (ending) this.credits?.end(current, to, options.usage ?? null);
      return (
        tx
          .update(jobs)
          .set({
            ...values,
            ...(ending && { creditsState: creditsStateAfter(current, to, options.usage) }),
            status: to,
            updatedAt: nowIso(),
          })
          .where(eq(jobs.id, id))
          .returning()
          .get() ?? null
      );
    });
  }

  updateProgress(
    id: number,
    progress: number,
    stage: string | null,
    etaSeconds: number | null,
  ): JobRow | undefined {
    return this.db
      .update(jobs)
      .set({ progress, stage, etaSeconds, updatedAt: nowIso() })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
      .returning()
      .get();
  }

  /** The stage of a job still queued (what it waits for); undefined once it has moved on. */
  setQueuedStage(id: number, stage: string): JobRow | undefined {
    return this.db
      .update(jobs)
      .set({ stage, updatedAt: nowIso() })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
      .returning()
      .get();
  }

  markCancelRequested(id: number): void {
    this.db
      .update(jobs)
      .set({ cancelRequested: true, updatedAt: nowIso() })
      .where(eq(jobs.id, id))
      .run();
  }
}
