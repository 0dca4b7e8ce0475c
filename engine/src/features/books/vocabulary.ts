/**
 * The audiobook vocabularies (document 2, "States and transitions", "Chapter", "Paragraph").
 * No imports: the database schema, the route schemas and the studio all read these lists.
 * Status columns are plain text in SQLite, so later features (narration, export) can add
 * project statuses without a migration.
 */
/**
 * `narrating` (a narration job is queued or running) and `narrated` (every narrated line has
 * audio) are the narration feature's (docs/api/narration.md); `exported` is the export's: the
 * book was packaged, so it is no longer `ready_for_narration` (issue 14).
 */
export const PROJECT_STATUSES = [
  'draft',
  'parsing',
  'ready_for_narration',
  'narrating',
  'narrated',
  /** An export package was made (and nothing has changed since: any line change re-decides). */
  'exported',
  'failed',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Chapter and paragraph status. */
export const SEGMENT_STATUSES = ['pending', 'queued', 'narrating', 'completed', 'failed'] as const;
export type SegmentStatus = (typeof SEGMENT_STATUSES)[number];

export const CHAPTER_KINDS = ['chapter', 'front_matter', 'back_matter'] as const;
export type ChapterKind = (typeof CHAPTER_KINDS)[number];

export const PRONUNCIATION_KINDS = ['respelling', 'ipa'] as const;
export type PronunciationKind = (typeof PRONUNCIATION_KINDS)[number];

export const MEDIA_KINDS = ['cover', 'music'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Why a line's active take no longer matches it (docs/api/narration.md, "Stale audio"). */
export const STALE_REASONS = ['text', 'speaker', 'voice', 'direction'] as const;
export type StaleReason = (typeof STALE_REASONS)[number];
