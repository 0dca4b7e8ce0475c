// The project header's numbers (renderer/src/features/audiobooks/book-numbers.ts) and the
// started-batch line once its job has ended (narration-format.ts).
import { describe, expect, it } from 'vitest';
import {
  bookNumbers,
  chapterListNote,
  chaptersNote,
  wordsNote,
} from '../../renderer/src/features/audiobooks/book-numbers.ts';
import type { Chapter } from '../../renderer/src/features/audiobooks/audiobook-types.ts';
import { batchSummary } from '../../renderer/src/features/audiobooks/narration-format.ts';
import type { BatchStarted } from '../../renderer/src/features/audiobooks/narration-types.ts';

function chapter(over: Partial<Chapter>): Chapter {
  return {
    id: 'c',
    project_id: 'p',
    chapter_number: 1,
    title: 'Chapter',
    kind: 'chapter',
    status: 'pending',
    voice_id: null,
    skip_narration: false,
    narration_notes: '',
    paragraph_count: 3,
    stale_paragraphs: 0,
    word_count: 100,
    character_count: 500,
    estimated_duration_minutes: 0.6,
    duration_seconds: null,
    audio_key: null,
    failure_reason: null,
    retry_count: 0,
    created_at: '',
    updated_at: '',
    ...over,
  };
}

describe('book numbers', () => {
  it('says nothing is narrated before any chapter is', () => {
    const numbers = bookNumbers([chapter({}), chapter({ word_count: 50 })]);
    expect(numbers).toMatchObject({ toNarrate: 2, narrated: 0, words: 150, narratedWords: 0 });
    expect(chaptersNote(numbers)).toBe('none narrated yet');
    expect(wordsNote(numbers)).toBe('none narrated yet');
  });

  it('leaves skipped chapters out of words and runtime, and counts completed ones', () => {
    const numbers = bookNumbers([
      chapter({ status: 'completed', word_count: 40 }),
      chapter({ skip_narration: true, estimated_duration_minutes: 0 }),
      chapter({}),
    ]);
    expect(numbers).toMatchObject({ toNarrate: 2, skipped: 1, words: 140, narratedWords: 40 });
    expect(numbers.minutes).toBeCloseTo(1.2);
    expect(chaptersNote(numbers)).toBe('1 narrated · 1 chapter skipped');
    expect(wordsNote(numbers)).toBe('40 narrated');
    expect(chaptersNote(bookNumbers([chapter({ status: 'completed' })]))).toBe('all narrated');
  });
});

describe('a started batch once its job ended', () => {
  const started = {
    job_id: 1,
    project_id: 'p',
    status: 'queued',
    multi_voice: false,
    total_paragraphs: 3,
    total_characters: 90,
    estimated_credits: 12,
    estimated_seconds: 4,
    skipped: { completed: 0, locked: 0, skip_narration: 0, in_progress: 0, not_stale: 0 },
  } satisfies BatchStarted;

  it('holds credits only while it runs', () => {
    expect(batchSummary(started)).toContain('credits held');
    expect(batchSummary(started, 'completed')).toBe('Narrated 3 paragraphs; credits settled');
    expect(batchSummary(started, 'cancelled')).not.toContain('held');
  });
});

describe('the chapter list count', () => {
  it('says a fresh book has nothing narrated, and agrees with the header as chapters complete', () => {
    const fresh = [1, 2, 3, 4].map((n) =>
      chapter({ id: `c${n}`, skip_narration: n === 4, stale_paragraphs: n === 2 ? 2 : 0 }),
    );
    expect(chapterListNote(bookNumbers(fresh))).toBe('0 of 3 narrated');
    expect(chaptersNote(bookNumbers(fresh))).toMatch(/^none narrated yet/);
    const one = fresh.map((c) => (c.id === 'c1' ? { ...c, status: 'completed' as const } : c));
    expect(chapterListNote(bookNumbers(one))).toBe('1 of 3 narrated');
    expect(bookNumbers(one)).toMatchObject({ narrated: 1, stale: 2 });
  });
});
