/** SQL for a book's pronunciation dictionary, production settings and uploaded media. */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  audiobookMedia,
  audiobookProductionSettings,
  audiobookPronunciations,
  type MediaRow,
  type ProductionSettingsRow,
  type PronunciationRow,
} from '../../../db/schema/audiobook.ts';
import { nowIso } from '../projects/project-repo.ts';

export class ProductionRepo {
  constructor(private readonly db: Db) {}

  pronunciations(projectId: string): PronunciationRow[] {
    return this.db
      .select()
      .from(audiobookPronunciations)
      .where(eq(audiobookPronunciations.projectId, projectId))
      .orderBy(asc(audiobookPronunciations.grapheme))
      .all();
  }

  countPronunciations(projectId: string): number {
    return (
      this.db
        .select({ n: count() })
        .from(audiobookPronunciations)
        .where(eq(audiobookPronunciations.projectId, projectId))
        .get()?.n ?? 0
    );
  }

  pronunciation(projectId: string, id: string): PronunciationRow | undefined {
    return this.db
      .select()
      .from(audiobookPronunciations)
      .where(
        and(eq(audiobookPronunciations.id, id), eq(audiobookPronunciations.projectId, projectId)),
      )
      .get();
  }

  pronunciationByGrapheme(projectId: string, grapheme: string): PronunciationRow | undefined {
    return this.db
      .select()
      .from(audiobookPronunciations)
      .where(
        and(
          eq(audiobookPronunciations.projectId, projectId),
          eq(audiobookPronunciations.grapheme, grapheme),
        ),
      )
      .get();
  }

  insertPronunciation(values: typeof audiobookPronunciations.$inferInsert): PronunciationRow {
    return this.db.insert(audiobookPronunciations).values(values).returning().get();
  }

  updatePronunciation(
    id: string,
    patch: Partial<typeof audiobookPronunciations.$inferInsert>,
  ): PronunciationRow | undefined {
    return this.db
      .update(audiobookPronunciations)
      .set({ ...patch, updatedAt: nowIso() })
      .where(eq(audiobookPronunciations.id, id))
      .returning()
      .get();
  }

  deletePronunciation(id: string): void {
    this.db.delete(audiobookPronunciations).where(eq(audiobookPronunciations.id, id)).run();
  }

  settings(projectId: string): ProductionSettingsRow {
    const row = this.db
      .select()
      .from(audiobookProductionSettings)
      .where(eq(audiobookProductionSettings.projectId, projectId))
      .get();
    if (row) return row;
    return (
      this.db
        .insert(audiobookProductionSettings)
        .values({ projectId, updatedAt: nowIso() })
        .onConflictDoNothing()
        .returning()
        .get() ?? this.settings(projectId)
    );
  }

  updateSettings(
    projectId: string,
    patch: Partial<typeof audiobookProductionSettings.$inferInsert>,
  ): ProductionSettingsRow {
    this.settings(projectId);
    return (
      this.db
        .update(audiobookProductionSettings)
        .set({ ...patch, updatedAt: nowIso() })
        .where(eq(audiobookProductionSettings.projectId, projectId))
        .returning()
        .get() ?? this.settings(projectId)
    );
  }

  insertMedia(values: typeof audiobookMedia.$inferInsert): MediaRow {
    return this.db.insert(audiobookMedia).values(values).returning().get();
  }

  media(projectId: string, id: string): MediaRow | undefined {
    return this.db
      .select()
      .from(audiobookMedia)
      .where(and(eq(audiobookMedia.id, id), eq(audiobookMedia.projectId, projectId)))
      .get();
  }

  mediaList(projectId: string): MediaRow[] {
    return this.db
      .select()
      .from(audiobookMedia)
      .where(eq(audiobookMedia.projectId, projectId))
      .orderBy(asc(audiobookMedia.createdAt))
      .all();
  }
}
