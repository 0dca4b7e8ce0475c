/**
 * The project header's numbers, from the chapters' own fields so every one is true as it
 * stands: skipped chapters count for nothing (their estimate is 0), and "narrated" means a
 * chapter whose narration status is `completed`, never merely "not skipped". Pure.
 */
import { formatCount, plural } from './audiobook-format.ts';
import type { Chapter } from './audiobook-types.ts';

export interface BookNumbers {
  hasBook: boolean;
  total: number;
  /** Chapters not skipped. */
  toNarrate: number;
  skipped: number;
  /** Of the chapters to narrate, those whose narration completed. */
  narrated: number;
  /** Words of the chapters to narrate, and of those narrated. */
  words: number;
  narratedWords: number;
  /** Estimated runtime of the chapters to narrate. */
  minutes: number;
  /** Lines whose audio changed since narration, in the chapters to narrate. */
  stale: number;
}

export function bookNumbers(chapters: readonly Chapter[]): BookNumbers {
  const kept = chapters.filter((chapter) => !chapter.skip_narration);
  const done = kept.filter((chapter) => chapter.status === 'completed');
  const sum = (list: readonly Chapter[], pick: (chapter: Chapter) => number) =>
    list.reduce((total, chapter) => total + pick(chapter), 0);
  return {
    hasBook: chapters.length > 0,
    total: chapters.length,
    toNarrate: kept.length,
    skipped: chapters.length - kept.length,
    narrated: done.length,
    words: sum(kept, (chapter) => chapter.word_count),
    narratedWords: sum(done, (chapter) => chapter.word_count),
    minutes: sum(kept, (chapter) => chapter.estimated_duration_minutes),
    stale: sum(kept, (chapter) => chapter.stale_paragraphs),
  };
}

/** "to narrate · none narrated yet", "2 narrated · 1 skipped", "all narrated". */
export function chaptersNote(numbers: BookNumbers): string {
  const parts = [
    numbers.toNarrate > 0 && numbers.narrated === numbers.toNarrate
      ? 'all narrated'
      : numbers.narrated === 0
        ? 'none narrated yet'
        : `${formatCount(numbers.narrated)} narrated`,
  ];
  if (numbers.skipped > 0) parts.push(`${plural(numbers.skipped, 'chapter')} skipped`);
  return parts.join(' · ');
}

/** "none narrated yet" or "1,204 narrated". */
export function wordsNote(numbers: BookNumbers): string {
  return numbers.narratedWords === 0
    ? 'none narrated yet'
    : `${formatCount(numbers.narratedWords)} narrated`;
}

/**
 * The chapter list's count: "0 of 61 narrated" for a fresh book (chapters narrated of those to
 * narrate, the header's same numbers), never the chapters merely not skipped.
 */
export function chapterListNote(numbers: BookNumbers): string {
  return `${formatCount(numbers.narrated)} of ${formatCount(numbers.toNarrate)} narrated`;
}
