import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Transcript projects (the speech area; docs/api/transcription.md, "Projects and speaker
 * names"). The contract shows no project for transcription; ours groups the transcripts of one
 * show, interview series or meeting room so the names given to its speakers are remembered.
 * Every transcription job belongs to one: the one named at creation, else its own.
 */
export const transcriptProjects = sqliteTable(
  'transcript_projects',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [index('transcript_projects_owner_idx').on(table.ownerId)],
);

/** The name a project gives a diarization label (`SPEAKER_00`), and its colour in the studio. */
export const transcriptSpeakers = sqliteTable(
  'transcript_speakers',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => transcriptProjects.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    name: text('name').notNull(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.label] })],
);

/**
 * A user's corrections to one transcription job's segments (text, and which label speaks), kept
 * beside the job's own result so the machine transcript is never lost. One row per edited
 * segment; `segment_id` is the result's segment id.
 */
export const transcriptEdits = sqliteTable(
  'transcript_edits',
  {
    jobId: integer('job_id').notNull(),
    ownerId: text('owner_id').notNull(),
    segmentId: integer('segment_id').notNull(),
    text: text('text'),
    speakerLabel: text('speaker_label'),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.segmentId] })],
);

export type TranscriptProjectRow = typeof transcriptProjects.$inferSelect;
export type TranscriptSpeakerRow = typeof transcriptSpeakers.$inferSelect;
export type TranscriptEditRow = typeof transcriptEdits.$inferSelect;
