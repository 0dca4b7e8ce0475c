/**
 * All SQL of the dubbing area's one table (db/schema/dubbing.ts). Kept in this one file so the
 * move to the asynchronous database API (PostgreSQL too) touches nothing else.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  speechTranslations,
  type DubbingStageRecord,
  type SpeechTranslationRow,
} from '../../db/schema/dubbing.ts';

export type { DubbingStageRecord, SpeechTranslationRow };

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export type NewTranslation = Omit<
  typeof speechTranslations.$inferInsert,
  'id' | 'stages' | 'attempts' | 'createdAt' | 'updatedAt' | 'completedAt'
>;

export class DubbingRepo {
  constructor(private readonly db: Db) {}

  /**
   * Inserts the translation before its first job exists (`job_id` 0): the job needs the id in
   * its input. The caller sets the job with `firstJob`, or deletes the row when the job cannot
   * be created (402); a crash in between leaves a row without a job, removed at the next start.
   */
  insert(values: Omit<NewTranslation, 'jobId'>): SpeechTranslationRow {
    return this.db
      .insert(speechTranslations)
      .values({ ...values, jobId: 0 })
      .returning()
      .get();
  }

  firstJob(id: number, jobId: number): SpeechTranslationRow | undefined {
    return this.db
      .update(speechTranslations)
      .set({ jobId })
      .where(eq(speechTranslations.id, id))
      .returning()
      .get();
  }

  /** Rows whose first job was never created (a crash between insert and firstJob). */
  withoutJob(): SpeechTranslationRow[] {
    return this.db.select().from(speechTranslations).where(eq(speechTranslations.jobId, 0)).all();
  }

  get(id: number): SpeechTranslationRow | undefined {
    return this.db.select().from(speechTranslations).where(eq(speechTranslations.id, id)).get();
  }

  owned(ownerId: string, id: number): SpeechTranslationRow | undefined {
    return this.db
      .select()
      .from(speechTranslations)
      .where(and(eq(speechTranslations.id, id), eq(speechTranslations.ownerId, ownerId)))
      .get();
  }

  byJob(jobId: number): SpeechTranslationRow | undefined {
    return this.db
      .select()
      .from(speechTranslations)
      .where(eq(speechTranslations.jobId, jobId))
      .get();
  }

  list(
    ownerId: string,
    skip: number,
    limit: number,
  ): { rows: SpeechTranslationRow[]; total: number } {
    const where = eq(speechTranslations.ownerId, ownerId);
    const rows = this.db
      .select()
      .from(speechTranslations)
      .where(where)
      .orderBy(desc(speechTranslations.id))
      .limit(limit)
      .offset(skip)
      .all();
    const total =
      this.db.select({ n: count() }).from(speechTranslations).where(where).get()?.n ?? 0;
    return { rows, total };
  }

  /** A new attempt (retry, line re-render) becomes the translation's current job. */
  attach(id: number, jobId: number): void {
    this.db
      .update(speechTranslations)
      .set({
        jobId,
        attempts: sql`${speechTranslations.attempts} + 1`,
        completedAt: null,
        updatedAt: now,
      })
      .where(eq(speechTranslations.id, id))
      .run();
  }

  setDetected(id: number, language: string): void {
    this.db
      .update(speechTranslations)
      .set({ detectedLanguage: language, updatedAt: now })
      .where(eq(speechTranslations.id, id))
      .run();
  }

  /** Replaces the record of finished stages (a stage done again replaces its entry). */
  setStages(id: number, stages: DubbingStageRecord[]): void {
    this.db
      .update(speechTranslations)
      .set({ stages, updatedAt: now })
      .where(eq(speechTranslations.id, id))
      .run();
  }

  completed(id: number, at: string): void {
    this.db
      .update(speechTranslations)
      .set({ completedAt: at, updatedAt: now })
      .where(eq(speechTranslations.id, id))
      .run();
  }

  delete(id: number): void {
    this.db.delete(speechTranslations).where(eq(speechTranslations.id, id)).run();
  }

  /** Every translation's id and folder owner, for sweeping folders left by a crash. */
  ids(): Set<number> {
    return new Set(
      this.db
        .select({ id: speechTranslations.id })
        .from(speechTranslations)
        .all()
        .map((r) => r.id),
    );
  }
}
