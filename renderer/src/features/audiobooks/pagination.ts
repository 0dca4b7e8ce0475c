/** Page arithmetic shared by the library and long chapters. Pure. */

export function pageCount(total: number, perPage: number): number {
  if (!Number.isFinite(total) || total <= 0 || perPage <= 0) return 1;
  return Math.ceil(total / perPage);
}

/** A requested page clamped into 1..pageCount. */
export function clampPage(page: number, total: number, perPage: number): number {
  const last = pageCount(total, perPage);
  if (!Number.isFinite(page)) return 1;
  return Math.min(last, Math.max(1, Math.floor(page)));
}

/** "21–40 of 95"; "0 of 0" when empty. `shown` is how many items the page really holds. */
export function rangeLabel(page: number, perPage: number, shown: number, total: number): string {
  if (total <= 0 || shown <= 0) return `0 of ${Math.max(0, total)}`;
  const first = (page - 1) * perPage + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}

export type PageItem = number | 'gap';

/**
 * Page buttons to show: always the first and last page, the current one with `around`
 * neighbours on each side, and a gap where pages are left out. A gap never stands for a single
 * page (that page is shown instead), so the list is stable and short: at most 2·around + 5.
 */
export function pageItems(current: number, last: number, around = 1): PageItem[] {
  if (last <= 1) return [1];
  const page = Math.min(last, Math.max(1, current));
  const wanted = new Set<number>([1, last]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= last) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}

/** Chapters longer than this open in pages; shorter ones are shown whole. */
export const LONG_CHAPTER_PARAGRAPHS = 80;
export const PARAGRAPHS_PER_PAGE = 50;

/** The paging a chapter's paragraph listing asks for, or null for "all in one answer". */
export function paragraphPaging(
  paragraphCount: number,
  mode: 'auto' | 'all' | 'pages',
  page: number,
): { page: number; per_page: number } | null {
  const paged = mode === 'pages' || (mode === 'auto' && paragraphCount > LONG_CHAPTER_PARAGRAPHS);
  if (!paged) return null;
  return {
    page: clampPage(page, paragraphCount, PARAGRAPHS_PER_PAGE),
    per_page: PARAGRAPHS_PER_PAGE,
  };
}
