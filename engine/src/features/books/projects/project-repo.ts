/** SQL for audiobook projects and the totals computed over their chapters and paragraphs. */
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  audiobookChapters,
  audiobookParagraphs,
  audiobookProjects,
  type ProjectRow,
} from '../../../db/schema/audiobook.ts';

export interface ProjectTotals {
  chapters: number;
  /** Paragraphs, skip_narration ones included. */
  paragraphs: number;
  /** Words and characters of paragraphs that will be narrated (neither they nor their chapter skipped). */
  words: number;
  characters: number;
  /** Narrated seconds so far. */
  narratedSeconds: number;
}

const EMPTY_TOTALS: ProjectTotals = {
  chapters: 0,
  paragraphs: 0,
  words: 0,
  characters: 0,
  narratedSeconds: 0,
};

export function nowIso(): string {
  return new Date().toISOString();
}

/** `%` and `_` in a user's filter are literal characters, not wildcards. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export class ProjectRepo {
  constructor(private readonly db: Db) {}

  insert(values: typeof audiobookProjects.$inferInsert): ProjectRow {
    return this.db.insert(audiobookProjects).values(values).returning().get();
  }

  get(id: string): ProjectRow | undefined {
    return this.db.select().from(audiobookProjects).where(eq(audiobookProjects.id, id)).get();
  }

  /** The owner's project, or undefined (another owner's project is as missing as none). */
  owned(ownerId: string, id: string): ProjectRow | undefined {
    return this.db
      .select()
      .from(audiobookProjects)
      .where(and(eq(audiobookProjects.id, id), eq(audiobookProjects.ownerId, ownerId)))
      .get();
  }

  update(
    id: string,
    patch: Partial<typeof audiobookProjects.$inferInsert>,
  ): ProjectRow | undefined {
    return this.db
      .update(audiobookProjects)
      .set({ ...patch, updatedAt: nowIso() })
      .where(eq(audiobookProjects.id, id))
      .returning()
      .get();
  }

  delete(id: string): void {
    this.db.delete(audiobookProjects).where(eq(audiobookProjects.id, id)).run();
  }

  /** Newest-changed first; `search` matches title or author, case-insensitively. */
  list(
    ownerId: string,
    filter: { search?: string | undefined; status?: string | undefined },
    limit: number,
    offset: number,
  ): { rows: ProjectRow[]; total: number } {
    const conditions: SQL[] = [eq(audiobookProjects.ownerId, ownerId)];
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
      const matches = or(
        sql`lower(${audiobookProjects.title}) like ${pattern} escape '\\'`,
        sql`lower(${audiobookProjects.author}) like ${pattern} escape '\\'`,
      );
      if (matches) conditions.push(matches);
    }
    if (filter.status) conditions.push(eq(audiobookProjects.status, filter.status as never));
    const where = and(...conditions);
    const rows = this.db
      .select()
      .from(audiobookProjects)
      .where(where)
      .orderBy(desc(audiobookProjects.updatedAt), desc(audiobookProjects.createdAt))
      .limit(limit)
      .offset(offset)
      .all();
    const total = this.db.select({ n: count() }).from(audiobookProjects).where(where).get()?.n ?? 0;
    return { rows, total };
  }

  allFor(ownerId: string): ProjectRow[] {
    return this.db
      .select()
      .from(audiobookProjects)
      .where(eq(audiobookProjects.ownerId, ownerId))
      .orderBy(desc(audiobookProjects.updatedAt))
      .all();
  }

  /** Totals per project, for a page of projects in two grouped queries. */
  totals(projectIds: string[]): Map<string, ProjectTotals> {
    const out = new Map<string, ProjectTotals>();
    if (projectIds.length === 0) return out;
    for (const id of projectIds) out.set(id, { ...EMPTY_TOTALS });
    const chapters = this.db
      .select({ projectId: audiobookChapters.projectId, n: count() })
      .from(audiobookChapters)
      .where(inArray(audiobookChapters.projectId, projectIds))
      .groupBy(audiobookChapters.projectId)
      .all();
    for (const row of chapters) {
      const totals = out.get(row.projectId);
      if (totals) totals.chapters = row.n;
    }
    const narrated = sql<number>`(${audiobookParagraphs.skipNarration} = 0 and ${audiobookChapters.skipNarration} = 0)`;
    const paragraphs = this.db
      .select({
        projectId: audiobookParagraphs.projectId,
        n: count(),
        words: sql<number>`coalesce(sum(case when ${narrated} then ${audiobookParagraphs.wordCount} else 0 end), 0)`,
        characters: sql<number>`coalesce(sum(case when ${narrated} then ${audiobookParagraphs.characterCount} else 0 end), 0)`,
        seconds: sql<number>`coalesce(sum(${audiobookParagraphs.durationSeconds}), 0)`,
      })
      .from(audiobookParagraphs)
      .innerJoin(audiobookChapters, eq(audiobookChapters.id, audiobookParagraphs.chapterId))
      .where(inArray(audiobookParagraphs.projectId, projectIds))
      .groupBy(audiobookParagraphs.projectId)
      .all();
    for (const row of paragraphs) {
      const totals = out.get(row.projectId);
      if (!totals) continue;
      totals.paragraphs = row.n;
      totals.words = Number(row.words);
      totals.characters = Number(row.characters);
      totals.narratedSeconds = Number(row.seconds);
    }
    return out;
  }

  /** Words and characters still to narrate: live paragraphs whose status is not completed. */
  remaining(projectId: string): { words: number; characters: number } {
    const row = this.db
      .select({
        words: sql<number>`coalesce(sum(${audiobookParagraphs.wordCount}), 0)`,
        characters: sql<number>`coalesce(sum(${audiobookParagraphs.characterCount}), 0)`,
      })
      .from(audiobookParagraphs)
      .innerJoin(audiobookChapters, eq(audiobookChapters.id, audiobookParagraphs.chapterId))
      .where(
        and(
          eq(audiobookParagraphs.projectId, projectId),
          eq(audiobookParagraphs.skipNarration, false),
          eq(audiobookChapters.skipNarration, false),
          sql`${audiobookParagraphs.status} <> 'completed'`,
        ),
      )
      .get();
    return { words: Number(row?.words ?? 0), characters: Number(row?.characters ?? 0) };
  }

  totalsOf(projectId: string): ProjectTotals {
    return this.totals([projectId]).get(projectId) ?? { ...EMPTY_TOTALS };
  }
}
