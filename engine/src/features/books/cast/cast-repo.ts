/** SQL for the cast: one row per speaker name of a book, keyed case-insensitively. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { audiobookCast, type CastRow } from '../../../db/schema/audiobook.ts';
import { nameKey } from '../../../libraries/speaker-attribution/index.ts';
import { nowIso } from '../projects/project-repo.ts';

/** Names are one speaker whatever their case ("ALICE", "Alice"): the cast library's key. */
export { nameKey };

export class CastRepo {
  constructor(private readonly db: Db) {}

  list(projectId: string): CastRow[] {
    return this.db
      .select()
      .from(audiobookCast)
      .where(eq(audiobookCast.projectId, projectId))
      .orderBy(asc(audiobookCast.createdAt), asc(audiobookCast.nameKey))
      .all();
  }

  get(projectId: string, name: string): CastRow | undefined {
    return this.db
      .select()
      .from(audiobookCast)
      .where(and(eq(audiobookCast.projectId, projectId), eq(audiobookCast.nameKey, nameKey(name))))
      .get();
  }

  /** The row for `name`, created (without a voice) when missing. */
  ensure(projectId: string, name: string): CastRow {
    const existing = this.get(projectId, name);
    if (existing) return existing;
    const at = nowIso();
    return this.db
      .insert(audiobookCast)
      .values({
        id: randomUUID(),
        projectId,
        name: name.trim().replace(/\s+/g, ' '),
        nameKey: nameKey(name),
        createdAt: at,
        updatedAt: at,
      })
      .returning()
      .get();
  }

  update(id: string, patch: Partial<typeof audiobookCast.$inferInsert>): CastRow | undefined {
    return this.db
      .update(audiobookCast)
      .set({ ...patch, updatedAt: nowIso() })
      .where(eq(audiobookCast.id, id))
      .returning()
      .get();
  }
}
