/**
 * Wire types of the audiobook routes (document 2; engine shapes in
 * engine/src/features/books/**-schemas.ts). Declared by hand like ../../api/types.ts.
 */

/**
 * `draft` before any manuscript, then the three states of document 2's project table, and the
 * narration's `narrating` / `narrated` (engine/src/features/books/vocabulary.ts).
 */
export type ProjectStatus =
  'draft' | 'parsing' | 'ready_for_narration' | 'narrating' | 'narrated' | 'failed';
export type SegmentStatus = 'pending' | 'queued' | 'narrating' | 'completed' | 'failed';
export type ChapterKind = 'chapter' | 'front_matter' | 'back_matter';

export interface Project {
  id: string;
  title: string;
  author: string;
  description: string;
  isbn: string;
  genre: string;
  /** A ProjectStatus; kept a string so an unknown future value still renders. */
  status: string;
  total_chapters: number;
  chapters: Chapter[] | null;
  parsing_completed_at: string | null;
  /** Read only when status is `failed` (it is not cleared by a retry). */
  error_message: string | null;
  selected_voice_id: number | null;
  language: string;
  multi_voice: boolean;
  created_at: string;
  updated_at: string;
  total_words: number;
  total_characters: number;
  estimated_duration_minutes: number;
  source_filename: string | null;
  source_file_type: string | null;
  rights_attested_at: string | null;
  narration_started_at: string | null;
  narration_completed_at: string | null;
  production_completed_at: string | null;
  speed: number;
  narration_style: string;
  export_format: string;
  target_platform: string;
}

export interface ProjectPage {
  projects: Project[];
  total: number;
  page: number;
  per_page: number;
  has_next: boolean;
  has_prev: boolean;
}

export interface ProjectListQuery {
  page?: number;
  per_page?: number;
  /** Case-insensitive substring of the title or the author. */
  search?: string;
}

export interface CreateProject {
  title: string;
  author?: string;
  description?: string;
  language?: string;
}

export interface Chapter {
  id: string;
  project_id: string;
  chapter_number: number;
  title: string;
  kind: ChapterKind;
  status: SegmentStatus;
  voice_id: number | null;
  skip_narration: boolean;
  narration_notes: string;
  paragraph_count: number;
  word_count: number;
  character_count: number;
  estimated_duration_minutes: number;
}

export interface ChapterUpdate {
  title?: string;
  skip_narration?: boolean;
}

export interface Paragraph {
  id: string;
  chapter_id: string;
  project_id: string;
  position: number;
  text: string;
  voice_id: number | null;
  /** '' is the narrator. */
  character_name: string;
  direction: string;
  status: SegmentStatus;
  locked: boolean;
  skip_narration: boolean;
  error_message: string;
  word_count: number;
  character_count: number;
  emotion: string | null;
}

export interface ParagraphPage {
  paragraphs: Paragraph[];
  /** Always the chapter's full paragraph count. */
  total: number;
  /** null when the listing was not paginated (neither page nor per_page sent). */
  page: number | null;
  per_page: number | null;
  has_next: boolean;
  has_prev: boolean;
}

export interface ParagraphUpdate {
  text?: string;
  character_name?: string;
  direction?: string;
  locked?: boolean;
  skip_narration?: boolean;
}

export interface CastMember {
  /** null for the narrator bucket. */
  character_name: string | null;
  is_narrator: boolean;
  paragraph_count: number;
  voice_id: number | null;
  alias_of: string | null;
  sample_line: string | null;
  aliases: string[];
}

export interface CastList {
  members: CastMember[];
  named_speaker_count: number;
  multi_voice: boolean;
}

export interface DetectResult {
  detected_paragraphs: number;
  members: CastMember[];
  named_speaker_count: number;
  method: 'heuristic' | 'llm';
  job_id: string | null;
}

export interface AliasResult {
  character_name: string;
  alias_of: string | null;
  lines_revoiced: number;
  members: CastMember[];
}

export interface Attestation {
  ok: boolean;
  rights_attested_at: string;
}

export interface CostEstimate {
  project_id: string;
  total_words: number;
  estimated_minutes: number;
  price_usd_per_minute: number;
  estimated_cost_usd: number;
  estimated_credits: number;
  remaining_minutes: number;
  remaining_cost_usd: number;
  remaining_credits: number;
}

export interface UploadedManuscript {
  file_key: string;
  filename: string;
  bytes: number;
  file_type: string;
  max_size_bytes: number;
}

export interface BookFlags {
  detect_speakers?: boolean;
  multi_voice?: boolean;
}

export interface ParseRequest extends BookFlags {
  file_key: string;
  filename: string;
  /** Destructive: replaces the book's chapters and paragraphs. */
  reparse?: boolean;
}

export interface ParseStarted {
  job_id: number;
  estimated_completion_time: string;
  project_id: string;
  status: string;
}

export interface PasteRequest extends BookFlags {
  text: string;
  source?: string;
  reparse?: boolean;
  append?: boolean;
}

export interface ImportResult {
  project_id: string;
  status: string;
  total_chapters: number;
  total_words: number;
  estimated_duration_minutes: number;
  chapters_added: number;
  speakers_detected: number;
  warnings: string[];
}
