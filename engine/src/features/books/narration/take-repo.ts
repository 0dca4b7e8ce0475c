/**
 * Takes in SQLite (db/schema/narration.ts): every narration of a paragraph, kept.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { narrationTakes, type TakeRow } from '../../../db/schema/narration.ts';

/** A take to insert; `id` may be chosen by the caller (its audio file is named after it). */
export type NewTake = Omit<typeof narrationTakes.$inferInsert, 'createdAt' | 'takeNumber'>;

export class TakeRepo {
  constructor(private readonly db: Db) {}

  /** Takes narrated per voice (the voice library's usage_stats.total_generations). */
  generationsByVoice(): Map<number, number> {
    const rows = this.db
      .select({ voiceId: narrationTakes.voiceId, n: count() })
      .from(narrationTakes)
      .groupBy(narrationTakes.voiceId)
      .all();
    return new Map(rows.map((r) => [r.voiceId, r.n]));
  }

  /** Inserts with the next take number of its paragraph (numbers never reused). */
  insert(values: NewTake): TakeRow {
    return this.db.transaction((tx) => {
      const last = tx
        .select({ n: sql<number>`coalesce(max(${narrationTakes.takeNumber}), 0)` })
        .from(narrationTakes)
        .where(eq(narrationTakes.paragraphId, values.paragraphId))
        .get();
      return tx
        .insert(narrationTakes)
        .values({ ...values, id: values.id ?? randomUUID(), takeNumber: (last?.n ?? 0) + 1 })
        .returning()
        .get();
    });
  }

  list(paragraphId: string): TakeRow[] {
    return this.db
      .select()
      .from(narrationTakes)
      .where(eq(narrationTakes.paragraphId, paragraphId))
      .orderBy(asc(narrationTakes.takeNumber))
      .all();
  }

  get(paragraphId: string, takeId: string): TakeRow | undefined {
    return this.db
      .select()
      .from(narrationTakes)
      .where(and(eq(narrationTakes.paragraphId, paragraphId), eq(narrationTakes.id, takeId)))
      .get();
  }

  /** Takes by id (a book's active takes), in chunks under SQLite's variable limit. */
  byIds(ids: readonly string[]): TakeRow[] {
    const out: TakeRow[] = [];
    for (let i = 0; i < ids.length; i += 500)
      out.push(
        ...this.db
          .select()
          .from(narrationTakes)
          .where(inArray(narrationTakes.id, ids.slice(i, i + 500)))
          .all(),
      );
    return out;
  }

  byId(takeId: string): TakeRow | undefined {
    return this.db.select().from(narrationTakes).where(eq(narrationTakes.id, takeId)).get();
  }

  /** Takes a job made (a resumed job skips paragraphs it already narrated). */
  ofJob(jobId: number): TakeRow[] {
    return this.db
      .select()
      .from(narrationTakes)
      .where(eq(narrationTakes.jobId, jobId))
      .orderBy(desc(narrationTakes.createdAt))
      .all();
  }
}
