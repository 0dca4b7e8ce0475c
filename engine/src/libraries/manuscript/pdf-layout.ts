/**
 * Typeset page layout → blocks. Running headers and footers (a line set apart at the top or
 * bottom of many pages, or carrying the page number) and bare page numbers are removed;
 * footnotes in small type below the text are dropped; lines become paragraphs at indents,
 * vertical gaps and short sentence-final lines; hyphenated line ends are rejoined using the
 * document's own vocabulary; larger type becomes headings, ranked by size.
 * Issue 5 item 2: "PDF reading order with running headers/footers and page numbers removed
 * and hyphenation joined".
 */
import { joinLine, repairSplitWords, type Vocabulary } from './paragraphs.ts';
import type { PdfLine } from './pdf-lines.ts';
import { chapterLabel } from './txt-headings.ts';
import type { Block } from './types.ts';

export interface Layout {
  bodySize: number;
  leading: number;
  /** Distinct heading sizes, largest first; a heading's level is its index + 1. */
  headingSizes: number[];
}

const PAGE_NUMBER =
  /^[\s\-–—[(]*(page|seite|pagina|pág\.?|p\.)?\s*(\d{1,4}|[ivxlcdm]{1,7})(\s*(of|von|di|\/)\s*\d{1,4})?[\s\-–—\])]*$/i;

function normalizeRunning(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b[ivxlcdm]{1,7}\b/g, '#')
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

export function measureLayout(lines: PdfLine[]): Layout {
  const weights = new Map<number, number>();
  for (const l of lines) {
    const key = Math.round(l.size * 2) / 2;
    weights.set(key, (weights.get(key) ?? 0) + l.text.length);
  }
  let bodySize = 10;
  let best = -1;
  for (const [size, weight] of weights) {
    if (weight > best) {
      bodySize = size;
      best = weight;
    }
  }
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const a = lines[i - 1] as PdfLine;
    const b = lines[i] as PdfLine;
    if (
      a.page === b.page &&
      Math.abs(a.size - bodySize) < 0.6 &&
      Math.abs(b.size - bodySize) < 0.6
    ) {
      const gap = a.y - b.y;
      if (gap > 0 && gap < bodySize * 3) gaps.push(gap);
    }
  }
  gaps.sort((x, y) => x - y);
  const leading = gaps[Math.floor(gaps.length / 2)] ?? bodySize * 1.2;
  const headingSizes = [...weights.keys()].filter((s) => s >= bodySize * 1.1).sort((a, b) => b - a);
  return { bodySize, leading, headingSizes };
}

/** One pass: the top and bottom line of each page, when set apart, are furniture candidates. */
function furniturePass(pages: PdfLine[][], layout: Layout, pass: number): Set<PdfLine> {
  const { bodySize, leading } = layout;
  const candidates: Array<{ line: PdfLine; norm: string; gap: number }> = [];
  const gap = (a: PdfLine, b: PdfLine): number => Math.abs(a.y - b.y);
  const separated = (a: PdfLine, b: PdfLine): boolean => gap(a, b) > leading * 1.3;
  for (const lines of pages) {
    if (lines.length === 1) {
      const only = lines[0] as PdfLine;
      if (PAGE_NUMBER.test(only.text)) candidates.push({ line: only, norm: '#', gap: Infinity });
      continue;
    }
    if (lines.length < 2) continue;
    const top = lines[0] as PdfLine;
    const bottom = lines[lines.length - 1] as PdfLine;
    const below = lines[1] as PdfLine;
    const above = lines[lines.length - 2] as PdfLine;
    if (separated(top, below)) {
      candidates.push({ line: top, norm: normalizeRunning(top.text), gap: gap(top, below) });
    }
    if (separated(bottom, above)) {
      candidates.push({
        line: bottom,
        norm: normalizeRunning(bottom.text),
        gap: gap(bottom, above),
      });
    }
  }
  const counts = new Map<string, number>();
  for (const c of candidates) counts.set(c.norm, (counts.get(c.norm) ?? 0) + 1);
  const repeatFloor = Math.max(3, Math.round(pages.length * 0.05));
  const drop = new Set<PdfLine>();
  for (const c of candidates) {
    const { text, size } = c.line;
    const words = text.split(/\s+/).length;
    const bodyish = size <= bodySize * 1.1;
    if (
      PAGE_NUMBER.test(text) ||
      (bodyish && (counts.get(c.norm) ?? 0) >= repeatFloor) ||
      // "CHAPTER I. DOWN THE RABBIT-HOLE 5": set well apart from the text, carrying a number.
      // Only on the first pass, so a contents line ("The Bay 3") left at the bottom survives.
      (pass === 0 &&
        c.gap > leading * 2 &&
        bodyish &&
        words <= 14 &&
        /(^\d{1,4}\s+\S|\S\s+\d{1,4}$)/.test(text))
    ) {
      drop.add(c.line);
    }
  }
  return drop;
}

/** Removes running headers/footers, page numbers and bottom-of-page footnotes, page by page. */
export function removePageFurniture(pages: PdfLine[][], layout: Layout): PdfLine[][] {
  const { bodySize } = layout;
  // Text in hair-thin type (producer stamps, hidden watermarks) is never part of the book.
  let current = pages.map((lines) => lines.filter((l) => l.size >= bodySize * 0.5));
  // Two passes: a header line and a page-number line may be stacked.
  for (let pass = 0; pass < 2; pass += 1) {
    const drop = furniturePass(current, layout, pass);
    if (!drop.size) break;
    current = current.map((lines) => lines.filter((l) => !drop.has(l)));
  }
  return current.map((kept) => {
    // Footnotes: a tail of small-type lines after the last line in body type.
    let lastBody = -1;
    kept.forEach((l, i) => {
      if (l.size >= bodySize * 0.9) lastBody = i;
    });
    return lastBody >= 0 ? kept.filter((l, i) => i <= lastBody || l.size >= bodySize * 0.9) : kept;
  });
}

function headingLevel(line: PdfLine, layout: Layout): number | undefined {
  if (line.size < layout.bodySize * 1.1 || !/\p{L}/u.test(line.text)) return undefined;
  const key = Math.round(line.size * 2) / 2;
  const index = layout.headingSizes.indexOf(key);
  return index >= 0 ? index + 1 : layout.headingSizes.length || 1;
}

function modeOf(values: number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(Math.round(v), (counts.get(Math.round(v)) ?? 0) + 1);
  let best = 0;
  let bestCount = -1;
  for (const [v, n] of counts) {
    if (n > bestCount || (n === bestCount && v < best)) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

const SENTENCE_END = /[.!?…:;]["”’»)\]]*$|["”’»]$/;
const OPENS_NEW = /^[\p{Lu}"“‘'«»„(—–-]/u;

/**
 * Lines (already in reading order, furniture removed) → heading and paragraph blocks.
 * `vocabulary` should hold the whole document's words for hyphenation decisions.
 */
export function linesToBlocks(lines: PdfLine[], layout: Layout, vocabulary: Vocabulary): Block[] {
  const { bodySize, leading } = layout;
  const byPage = new Map<number, PdfLine[]>();
  for (const l of lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  const margins = new Map<number, { left: number; right: number }>();
  for (const [page, pl] of byPage) {
    const body = pl.filter((l) => Math.abs(l.size - bodySize) < 1);
    const xs = (body.length ? body : pl).map((l) => l.x0);
    const rights = (body.length ? body : pl).map((l) => l.x1).sort((a, b) => a - b);
    margins.set(page, { left: modeOf(xs), right: rights[Math.floor(rights.length * 0.9)] ?? 0 });
  }

  const blocks: Block[] = [];
  let current: { lines: string[]; heading?: number } | null = null;
  const flush = (): void => {
    if (current?.lines.length) {
      let text = '';
      for (const l of current.lines) text = text ? joinLine(text, l, vocabulary, 'typeset') : l;
      text = repairSplitWords(text, vocabulary);
      const block: Block = { text };
      if (current.heading !== undefined) block.heading = current.heading;
      blocks.push(block);
    }
    current = null;
  };

  lines.forEach((line, i) => {
    const prev = lines[i - 1];
    const next = lines[i + 1];
    const level = headingLevel(line, layout);
    if (level !== undefined) {
      // A heading wrapped over lines stays one block; "Chapter I" above its title does not.
      const sameHeading =
        current?.heading === level &&
        prev !== undefined &&
        prev.page === line.page &&
        prev.y - line.y < line.size * 1.6 &&
        chapterLabel(prev.text) === null;
      if (!sameHeading) flush();
      if (!current) current = { lines: [], heading: level };
      current.lines.push(line.text);
      return;
    }
    const em = line.size || bodySize;
    const margin = margins.get(line.page) ?? { left: line.x0, right: line.x1 };
    let starts = !current || current.heading !== undefined || !prev;
    if (!starts && prev) {
      if (prev.page === line.page && prev.y - line.y > leading * 1.5) starts = true;
      const fromMargin = line.x0 - margin.left;
      if (fromMargin >= em * 0.8 && fromMargin <= em * 4) starts = true;
      if (next && next.page === line.page && headingLevel(next, layout) === undefined) {
        const fromNext = line.x0 - next.x0;
        if (fromNext >= em * 0.8 && fromNext <= em * 4) starts = true;
      }
      const prevMargin = margins.get(prev.page) ?? margin;
      if (
        prev.x1 < prevMargin.right - em * 3 &&
        SENTENCE_END.test(prev.text) &&
        OPENS_NEW.test(line.text)
      ) {
        starts = true;
      }
    }
    if (starts) flush();
    if (!current) current = { lines: [] };
    current.lines.push(line.text);
  });
  flush();
  return blocks;
}
