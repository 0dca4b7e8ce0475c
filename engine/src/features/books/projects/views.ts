/** Rows → the contract's JSON bodies (field names in document 2 and docs/api/audiobook.md). */
import type { ChapterRow, ParagraphRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import type { ChapterStats } from '../chapters/chapter-repo.ts';
import type { ProjectTotals } from './project-repo.ts';
import type { ProjectJson } from './project-schemas.ts';
import type { StaleReason } from '../status/line-staleness.ts';
import { estimateMinutes, round1 } from '../text-stats.ts';

/** Until the caller sets one or a manuscript names it (docs/api/audiobook.md). */
export const DEFAULT_LANGUAGE = 'en-US';

export type ChapterJson = ReturnType<typeof chapterView>;
export type ParagraphJson = ReturnType<typeof paragraphView>;

/** `stale`: the book's narrated lines whose audio no longer matches them (line-staleness.ts). */
export function projectView(
  row: ProjectRow,
  totals: ProjectTotals,
  chapters: ChapterJson[] | null = null,
  stale = 0,
): ProjectJson {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    narrator: row.narrator,
    publisher: row.publisher,
    description: row.description,
    isbn: row.isbn,
    genre: row.genre,
    status: row.status,
    total_chapters: totals.chapters,
    stale_paragraphs: stale,
    chapters,
    parsing_completed_at: row.parsingCompletedAt,
    error_message: row.errorMessage,
    selected_voice_id: row.selectedVoiceId,
    language: row.language ?? DEFAULT_LANGUAGE,
    multi_voice: row.multiVoice,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    total_words: totals.words,
    total_characters: totals.characters,
    estimated_duration_minutes: round1(estimateMinutes(totals.words, row.speed)),
    source_filename: row.sourceFilename,
    source_file_type: row.sourceFileType,
    rights_attested_at: row.rightsAttestedAt,
    narration_started_at: row.narrationStartedAt,
    narration_completed_at: row.narrationCompletedAt,
    production_completed_at: row.productionCompletedAt,
    speed: row.speed,
    narration_style: row.narrationStyle,
    export_format: row.exportFormat,
    target_platform: row.targetPlatform,
  };
}

/** `stale`: lines whose audio no longer matches them (status/line-staleness.ts). */
export function chapterView(row: ChapterRow, stats: ChapterStats, speed: number, stale: number) {
  // A skipped chapter is not narrated: it adds nothing to the book's runtime.
  const words = stats.words;
  return {
    id: row.id,
    project_id: row.projectId,
    chapter_number: row.chapterNumber,
    title: row.title,
    kind: row.kind,
    status: row.status,
    voice_id: row.voiceId,
    skip_narration: row.skipNarration,
    narration_notes: row.narrationNotes,
    paragraph_count: stats.paragraphs,
    stale_paragraphs: stale,
    word_count: words,
    character_count: stats.characters,
    estimated_duration_minutes: row.skipNarration ? 0 : round1(estimateMinutes(words, speed)),
    duration_seconds: row.durationSeconds,
    audio_key: row.audioKey,
    failure_reason: row.failureReason,
    retry_count: row.retryCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** `stale`: why the line's active take no longer matches it, or null (line-staleness.ts). */
export function paragraphView(row: ParagraphRow, stale: StaleReason | null) {
  return {
    id: row.id,
    chapter_id: row.chapterId,
    project_id: row.projectId,
    position: row.position,
    text: row.text,
    voice_id: row.voiceId,
    character_name: row.characterName ?? '',
    speaker_cleared: row.speakerCleared,
    direction: row.direction,
    status: row.status,
    locked: row.locked,
    skip_narration: row.skipNarration,
    error_message: row.errorMessage ?? '',
    word_count: row.wordCount,
    character_count: row.characterCount,
    speed: row.speed,
    delivery_style: row.deliveryStyle,
    emotion: row.emotion,
    trailing_silence_ms: row.trailingSilenceMs,
    audio_key: row.audioKey,
    audio_stale: stale !== null,
    stale_reason: stale,
    duration_seconds: row.durationSeconds,
    retry_count: row.retryCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
