/**
 * The custom_voices and voice_design_previews tables (db/schema/custom-voices.ts), owned by the
 * voices area. Every query on them lives here.
 */
import { and, asc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  customVoices,
  voiceDesignPreviews,
  type CustomVoiceRow,
  type DesignPreviewRow,
  type NewCustomVoiceRow,
} from '../../../db/schema/custom-voices.ts';

export type { CustomVoiceRow, DesignPreviewRow };

export class CustomVoiceRepo {
  constructor(private readonly db: Db) {}

  insert(row: NewCustomVoiceRow): CustomVoiceRow {
    return this.db.insert(customVoices).values(row).returning().get();
  }

  get(id: number): CustomVoiceRow | undefined {
    return this.db.select().from(customVoices).where(eq(customVoices.id, id)).get();
  }

  byUuid(uuid: string): CustomVoiceRow | undefined {
    return this.db.select().from(customVoices).where(eq(customVoices.uuid, uuid)).get();
  }

  /** Every custom voice of every owner (the catalog filters by owner). */
  all(): CustomVoiceRow[] {
    return this.db.select().from(customVoices).orderBy(asc(customVoices.createdAt)).all();
  }

  /** The owner's voices and, with `includePublic`, everyone's public ones; oldest first. */
  visibleTo(ownerId: string, includePublic: boolean): CustomVoiceRow[] {
    const mine = eq(customVoices.ownerId, ownerId);
    return this.db
      .select()
      .from(customVoices)
      .where(includePublic ? or(mine, eq(customVoices.isPublic, true)) : mine)
      .orderBy(asc(customVoices.createdAt), asc(customVoices.id))
      .all();
  }

  update(id: number, patch: Partial<NewCustomVoiceRow>): CustomVoiceRow | undefined {
    return this.db
      .update(customVoices)
      .set({ ...patch, updatedAt: new Date().toISOString() })
      .where(eq(customVoices.id, id))
      .returning()
      .get();
  }

  delete(id: number): void {
    this.db.delete(customVoices).where(eq(customVoices.id, id)).run();
  }

  insertPreview(row: typeof voiceDesignPreviews.$inferInsert): DesignPreviewRow {
    return this.db.insert(voiceDesignPreviews).values(row).returning().get();
  }

  preview(ownerId: string, id: string): DesignPreviewRow | undefined {
    return this.db
      .select()
      .from(voiceDesignPreviews)
      .where(and(eq(voiceDesignPreviews.id, id), eq(voiceDesignPreviews.ownerId, ownerId)))
      .get();
  }

  markPublished(id: string, voiceId: number): void {
    this.db
      .update(voiceDesignPreviews)
      .set({ publishedVoiceId: voiceId })
      .where(eq(voiceDesignPreviews.id, id))
      .run();
  }

  /** Previews that expired before `now` and were never published (their files go too). */
  expiredPreviews(now: string): DesignPreviewRow[] {
    return this.db
      .select()
      .from(voiceDesignPreviews)
      .where(lt(voiceDesignPreviews.expiresAt, now))
      .all()
      .filter((p) => p.publishedVoiceId === null);
  }

  deletePreview(id: string): void {
    this.db.delete(voiceDesignPreviews).where(eq(voiceDesignPreviews.id, id)).run();
  }
}
