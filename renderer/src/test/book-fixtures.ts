/**
 * A small audiobook as the engine answers it (shapes copied from a real engine's answers), for
 * component tests: builders typed by the contract, so a fixture that drifts from the engine's
 * schema fails the typecheck, and `bookRoutes` serving it from the fake engine.
 */
import type { ResponseOf } from '../api/contract.ts';
import type { FakeRoutes } from './fake-engine.ts';

const BOOK = '/audiobook/projects/{project_id}';
type Project = ResponseOf<'get', typeof BOOK>;
type Chapter = ResponseOf<'get', `${typeof BOOK}/chapters`>['chapters'][number];
type Paragraph = ResponseOf<
  'get',
  `${typeof BOOK}/chapters/{chapter_id}/paragraphs`
>['paragraphs'][number];
type Cast = ResponseOf<'get', `${typeof BOOK}/cast`>;
type Voice = ResponseOf<'get', '/audiobook/voices/available'>['voices'][number];
type Settings = ResponseOf<'get', `${typeof BOOK}/production-settings`>;

export const PROJECT_ID = '041a4f1f-49b0-4a5b-9da9-e3a9780aaa7a';
const AT = '2026-11-28T18:44:36.958Z';

export function project(extra: Partial<Project> = {}): Project {
  return {
    id: PROJECT_ID,
    title: 'The Harbour',
    author: 'Ann Example',
    narrator: '',
    publisher: '',
    description: '',
    isbn: '',
    genre: '',
    status: 'ready_for_narration',
    total_chapters: 2,
    stale_paragraphs: 0,
    chapters: null,
    parsing_completed_at: AT,
    error_message: null,
    selected_voice_id: null,
    language: 'en-GB',
    multi_voice: true,
    created_at: AT,
    updated_at: AT,
    total_words: 61,
    total_characters: 328,
    estimated_duration_minutes: 0.4,
    source_filename: 'paste',
    source_file_type: 'txt',
    rights_attested_at: AT,
    narration_started_at: null,
    narration_completed_at: null,
    production_completed_at: null,
    speed: 1,
    narration_style: 'narrative',
    export_format: 'acx',
    target_platform: 'audible',
    ...extra,
  };
}

export function chapter(n: number, extra: Partial<Chapter> = {}): Chapter {
  return {
    id: `c0000000-0000-4000-8000-00000000000${n}`,
    project_id: PROJECT_ID,
    chapter_number: n,
    title: `Chapter ${n}`,
    kind: 'chapter',
    status: 'pending',
    voice_id: null,
    skip_narration: false,
    narration_notes: '',
    paragraph_count: 2,
    word_count: 20,
    character_count: 110,
    estimated_duration_minutes: 0.2,
    duration_seconds: null,
    audio_key: null,
    failure_reason: null,
    retry_count: 0,
    stale_paragraphs: 0,
    created_at: AT,
    updated_at: AT,
    ...extra,
  };
}

export function paragraph(
  chapterOf: Chapter,
  position: number,
  text: string,
  extra: Partial<Paragraph> = {},
): Paragraph {
  return {
    id: `p000000${chapterOf.chapter_number}-0000-4000-8000-00000000000${position}`,
    chapter_id: chapterOf.id,
    project_id: PROJECT_ID,
    position,
    text,
    voice_id: null,
    character_name: '',
    speaker_cleared: false,
    direction: '',
    status: 'pending',
    locked: false,
    skip_narration: false,
    error_message: '',
    word_count: text.split(/\s+/).length,
    character_count: text.length,
    speed: null,
    delivery_style: null,
    emotion: null,
    trailing_silence_ms: null,
    audio_key: null,
    duration_seconds: null,
    retry_count: 0,
    audio_stale: false,
    stale_reason: null,
    created_at: AT,
    updated_at: AT,
    ...extra,
  };
}

export function voice(id: number, name: string, extra: Partial<Voice> = {}): Voice {
  return {
    voice_id: String(id),
    id,
    uuid: `00000000-0000-5000-8000-${String(id).padStart(12, '0')}`,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    category: 'standard',
    voice_type: 'STANDARD',
    language: 'en',
    supported_languages: ['en-GB'],
    gender: 'unknown',
    age_range: 'unknown',
    style: 'synthetic',
    description: '',
    preview_url: `/api/v1/voice/voice-profiles/${id}/preview`,
    is_custom: false,
    is_public: true,
    created_by: null,
    created_at: null,
    tags: [],
    usage_stats: { total_generations: 0, avg_rating: 0 },
    supported_features: { speed_control: true, pitch_control: true },
    clone_job_id: null,
    training_status: null,
    engine: 'espeak',
    tier: 'embedded',
    ...extra,
  } as Voice;
}

export function settings(extra: Partial<Settings> = {}): Settings {
  return {
    project_id: PROJECT_ID,
    opening_announcement: null,
    closing_announcement: null,
    narrate_credits: true,
    intro_music_id: null,
    outro_music_id: null,
    music_volume_db: -18,
    cover_image_id: null,
    media: [],
    updated_at: AT,
    ...extra,
  };
}

export interface Book {
  project: Project;
  chapters: Chapter[];
  paragraphs: Paragraph[];
  cast: Cast;
  voices: Voice[];
}

/** Two chapters; chapter 1 has a narrator line and two speakers. */
export function book(): Book {
  const one = chapter(1, { title: 'CHAPTER I', paragraph_count: 3 });
  const two = chapter(2, { title: 'CHAPTER II', paragraph_count: 1 });
  return {
    project: project(),
    chapters: [one, two],
    paragraphs: [
      paragraph(one, 1, 'The harbour was quiet when Thomas came down to the water.'),
      paragraph(one, 2, '“Is the ferry late again?” asked Thomas.', { character_name: 'Thomas' }),
      paragraph(one, 3, 'Mary laughed. “You and your rain.”', { character_name: 'Mary' }),
      paragraph(two, 1, 'The ferry came at noon.'),
    ],
    cast: {
      members: [
        {
          character_name: null,
          is_narrator: true,
          paragraph_count: 2,
          voice_id: null,
          alias_of: null,
          sample_line: 'The harbour was quiet when Thomas came down to the water.',
          aliases: [],
        },
        {
          character_name: 'Thomas',
          is_narrator: false,
          paragraph_count: 1,
          voice_id: 11,
          alias_of: null,
          sample_line: '“Is the ferry late again?” asked Thomas.',
          aliases: [],
        },
        {
          character_name: 'Mary',
          is_narrator: false,
          paragraph_count: 1,
          voice_id: null,
          alias_of: null,
          sample_line: 'Mary laughed. “You and your rain.”',
          aliases: [],
        },
      ],
      named_speaker_count: 2,
      multi_voice: true,
      narrator_voice: { voice_id: 10, name: 'English (Great Britain)', automatic: true },
    },
    voices: [
      voice(10, 'English (Great Britain)'),
      voice(11, 'Alba', { engine: 'piper', tier: 'neural', gender: 'female' }),
      voice(41, 'Morag', { tier: 'custom', category: 'designed', is_custom: true }),
    ],
  };
}

/** The fake engine's routes for a book: project, chapters, paragraphs, cast, voices, progress. */
export function bookRoutes(data: Book): FakeRoutes {
  return {
    [`GET ${BOOK}`]: () => data.project,
    [`GET ${BOOK}/chapters`]: () => ({
      chapters: data.chapters,
      total: data.chapters.length,
      page: 1,
      per_page: 500,
      has_next: false,
      has_prev: false,
    }),
    [`GET ${BOOK}/chapters/{chapter_id}/paragraphs`]: (request) => {
      const paragraphs = data.paragraphs.filter((p) => p.chapter_id === request.params.chapter_id);
      return {
        paragraphs,
        total: paragraphs.length,
        page: null,
        per_page: null,
        has_next: false,
        has_prev: false,
      };
    },
    [`GET ${BOOK}/cast`]: () => data.cast,
    'GET /audiobook/voices/available': () => ({
      voices: data.voices,
      total: data.voices.length,
      language: data.project.language,
    }),
    [`GET ${BOOK}/narration/progress`]: () => ({
      project_id: PROJECT_ID,
      status: 'idle',
      job_ids: [],
      percent: 0,
      total_paragraphs: data.paragraphs.length,
      completed: 0,
      failed: 0,
      queued: 0,
      narrating: 0,
      pending: data.paragraphs.length,
      stale_paragraphs: 0,
      narrated_seconds: 0,
      eta_seconds: null,
      current_paragraph_id: null,
      chapters: data.chapters.map((c) => ({
        chapter_id: c.id,
        chapter_number: c.chapter_number,
        title: c.title,
        status: 'pending',
        total_paragraphs: c.paragraph_count,
        completed: 0,
        failed: 0,
        stale_paragraphs: 0,
      })),
    }),
  } as FakeRoutes;
}
