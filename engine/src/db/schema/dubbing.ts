import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** A stage of the pipeline that finished, and which attempt (job) finished it. */
export interface DubbingStageRecord {
  name: string;
  task_id: number;
  finished_at: string;
  seconds: number;
}

/**
 * Speech translations (document 3's translation jobs; the dubbing area, docs/api/
 * speech-translation.md). One row per translation the user asked for; each attempt at it is a
 * job row (`job_id` is the current one: the first run, a retry, or a line re-render), so the
 * credits of every attempt are held and settled by the job queue as for any job. The stages'
 * outputs live in `<home>/translations/<id>/`; `stages` says which finished.
 */
export const speechTranslations = sqliteTable(
  'speech_translations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: text('owner_id').notNull(),
    jobId: integer('job_id').notNull(),
    /** The stored upload (platform's file store), also for a url input once fetched. */
    fileKey: text('file_key').notNull(),
    inputSource: text('input_source', { enum: ['FILE', 'URL'] }).notNull(),
    sourceUrl: text('source_url'),
    originalFilename: text('original_filename').notNull(),
    displayName: text('display_name').notNull(),
    /** As asked; null: detected by Whisper (then `detectedLanguage`). */
    sourceLanguage: text('source_language'),
    detectedLanguage: text('detected_language'),
    targetLanguage: text('target_language').notNull(),
    isVideo: integer('is_video', { mode: 'boolean' }).notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    stages: text('stages', { mode: 'json' }).$type<DubbingStageRecord[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(1),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    completedAt: text('completed_at'),
  },
  (table) => [
    index('speech_translations_owner_idx').on(table.ownerId, table.id),
    index('speech_translations_job_idx').on(table.jobId),
  ],
);

export type SpeechTranslationRow = typeof speechTranslations.$inferSelect;
