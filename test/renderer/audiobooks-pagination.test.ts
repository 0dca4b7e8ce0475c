import { describe, expect, it } from 'vitest';
import {
  LONG_CHAPTER_PARAGRAPHS,
  PARAGRAPHS_PER_PAGE,
  clampPage,
  pageCount,
  pageItems,
  paragraphPaging,
  rangeLabel,
} from '../../renderer/src/features/audiobooks/pagination.ts';

describe('audiobook pagination', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(95, 20)).toBe(5);
    expect(pageCount(10, 0)).toBe(1);
    expect(pageCount(Number.NaN, 10)).toBe(1);
  });

  it('clamps a page into range', () => {
    expect(clampPage(0, 95, 20)).toBe(1);
    expect(clampPage(9, 95, 20)).toBe(5);
    expect(clampPage(2.7, 95, 20)).toBe(2);
    expect(clampPage(Number.NaN, 95, 20)).toBe(1);
  });

  it('labels the range shown', () => {
    expect(rangeLabel(1, 20, 20, 95)).toBe('1–20 of 95');
    expect(rangeLabel(5, 20, 15, 95)).toBe('81–95 of 95');
    expect(rangeLabel(1, 20, 0, 0)).toBe('0 of 0');
  });

  it('lists page buttons with gaps, never a gap for one page', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
    expect(pageItems(99, 10)).toEqual([1, 'gap', 9, 10]);
    for (let last = 1; last <= 40; last++) {
      for (let page = 1; page <= last; page++) {
        const items = pageItems(page, last);
        expect(items.length).toBeLessThanOrEqual(7);
        expect(items).toContain(page);
        const numbers = items.filter((item): item is number => item !== 'gap');
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });

  it('pages long chapters only (opt-in listing), or as asked', () => {
    expect(paragraphPaging(LONG_CHAPTER_PARAGRAPHS, 'auto', 1)).toBeNull();
    expect(paragraphPaging(LONG_CHAPTER_PARAGRAPHS + 1, 'auto', 1)).toEqual({
      page: 1,
      per_page: PARAGRAPHS_PER_PAGE,
    });
    expect(paragraphPaging(500, 'all', 3)).toBeNull();
    expect(paragraphPaging(10, 'pages', 1)).toEqual({ page: 1, per_page: PARAGRAPHS_PER_PAGE });
    expect(paragraphPaging(120, 'pages', 9)).toEqual({ page: 3, per_page: PARAGRAPHS_PER_PAGE });
  });
});
