/** SQL for chapters and paragraphs (db/schema/audiobook.ts). */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  audiobookChapters,
  audiobookParagraphs,
  type ChapterKind,
  type ChapterRow,
  type ParagraphRow,
} from '../../../db/schema/audiobook.ts';
import { nowIso } from '../projects/project-repo.ts';
import { countCharacters, countWords } from '../text-stats.ts';

export interface NewChapter {
  title: string;
  kind: ChapterKind;
  skipNarration: boolean;
  paragraphs: string[];
}

export interface ChapterStats {
  paragraphs: number;
  /** Of paragraphs without skip_narration. */
  words: number;
  characters: number;
}

type ParagraphColumns = Partial<typeof audiobookParagraphs.$inferInsert>;

/**
 * A line's narration state: written only through `updateLineState`, by status/line-status.ts
 * (the one owner); every other paragraph write is a ParagraphPatch, which cannot name them.
 */
export const LINE_STATE_COLUMNS = [
  'status',
  'errorMessage',
  'audioKey',
  'durationSeconds',
  'takeCount',
  'retryCount',
] as const;
export type LineStatePatch = Pick<ParagraphColumns, (typeof LINE_STATE_COLUMNS)[number]>;
export type ParagraphPatch = Omit<ParagraphColumns, (typeof LINE_STATE_COLUMNS)[number]>;

/** A paragraph's counts for its text; every text write goes through this. */
export function textColumns(text: string): {
  text: string;
  wordCount: number;
  characterCount: number;
} {
  return { text, wordCount: countWords(text), characterCount: countCharacters(text) };
}

export class ChapterRepo {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one SQLite transaction (better-sqlite3 is synchronous: `fn` must be too). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(() => fn());
  }

  paragraphsByIds(ids: string[]): ParagraphRow[] {
    const out: ParagraphRow[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      out.push(
        ...this.db
          .select()
          .from(audiobookParagraphs)
          .where(inArray(audiobookParagraphs.id, ids.slice(i, i + 500)))
          .all(),
      );
    }
    return out;
  }

  /** Appends chapters after the book's last one; returns them in order. */
  appendChapters(projectId: string, chapters: NewChapter[]): ChapterRow[] {
    const last =
      this.db
        .select({ n: max(audiobookChapters.chapterNumber) })
        .from(audiobookChapters)
        .where(eq(audiobookChapters.projectId, projectId))
        .get()?.n ?? 0;
    const at = nowIso();
    const out: ChapterRow[] = [];
    chapters.forEach((chapter, index) => {
      const row = this.db
        .insert(audiobookChapters)
        .values({
          id: randomUUID(),
          projectId,
          chapterNumber: last + index + 1,
          title: chapter.title,
          kind: chapter.kind,
          skipNarration: chapter.skipNarration,
          createdAt: at,
          updatedAt: at,
        })
        .returning()
        .get();
      out.push(row);
      const values = chapter.paragraphs.map((text, position) => ({
        id: randomUUID(),
        projectId,
        chapterId: row.id,
        position: position + 1,
        ...textColumns(text),
        createdAt: at,
        updatedAt: at,
      }));
      // SQLite caps bound parameters per statement; insert in slices.
      for (let i = 0; i < values.length; i += 200) {
        this.db
          .insert(audiobookParagraphs)
          .values(values.slice(i, i + 200))
          .run();
      }
    });
    return out;
  }

  deleteAllChapters(projectId: string): void {
    this.db.delete(audiobookChapters).where(eq(audiobookChapters.projectId, projectId)).run();
  }

  countChapters(projectId: string): number {
    return (
      this.db
        .select({ n: count() })
        .from(audiobookChapters)
        .where(eq(audiobookChapters.projectId, projectId))
        .get()?.n ?? 0
    );
  }

  listChapters(projectId: string, limit?: number, offset = 0): ChapterRow[] {
    const query = this.db
      .select()
      .from(audiobookChapters)
      .where(eq(audiobookChapters.projectId, projectId))
      .orderBy(asc(audiobookChapters.chapterNumber));
    return limit === undefined ? query.all() : query.limit(limit).offset(offset).all();
  }

  chapter(projectId: string, chapterId: string): ChapterRow | undefined {
    return this.db
      .select()
      .from(audiobookChapters)
      .where(and(eq(audiobookChapters.id, chapterId), eq(audiobookChapters.projectId, projectId)))
      .get();
  }

  chaptersByIds(projectId: string, ids: string[]): ChapterRow[] {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(audiobookChapters)
      .where(and(eq(audiobookChapters.projectId, projectId), inArray(audiobookChapters.id, ids)))
      .orderBy(asc(audiobookChapters.chapterNumber))
      .all();
  }

  updateChapter(
    chapterId: string,
    patch: Partial<typeof audiobookChapters.$inferInsert>,
  ): ChapterRow | undefined {
    return this.db
      .update(audiobookChapters)
      .set({ ...patch, updatedAt: nowIso() })
      .where(eq(audiobookChapters.id, chapterId))
      .returning()
      .get();
  }

  /** Deletes a chapter (its paragraphs cascade) and closes the gap in chapter numbers. */
  deleteChapter(projectId: string, chapter: ChapterRow): void {
    this.db.transaction((tx) => {
      tx.delete(audiobookChapters).where(eq(audiobookChapters.id, chapter.id)).run();
      tx.update(audiobookChapters)
        .set({ chapterNumber: sql`${audiobookChapters.chapterNumber} - 1` })
        .where(
          and(
            eq(audiobookChapters.projectId, projectId),
            gt(audiobookChapters.chapterNumber, chapter.chapterNumber),
          ),
        )
        .run();
    });
  }

  /** Paragraph count and narrated word and character counts per chapter. */
  chapterStats(chapterIds: string[]): Map<string, ChapterStats> {
    const out = new Map<string, ChapterStats>();
    for (const id of chapterIds) out.set(id, { paragraphs: 0, words: 0, characters: 0 });
    if (chapterIds.length === 0) return out;
    const live = sql`${audiobookParagraphs.skipNarration} = 0`;
    const rows = this.db
      .select({
        chapterId: audiobookParagraphs.chapterId,
        n: count(),
        words: sql<number>`coalesce(sum(case when ${live} then ${audiobookParagraphs.wordCount} else 0 end), 0)`,
        characters: sql<number>`coalesce(sum(case when ${live} then ${audiobookParagraphs.characterCount} else 0 end), 0)`,
      })
      .from(audiobookParagraphs)
      .where(inArray(audiobookParagraphs.chapterId, chapterIds))
      .groupBy(audiobookParagraphs.chapterId)
      .all();
    for (const row of rows) {
      out.set(row.chapterId, {
        paragraphs: row.n,
        words: Number(row.words),
        characters: Number(row.characters),
      });
    }
    return out;
  }

  chapterText(chapterId: string): string {
    return this.paragraphs(chapterId)
      .map((p) => p.text)
      .join('\n\n');
  }

  countParagraphs(chapterId: string): number {
    return (
      this.db
        .select({ n: count() })
        .from(audiobookParagraphs)
        .where(eq(audiobookParagraphs.chapterId, chapterId))
        .get()?.n ?? 0
    );
  }

  paragraphs(chapterId: string, limit?: number, offset = 0): ParagraphRow[] {
    const query = this.db
      .select()
      .from(audiobookParagraphs)
      .where(eq(audiobookParagraphs.chapterId, chapterId))
      .orderBy(asc(audiobookParagraphs.position));
    return limit === undefined ? query.all() : query.limit(limit).offset(offset).all();
  }

  paragraph(projectId: string, paragraphId: string): ParagraphRow | undefined {
    return this.db
      .select()
      .from(audiobookParagraphs)
      .where(
        and(eq(audiobookParagraphs.id, paragraphId), eq(audiobookParagraphs.projectId, projectId)),
      )
      .get();
  }

  /**
   * Paragraphs that take part in narration, in reading order: not skipped themselves and not in
   * a skipped chapter (front matter, a chapter the user turned off). Cast counts and speaker
   * detection read these, so a Gutenberg title page never becomes the narrator's sample line.
   */
  narratedParagraphs(projectId: string): ParagraphRow[] {
    return this.db
      .select({ paragraph: audiobookParagraphs })
      .from(audiobookParagraphs)
      .innerJoin(audiobookChapters, eq(audiobookChapters.id, audiobookParagraphs.chapterId))
      .where(
        and(
          eq(audiobookParagraphs.projectId, projectId),
          eq(audiobookParagraphs.skipNarration, false),
          eq(audiobookChapters.skipNarration, false),
        ),
      )
      .orderBy(asc(audiobookChapters.chapterNumber), asc(audiobookParagraphs.position))
      .all()
      .map((row) => row.paragraph);
  }

  /** Every paragraph of the book in reading order. */
  bookParagraphs(projectId: string, chapterIds?: string[]): ParagraphRow[] {
    const where =
      chapterIds === undefined
        ? eq(audiobookParagraphs.projectId, projectId)
        : and(
            eq(audiobookParagraphs.projectId, projectId),
            inArray(audiobookParagraphs.chapterId, chapterIds),
          );
    return this.db
      .select({ paragraph: audiobookParagraphs })
      .from(audiobookParagraphs)
      .innerJoin(audiobookChapters, eq(audiobookChapters.id, audiobookParagraphs.chapterId))
      .where(where)
      .orderBy(asc(audiobookChapters.chapterNumber), asc(audiobookParagraphs.position))
      .all()
      .map((row) => row.paragraph);
  }

  updateParagraph(paragraphId: string, patch: ParagraphPatch): ParagraphRow | undefined {
    return this.db
      .update(audiobookParagraphs)
      .set({ ...patch, updatedAt: nowIso() })
      .where(eq(audiobookParagraphs.id, paragraphId))
      .returning()
      .get();
  }

  /** The line-state columns (status/line-status.ts alone calls this), with any other change. */
  updateLineState(
    paragraphId: string,
    patch: LineStatePatch & ParagraphPatch,
  ): ParagraphRow | undefined {
    return this.db
      .update(audiobookParagraphs)
      .set({ ...patch, updatedAt: nowIso() })
      .where(eq(audiobookParagraphs.id, paragraphId))
      .returning()
      .get();
  }

  /** The same line state on many lines (status/line-status.ts alone calls this). */
  updateLinesState(ids: string[], patch: LineStatePatch): void {
    const at = nowIso();
    for (let i = 0; i < ids.length; i += 500) {
      this.db
        .update(audiobookParagraphs)
        .set({ ...patch, updatedAt: at })
        .where(inArray(audiobookParagraphs.id, ids.slice(i, i + 500)))
        .run();
    }
  }

  /** The same patch on many paragraphs (speaker attribution, cast changes). */
  updateParagraphs(ids: string[], patch: ParagraphPatch): void {
    const at = nowIso();
    for (let i = 0; i < ids.length; i += 500) {
      this.db
        .update(audiobookParagraphs)
        .set({ ...patch, updatedAt: at })
        .where(inArray(audiobookParagraphs.id, ids.slice(i, i + 500)))
        .run();
    }
  }

  /**
   * Inserts new paragraphs right after `after` in its chapter, moving later ones down
   * (screenplay annotation, rule 10: the first line keeps the original id).
   */
  insertAfter(
    after: ParagraphRow,
    rows: Omit<ParagraphPatch, 'id' | 'position'>[],
  ): ParagraphRow[] {
    if (rows.length === 0) return [];
    const at = nowIso();
    this.db
      .update(audiobookParagraphs)
      .set({ position: sql`${audiobookParagraphs.position} + ${rows.length}` })
      .where(
        and(
          eq(audiobookParagraphs.chapterId, after.chapterId),
          gt(audiobookParagraphs.position, after.position),
        ),
      )
      .run();
    return rows.map((row, index) =>
      this.db
        .insert(audiobookParagraphs)
        .values({
          text: '',
          ...row,
          id: randomUUID(),
          projectId: after.projectId,
          chapterId: after.chapterId,
          position: after.position + index + 1,
          createdAt: at,
          updatedAt: at,
        })
        .returning()
        .get(),
    );
  }
}
