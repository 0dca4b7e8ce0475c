import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  type ChapterKind,
  type MediaKind,
  type ProjectStatus,
  type PronunciationKind,
  type SegmentStatus,
} from '../../features/books/vocabulary.ts';
import { users } from './accounts.ts';

export {
  CHAPTER_KINDS,
  MEDIA_KINDS,
  PROJECT_STATUSES,
  PRONUNCIATION_KINDS,
  SEGMENT_STATUSES,
} from '../../features/books/vocabulary.ts';
export type { ChapterKind, MediaKind, ProjectStatus, PronunciationKind, SegmentStatus };

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Audiobook production (document 2; docs/api/audiobook.md). Every id is a UUID string. A book is
 * a project → chapters → paragraphs; the paragraph is the unit that is narrated and billed.
 * Word and character counts live on the paragraph (maintained on every text change); chapter and
 * project totals are sums over paragraphs computed in SQL, so they can never drift.
 *
 * `status` columns are plain text: the vocabularies (features/books/vocabulary.ts) are
 * checked in code, so the narration and export features can add values without a migration.
 */
/** Who set a value: the caller (kept by every automatic pass) or one of the engine's passes. */
export type SetBy = 'user' | 'detection' | 'annotation' | 'pick' | 'narration' | 'direction';

export const audiobookProjects = sqliteTable(
  'audiobook_projects',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    /** Who narrates the book, for credits, tags and metadata.json ('' = the voice's name). */
    narrator: text('narrator').notNull().default(''),
    publisher: text('publisher').notNull().default(''),
    description: text('description').notNull().default(''),
    isbn: text('isbn').notNull().default(''),
    genre: text('genre').notNull().default(''),
    status: text('status').$type<ProjectStatus>().notNull().default('draft'),
    selectedVoiceId: integer('selected_voice_id'),
    /** Locale form (`en-US`); null until set by the caller or read from the manuscript. */
    language: text('language'),
    multiVoice: integer('multi_voice', { mode: 'boolean' }).notNull().default(false),
    speed: real('speed').notNull().default(1),
    narrationStyle: text('narration_style').notNull().default('narrative'),
    exportFormat: text('export_format').notNull().default('acx'),
    targetPlatform: text('target_platform').notNull().default('audible'),
    sourceFilename: text('source_filename'),
    sourceFileType: text('source_file_type'),
    sourceFileKey: text('source_file_key'),
    parsingCompletedAt: text('parsing_completed_at'),
    errorMessage: text('error_message'),
    /** The parse job whose chapters were written last: a re-run after a crash writes nothing twice. */
    lastParseJobId: integer('last_parse_job_id'),
    rightsAttestedAt: text('rights_attested_at'),
    narrationStartedAt: text('narration_started_at'),
    narrationCompletedAt: text('narration_completed_at'),
    productionCompletedAt: text('production_completed_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [index('audiobook_projects_owner_idx').on(table.ownerId, table.updatedAt)],
);

export const audiobookChapters = sqliteTable(
  'audiobook_chapters',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => audiobookProjects.id, { onDelete: 'cascade' }),
    chapterNumber: integer('chapter_number').notNull(),
    title: text('title').notNull().default(''),
    kind: text('kind').$type<ChapterKind>().notNull().default('chapter'),
    status: text('status').$type<SegmentStatus>().notNull().default('pending'),
    voiceId: integer('voice_id'),
    skipNarration: integer('skip_narration', { mode: 'boolean' }).notNull().default(false),
    narrationNotes: text('narration_notes').notNull().default(''),
    durationSeconds: real('duration_seconds'),
    audioKey: text('audio_key'),
    failureReason: text('failure_reason'),
    retryCount: integer('retry_count').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [index('audiobook_chapters_project_idx').on(table.projectId, table.chapterNumber)],
);

export const audiobookParagraphs = sqliteTable(
  'audiobook_paragraphs',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => audiobookProjects.id, { onDelete: 'cascade' }),
    chapterId: text('chapter_id')
      .notNull()
      .references(() => audiobookChapters.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    wordCount: integer('word_count').notNull().default(0),
    characterCount: integer('character_count').notNull().default(0),
    voiceId: integer('voice_id'),
    /** `user` (PUT) or `narration` (the voice a take used); document 2, "Voice order". */
    voiceSetBy: text('voice_set_by').$type<SetBy>(),
    /** Null: the narrator. */
    characterName: text('character_name'),
    characterSetBy: text('character_set_by').$type<SetBy>(),
    /** The caller cleared the speaker: detection leaves the line with the narrator (rule 7). */
    speakerCleared: integer('speaker_cleared', { mode: 'boolean' }).notNull().default(false),
    direction: text('direction').notNull().default(''),
    directionSetBy: text('direction_set_by').$type<SetBy>(),
    status: text('status').$type<SegmentStatus>().notNull().default('pending'),
    locked: integer('locked', { mode: 'boolean' }).notNull().default(false),
    skipNarration: integer('skip_narration', { mode: 'boolean' }).notNull().default(false),
    errorMessage: text('error_message'),
    speed: real('speed'),
    deliveryStyle: text('delivery_style'),
    emotion: text('emotion'),
    trailingSilenceMs: integer('trailing_silence_ms'),
    audioKey: text('audio_key'),
    durationSeconds: real('duration_seconds'),
    retryCount: integer('retry_count').notNull().default(0),
    takeCount: integer('take_count').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [
    index('audiobook_paragraphs_chapter_idx').on(table.chapterId, table.position),
    index('audiobook_paragraphs_project_idx').on(table.projectId),
  ],
);

/**
 * The cast: one row per speaker name (grouped case-insensitively by `name_key`). A row holds the
 * character's cast voice, its alias (the main speaker's `name_key`) and a gender hint.
 */
export const audiobookCast = sqliteTable(
  'audiobook_cast',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => audiobookProjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    voiceId: integer('voice_id'),
    voiceSetBy: text('voice_set_by').$type<SetBy>(),
    aliasOfKey: text('alias_of_key'),
    aliasSetBy: text('alias_set_by').$type<SetBy>(),
    genderHint: text('gender_hint').$type<'male' | 'female'>(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [uniqueIndex('audiobook_cast_name_idx').on(table.projectId, table.nameKey)],
);

export const audiobookPronunciations = sqliteTable(
  'audiobook_pronunciations',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => audiobookProjects.id, { onDelete: 'cascade' }),
    grapheme: text('grapheme').notNull(),
    replacement: text('replacement').notNull(),
    kind: text('kind').$type<PronunciationKind>().notNull().default('respelling'),
    caseSensitive: integer('case_sensitive', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [
    uniqueIndex('audiobook_pronunciations_grapheme_idx').on(table.projectId, table.grapheme),
  ],
);

/** A cover image or a piece of music uploaded for a book; the bytes are in the file store. */
export const audiobookMedia = sqliteTable(
  'audiobook_media',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => audiobookProjects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MediaKind>().notNull(),
    fileKey: text('file_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    format: text('format').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('audiobook_media_project_idx').on(table.projectId)],
);

/** Opening and closing announcements, music and cover of a book (one row per project). */
export const audiobookProductionSettings = sqliteTable('audiobook_production_settings', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => audiobookProjects.id, { onDelete: 'cascade' }),
  openingAnnouncement: text('opening_announcement'),
  closingAnnouncement: text('closing_announcement'),
  narrateCredits: integer('narrate_credits', { mode: 'boolean' }).notNull().default(true),
  introMusicId: text('intro_music_id'),
  outroMusicId: text('outro_music_id'),
  musicVolumeDb: real('music_volume_db').notNull().default(-18),
  coverImageId: text('cover_image_id'),
  updatedAt: text('updated_at').notNull().default(now),
});

export type ProjectRow = typeof audiobookProjects.$inferSelect;
export type ChapterRow = typeof audiobookChapters.$inferSelect;
export type ParagraphRow = typeof audiobookParagraphs.$inferSelect;
export type CastRow = typeof audiobookCast.$inferSelect;
export type PronunciationRow = typeof audiobookPronunciations.$inferSelect;
export type MediaRow = typeof audiobookMedia.$inferSelect;
export type ProductionSettingsRow = typeof audiobookProductionSettings.$inferSelect;
