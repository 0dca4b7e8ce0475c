import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { audiobookParagraphs, audiobookProjects } from './audiobook.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Takes (document 2, "Narration": "each narration is a take"). Every narration of a paragraph is
 * kept with the voice, engine, settings and text it used and its own audio file, so the user can
 * compare takes and pick the active one. The paragraph's `audio_key` names its active take.
 * Audio lives at `<data dir>/<audio_path>` (FLAC at the engine's rate), never in the database.
 */
export const narrationTakes = sqliteTable(
  'narration_takes',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => audiobookProjects.id, { onDelete: 'cascade' }),
    paragraphId: text('paragraph_id')
      .notNull()
      .references(() => audiobookParagraphs.id, { onDelete: 'cascade' }),
    takeNumber: integer('take_number').notNull(),
    /** The narration job that made it (null once that job row is purged). */
    jobId: integer('job_id'),
    voiceId: integer('voice_id').notNull(),
    engine: text('engine').notNull(),
    engineVoice: text('engine_voice').notNull(),
    /** The text as narrated (after a narrate override), before normalisation. */
    text: text('text').notNull(),
    /** JSON: speed, emotion, direction, narration_style, character_name, pronunciations used. */
    settings: text('settings', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    audioPath: text('audio_path').notNull(),
    sampleRate: integer('sample_rate').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    /** JSON: word and sentence timings, offsets into `text`. */
    timings: text('timings', { mode: 'json' }).$type<unknown[]>().notNull(),
    characters: integer('characters').notNull(),
    credits: integer('credits').notNull(),
    /** `billed`, or `free_regen` for the first regeneration (rule 4). */
    billing: text('billing').$type<'billed' | 'free_regen'>().notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [
    uniqueIndex('narration_takes_paragraph_number_idx').on(table.paragraphId, table.takeNumber),
    index('narration_takes_project_idx').on(table.projectId),
    index('narration_takes_job_idx').on(table.jobId),
  ],
);

export type TakeRow = typeof narrationTakes.$inferSelect;
