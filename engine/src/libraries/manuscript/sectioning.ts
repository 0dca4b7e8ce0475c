/**
 * Finds chapters in a flat run of blocks when the file has no navigation of its own (TXT, DOCX,
 * a PDF without outline, an EPUB without a usable nav). In order of trust:
 *   1. the book's own table of contents, matched against headings later in the text;
 *   2. explicit headings (DOCX heading styles, PDF font sizes, XHTML h1–h6) at the chapter level;
 *   3. chapter-label patterns ("CHAPTER IV", "Kapitel 3", "II."), numerals checked as a sequence;
 *   4. file boundaries (EPUB spine documents) or page breaks.
 * Tables of contents themselves are recognised so their entries never become chapters.
 */
import { countWords } from './paragraphs.ts';
import { chapterLabel, type ChapterLabel } from './txt-headings.ts';
import type { Block, RawSection } from './types.ts';

const TOC_HEADING =
  /^((the )?(table of )?contents|inhalt(sverzeichnis)?|[íi]ndice|sommario|table des mati[eè]res|sumario|inhoud)\.?:?$/i;

function isShort(block: Block, maxWords = 15): boolean {
  return (
    countWords(block.text) <= maxWords &&
    block.text.length <= maxWords * 12 &&
    block.text.split('\n').filter((l) => l.trim()).length <= 3
  );
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Removes a leading bullet and a trailing page number ("A Scandal In Bohemia 3", "IV ...... 19"). */
export function stripTocDecorations(text: string): string {
  let t = oneLine(text).replace(/^[•·▪◦*\-–]\s*/, '');
  const leaders = /\s*(\.\s*){2,}\s*\S*$/;
  if (leaders.test(t)) return t.replace(leaders, '').trim();
  const trailing = /\s+(\d{1,4})$/.exec(t);
  if (trailing) {
    const rest = t.slice(0, trailing.index);
    if (countWords(rest) >= 2 || (chapterLabel(rest)?.n ?? null) !== null) t = rest;
  }
  return t.trim();
}

interface Key {
  norm: string;
  label: string | null;
}

function keyOf(text: string): Key {
  const clean = stripTocDecorations(text);
  const label = chapterLabel(clean);
  return {
    norm: clean.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''),
    label: label && label.n !== null ? `${label.type === 'part' ? 'p' : 'c'}:${label.n}` : null,
  };
}

function sameEntry(a: Key, b: Key): boolean {
  if (!a.norm || !b.norm) return false;
  if (a.norm === b.norm) return true;
  if (a.label && b.label) return a.label === b.label;
  const [shorter, longer] = a.norm.length <= b.norm.length ? [a.norm, b.norm] : [b.norm, a.norm];
  return shorter.length >= 6 && longer.startsWith(shorter);
}

interface TocRun {
  start: number;
  end: number; // exclusive
  entries: Key[];
}

/** A "Contents" heading followed by short entries, up to the first long block or repeat. */
function findTocRuns(blocks: Block[]): TocRun[] {
  const runs: TocRun[] = [];
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i] as Block;
    if (!isShort(block, 5) || !TOC_HEADING.test(oneLine(block.text))) continue;
    const entries: Key[] = [];
    let j = i + 1;
    for (; j < blocks.length && entries.length < 1000; j += 1) {
      const b = blocks[j] as Block;
      if (!isShort(b, 25)) break;
      const key = keyOf(b.text);
      if (!key.norm || /^(page|seite|pagina|pag)$/.test(key.norm)) continue;
      if (entries.some((e) => sameEntry(e, key))) break; // the body starts with the first entry again
      entries.push(key);
    }
    if (entries.length >= 2) {
      runs.push({ start: i, end: j, entries });
      i = j - 1;
    }
  }
  // Contents without a heading: four or more chapter labels in a row with nothing between.
  let runStart = -1;
  for (let i = 0; i <= blocks.length; i += 1) {
    const b = blocks[i];
    const isEntry =
      b !== undefined && isShort(b, 12) && chapterLabel(stripTocDecorations(b.text)) !== null;
    if (isEntry && runStart < 0) runStart = i;
    if (!isEntry && runStart >= 0) {
      if (i - runStart >= 4 && !runs.some((r) => runStart < r.end && i > r.start)) {
        const slice = blocks.slice(runStart, i);
        const keys = slice.map((x) => keyOf(x.text));
        const distinctNext = blocks[i] && !isShort(blocks[i] as Block);
        // A run of headings each followed by nothing is a list; the last one may be a real heading.
        runs.push({ start: runStart, end: distinctNext ? i - 1 : i, entries: keys });
      }
      runStart = -1;
    }
  }
  return runs.sort((a, b) => a.start - b.start);
}

function inRuns(index: number, runs: TocRun[]): boolean {
  return runs.some((r) => index >= r.start && index < r.end);
}

/** Boundaries from the book's own contents list: each entry found, in order, as a short block. */
function tocGuided(blocks: Block[], runs: TocRun[]): number[] | null {
  const run = runs.find(
    (r) =>
      r.entries.length >= 3 &&
      blocks[r.start] &&
      TOC_HEADING.test(oneLine((blocks[r.start] as Block).text)),
  );
  if (!run) return null;
  const found: number[] = [];
  let from = run.end;
  for (const entry of run.entries) {
    for (let j = from; j < blocks.length; j += 1) {
      const b = blocks[j] as Block;
      if (inRuns(j, runs) || !isShort(b, 25)) continue;
      if (sameEntry(entry, keyOf(b.text))) {
        found.push(j);
        from = j + 1;
        break;
      }
    }
  }
  return found.length >= 3 && found.length >= run.entries.length * 0.5 ? found : null;
}

/**
 * Heading blocks that start something: all of them except a line that completes the heading
 * above it ("Chapter I" / "Down the Rabbit-Hole", both set as headings of one level).
 */
function headingStarts(blocks: Block[], runs: TocRun[]): Array<{ index: number; level: number }> {
  const out: Array<{ index: number; level: number }> = [];
  blocks.forEach((block, i) => {
    const level = block.heading;
    if (level === undefined || level < 1 || inRuns(i, runs)) return;
    const prev = blocks[i - 1];
    const label = prev ? chapterLabel(oneLine(prev.text)) : null;
    if (prev?.heading === level && label !== null && label.title === null) return;
    out.push({ index: i, level });
  });
  return out;
}

function countHeadingRun(blocks: Block[], start: number): number {
  let n = 0;
  while (blocks[start + n]?.heading !== undefined) n += 1;
  return n;
}

/**
 * The chapter level: the shallowest level used at least twice, unless its headings are mostly
 * "Part"/"Book" containers, in which case the chapters are one level deeper. Every heading at
 * or above the chapter level starts a section (empty part sections are folded later).
 */
function explicitBoundaries(blocks: Block[], runs: TocRun[]): number[] | null {
  const starts = headingStarts(blocks, runs);
  const byLevel = new Map<number, string[]>();
  for (const s of starts)
    byLevel.set(s.level, [...(byLevel.get(s.level) ?? []), (blocks[s.index] as Block).text]);
  let chosen: number | null = null;
  for (const level of [...byLevel.keys()].sort((a, b) => a - b)) {
    const texts = byLevel.get(level) ?? [];
    if (texts.length < 2) continue;
    chosen = level;
    const parts = texts.filter((t) => chapterLabel(oneLine(t))?.type === 'part').length;
    if (parts * 2 <= texts.length) break;
  }
  if (chosen === null) return null;
  const level = chosen;
  return starts.filter((s) => s.level <= level).map((s) => s.index);
}

/** Pattern labels, with bare numerals kept only where they count up (I, II, III ...). */
function labelBoundaries(blocks: Block[], runs: TocRun[]): number[] {
  const out: number[] = [];
  let expect: number | null = null;
  let afterPart: number | null = null;
  blocks.forEach((b, i) => {
    if (inRuns(i, runs) || !isShort(b, 24) || b.text.split('\n').filter((l) => l.trim()).length > 2)
      return;
    const label = chapterLabel(oneLine(b.text));
    if (!label) return;
    // A long line needs its unit named ("CHAPTER 12. LIKING LIFE ON MY OWN ACCOUNT NO BETTER, …").
    if (label.type === 'numeral' && !isShort(b, 12)) return;
    if (label.type === 'part') {
      out.push(i);
      // Chapters in a new part restart at 1 or keep counting (Book II opening at XIX).
      afterPart = expect;
      expect = null;
      return;
    }
    if (label.type !== 'numeral') {
      out.push(i);
      return;
    }
    const n = label.n ?? -1;
    if ((expect === null && (n === 1 || n === afterPart)) || n === expect) {
      out.push(i);
      expect = n + 1;
      afterPart = null;
    }
  });
  // Where chapters are named ("CHAPTER IV"), bare numerals inside them number scenes.
  const named = out.filter(
    (i) => chapterLabel(oneLine((blocks[i] as Block).text))?.type === 'chapter',
  );
  if (named.length >= 2) {
    return out.filter((i) => chapterLabel(oneLine((blocks[i] as Block).text))?.type !== 'numeral');
  }
  // A lone numeral "1" is not a chapter structure.
  const strong = out.filter(
    (i) => chapterLabel(oneLine((blocks[i] as Block).text))?.type !== 'numeral',
  );
  return out.length - strong.length === 1 && strong.length === 0 ? [] : out;
}

function isSubtitle(block: Block | undefined, label: ChapterLabel | null): boolean {
  if (!block || !isShort(block, 14) || block.text.split('\n').length > 2) return false;
  const text = oneLine(block.text);
  if (chapterLabel(text) || TOC_HEADING.test(text)) return false;
  if (block.heading !== undefined) return true;
  if (label?.title) return false;
  // A line in capitals under a chapter label is its title, however long its sentence
  // ("WHAT I SAW OF THE DESTRUCTION OF WEYBRIDGE AND SHEPPERTON.").
  if (/\p{Lu}{2}/u.test(text) && text === text.toUpperCase()) return true;
  if (!isShort(block, 10)) return false;
  if (/["“”‘’'»«]/.test(text.slice(0, 1)) || /[!?,;:]/.test(text)) return false;
  if (/\.["”’»]?$/.test(text) && countWords(text) > 6) return false;
  // Titles capitalise most of their words ("Down the Rabbit-Hole"); sentences do not.
  const words = text.split(' ').filter((w) => /\p{L}/u.test(w));
  const capitalised = words.filter((w) => /^[\p{Lu}\d]/u.test(w)).length;
  return /^[\p{Lu}\d]/u.test(text) && capitalised >= Math.ceil(words.length / 2);
}

/** Words a title line cannot end on: it goes on below. */
const CONNECTORS = new Set(
  'and or of the a an to in on at for with from by e ed o di del della dei da in con per et ou de du des la le les und oder der die das von zu y el los las'.split(
    ' ',
  ),
);

/**
 * Whether `block` is the rest of a title wrapped onto a second line: a short line of its own,
 * no heading label, and either both lines in capitals with the first not ending a sentence
 * ("…DESTRUCTION OF WEYBRIDGE AND" / "SHEPPERTON."), or the first ending on a word a title
 * cannot end on ("…of Weybridge and" / "Shepperton").
 */
function continuesTitle(previous: string, block: Block | undefined): boolean {
  if (!block || block.heading !== undefined || !isShort(block, 8)) return false;
  const text = oneLine(block.text);
  const prev = oneLine(previous);
  if (chapterLabel(text) || TOC_HEADING.test(text) || /[.!?:]["”’»]?$/.test(prev)) return false;
  const last = prev.split(' ').pop()?.toLowerCase() ?? '';
  const capitals = (t: string) => /\p{L}/u.test(t) && t === t.toUpperCase();
  if (capitals(prev) && capitals(text)) return true;
  return CONNECTORS.has(last) && /^[\p{Lu}\d]/u.test(text);
}

function joinTitle(parts: string[]): string {
  return parts
    .map(oneLine)
    .filter(Boolean)
    .reduce((acc, part) => {
      if (!acc) return part;
      // A wrapped title line goes on without a stop.
      const wrapped = CONNECTORS.has(acc.split(' ').pop()?.toLowerCase() ?? '');
      return /[.:!?—–-]$/.test(acc) || wrapped ? `${acc} ${part}` : `${acc}. ${part}`;
    }, '');
}

/** Cuts blocks into sections at the chosen boundaries; the blocks before the first are untitled. */
function cut(blocks: Block[], boundaries: number[], absorbSubtitles = true): RawSection[] {
  const sorted = [...new Set(boundaries)].sort((a, b) => a - b);
  const sections: RawSection[] = [];
  if ((sorted[0] ?? blocks.length) > 0) {
    sections.push({ title: null, blocks: blocks.slice(0, sorted[0] ?? blocks.length) });
  }
  sorted.forEach((start, k) => {
    const end = sorted[k + 1] ?? blocks.length;
    const head = blocks[start] as Block;
    const titleParts = [head.text];
    let body = start + 1;
    // Consecutive heading blocks belong to the title ("Chapter I" / "Down the Rabbit-Hole").
    while (body < end && head.heading !== undefined && blocks[body]?.heading !== undefined) {
      titleParts.push((blocks[body] as Block).text);
      body += 1;
    }
    if (absorbSubtitles && body + 1 < end && titleParts.length === 1) {
      const label = chapterLabel(oneLine(head.text));
      if (label && isSubtitle(blocks[body], label)) {
        titleParts.push((blocks[body] as Block).text);
        body += 1;
      }
    }
    // A title wrapped onto the next line ("…OF WEYBRIDGE AND" / "SHEPPERTON.").
    while (
      absorbSubtitles &&
      body + 1 < end &&
      titleParts.length < 4 &&
      continuesTitle(titleParts[titleParts.length - 1] as string, blocks[body])
    ) {
      titleParts.push((blocks[body] as Block).text);
      body += 1;
    }
    sections.push({ title: joinTitle(titleParts), blocks: blocks.slice(body, end) });
  });
  return sections.filter((s) => s.title !== null || s.blocks.length > 0);
}

/** Spine documents or hard page breaks as a last resort, titled by their first heading. */
function cutAtBreaks(blocks: Block[]): RawSection[] | null {
  const starts = blocks.map((b, i) => (b.breakBefore ? i : -1)).filter((i) => i >= 0);
  if (starts.length < 2) return null;
  const bounds = [0, ...starts.filter((i) => i > 0), blocks.length];
  const sections: RawSection[] = [];
  for (let k = 0; k + 1 < bounds.length; k += 1) {
    const slice = blocks.slice(bounds[k], bounds[k + 1]);
    if (!slice.length) continue;
    const head = slice[0] as Block;
    const titled = head.heading !== undefined && isShort(head);
    sections.push({
      title: titled ? oneLine(head.text) : null,
      blocks: titled ? slice.slice(1) : slice,
    });
  }
  return sections;
}

export function sectionBlocks(blocks: Block[]): RawSection[] {
  if (!blocks.length) return [];
  const runs = findTocRuns(blocks);
  const toc = tocGuided(blocks, runs);
  if (toc) return cut(blocks, toc, true);
  const explicit = explicitBoundaries(blocks, runs);
  const labels = labelBoundaries(blocks, runs);
  if (explicit && explicit.length >= 2) {
    // Strong labels typed as plain paragraphs still count ("Chapter 9" in Normal style).
    const strong = labels.filter((i) => {
      const t = chapterLabel(oneLine((blocks[i] as Block).text))?.type;
      return (
        (t === 'chapter' || t === 'special') &&
        !explicit.some((e) => i >= e && i < e + countHeadingRun(blocks, e))
      );
    });
    return cut(blocks, [...explicit, ...strong], true);
  }
  if (labels.length >= 1) return cut(blocks, labels, true);
  const weak = weakHeadings(blocks);
  if (weak) return cut(blocks, weak, false);
  return cutAtBreaks(blocks) ?? [{ title: null, blocks }];
}

/**
 * Last resort before file breaks: short title-like lines standing after a wide gap (plain text
 * separates "THE SISTERS" from the story before it by several blank lines), when they cut the
 * text into sections of a plausible length.
 */
function weakHeadings(blocks: Block[]): number[] | null {
  const found = blocks
    .map((b, i) => ({ b, i }))
    .filter(({ b, i }) => {
      const text = oneLine(b.text);
      return (
        b.breakBefore === true &&
        i + 1 < blocks.length &&
        isShort(b, 10) &&
        /\p{L}/u.test(text) &&
        !/[,;!?]$/.test(text) &&
        (text === text.toUpperCase() || /^[\p{Lu}\d]/u.test(text)) &&
        !(blocks[i + 1] as Block).breakBefore
      );
    })
    .map(({ i }) => i);
  if (found.length < 2) return null;
  const words = blocks.reduce((n, b) => n + countWords(b.text), 0);
  return words / found.length >= 400 ? found : null;
}
