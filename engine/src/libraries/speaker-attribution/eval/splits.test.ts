import { describe, expect, it } from 'vitest';
import type { EvalBook } from './eval-book.ts';
import { chapterNumbers, quoteParts } from './splits.ts';

const book = (corpus: string, name: string, paragraphs: string[]): EvalBook => ({
  corpus,
  name,
  language: 'en',
  paragraphs,
  quotes: paragraphs.map((_, i) => ({ paragraph: i, offset: 0, gold: 'X' })),
  matches: () => true,
});

describe('the eval parts', () => {
  it('numbers chapters from their headings', () => {
    expect(chapterNumbers(['Preface', 'CHAPTER I.', 'a', 'Chapter 2', 'b'])).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });

  it('holds out whole excerpt books, the same part for every quotation, the same every run', () => {
    const parts = Array.from({ length: 60 }, (_, i) =>
      quoteParts(book('litbank', `book-${i}`, ['a', 'b'])),
    );
    for (const p of parts) expect(new Set(p).size).toBe(1);
    const held = parts.filter((p) => p[0] === 'held-out').length;
    // About a third (a hash, so not exactly).
    expect(held).toBeGreaterThan(10);
    expect(held).toBeLessThan(30);
    expect(quoteParts(book('litbank', 'book-7', ['a']))).toEqual(parts[7]?.slice(0, 1));
  });

  it('holds out whole chapters of a PDNC novel', () => {
    const paragraphs = Array.from({ length: 30 }, (_, c) => [`CHAPTER ${c + 1}.`, 'x', 'y']).flat();
    const parts = quoteParts(book('pdnc', 'Novel', paragraphs));
    const perChapter = new Map<number, Set<string>>();
    chapterNumbers(paragraphs).forEach((c, i) =>
      perChapter.set(c, (perChapter.get(c) ?? new Set()).add(parts[i] as string)),
    );
    for (const set of perChapter.values()) expect(set.size).toBe(1);
    expect(new Set(parts)).toEqual(new Set(['dev', 'held-out']));
  });
});
