import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** What a custom voice's quality report holds (features/voices/samples/sample-report.ts). */
export type SampleReportJson = Record<string, unknown>;

/**
 * Users' own voices (document 3, "Voices": custom voices from samples, instant clones, designed
 * voices; docs/api/voices-custom.md). Owned by the voices area. The id is the catalog id
 * (FNV-1a of `custom:<uuid>`, checked against every other voice id when created), so a custom
 * voice's id works wherever a voice id does. Files live under `<data dir>/<folder>`
 * (`custom-voices/<uuid>/`: samples, the cleaned reference, the speaker embedding, the
 * preview), never in the database. `owner_id` is the accounts user id (no foreign key across
 * areas; the voices of a deleted account are kept until an owner sweep removes them).
 */
export const customVoices = sqliteTable(
  'custom_voices',
  {
    id: integer('id').primaryKey(),
    uuid: text('uuid').notNull(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** `sample`, `multi_sample`, `clone` or `design`. */
    kind: text('kind').$type<'sample' | 'multi_sample' | 'clone' | 'design'>().notNull(),
    /** The contract's voice creation states. */
    status: text('status').$type<'PROCESSING' | 'COMPLETED' | 'FAILED'>().notNull(),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    language: text('language').notNull(),
    gender: text('gender').$type<'male' | 'female' | 'neutral'>(),
    age: text('age').$type<'child' | 'young' | 'adult' | 'senior'>(),
    /** The engine that speaks it and its key there (espeak variant, kokoro blend, zipvoice, pocket). */
    engine: text('engine').notNull(),
    engineVoice: text('engine_voice').notNull(),
    pitch: real('pitch'),
    rate: real('rate'),
    /** The model pack that speaks it (cloned voices), or null. */
    packId: text('pack_id'),
    /** Data-dir-relative folder of its files. */
    folder: text('folder').notNull(),
    /** Data-dir-relative reference audio (the contract's `file_path`), once there is one. */
    audioPath: text('audio_path'),
    /** Measurements of the sample(s): duration, rate, clipping, noise, speech share, DNSMOS. */
    report: text('report', { mode: 'json' }).$type<SampleReportJson>(),
    /** Designed voices: the parameters the description became. */
    design: text('design', { mode: 'json' }).$type<Record<string, unknown>>(),
    /** Median F0 measured on the reference audio, Hz (distinct-voice ranking). */
    f0: real('f0'),
    /** The job that processed it (the contract's `clone_job_id`). */
    jobId: integer('job_id'),
    error: text('error'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    processedAt: text('processed_at'),
  },
  (table) => [
    uniqueIndex('custom_voices_uuid_idx').on(table.uuid),
    index('custom_voices_owner_idx').on(table.ownerId),
  ],
);

export type CustomVoiceRow = typeof customVoices.$inferSelect;
export type NewCustomVoiceRow = typeof customVoices.$inferInsert;

/**
 * Voice design previews (POST /voice/design): each is a candidate voice rendered from the
 * description, kept until it expires or is published. `params` is what publishing turns into a
 * custom voice; the audio is `<data dir>/<audio_path>`.
 */
export const voiceDesignPreviews = sqliteTable(
  'voice_design_previews',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    description: text('description').notNull(),
    language: text('language').notNull(),
    previewText: text('preview_text').notNull(),
    params: text('params', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    audioPath: text('audio_path').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    createdAt: text('created_at').notNull().default(now),
    expiresAt: text('expires_at').notNull(),
    publishedVoiceId: integer('published_voice_id'),
  },
  (table) => [index('voice_design_previews_owner_idx').on(table.ownerId)],
);

export type DesignPreviewRow = typeof voiceDesignPreviews.$inferSelect;
