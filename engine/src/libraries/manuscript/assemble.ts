/**
 * The shared last step for every format: Project Gutenberg boilerplate cut away, sections found
 * (when the reader had no navigation), repeated headings removed, empty part/title entries folded
 * into the chapter they introduce, each section classified as chapter / front / back matter,
 * paragraphs cleaned, warnings written for the user.
 */
import { AppError, throwIfCancelled } from '../../errors.ts';
import {
  GUTENBERG_END,
  GUTENBERG_START,
  judgeSection,
  looksLikeToc,
  placeMatter,
  type Verdict,
} from './front-matter.ts';
import { detectLanguage, normalizeLanguage } from './language.ts';
import { defaultChapterTitle, defaultTitles } from './default-titles.ts';
import { cleanParagraph, countWords } from './paragraphs.ts';
import { sectionBlocks } from './sectioning.ts';
import { chapterLabel, isPartLabel } from './txt-headings.ts';
import type {
  Block,
  ExtractedBook,
  ExtractedChapter,
  ManuscriptFormat,
  RawSection,
  ReaderResult,
  SectionKind,
} from './types.ts';

/** A chapter this long in a book of several usually means headings were lost after it. */
const LONG_CHAPTER_WORDS = 40_000;

const PG_HEADER = 'Project Gutenberg header';
const PG_LICENCE = 'Project Gutenberg licence';

function isStart(block: Block): boolean {
  return block.text.length < 400 && GUTENBERG_START.test(block.text.trim());
}

function isEnd(block: Block): boolean {
  return block.text.length < 400 && GUTENBERG_END.test(block.text.trim());
}

/** Splits a flat block run at the Project Gutenberg START/END markers. */
function splitGutenbergBlocks(blocks: Block[]): { head: Block[]; body: Block[]; tail: Block[] } {
  const start = blocks.findIndex(isStart);
  const from = start >= 0 ? start + 1 : 0;
  const endRel = blocks.slice(from).findIndex(isEnd);
  const end = endRel >= 0 ? from + endRel : blocks.length;
  return { head: blocks.slice(0, from), body: blocks.slice(from, end), tail: blocks.slice(end) };
}

/** The same cut applied to sections a table of contents produced. */
function splitGutenbergSections(sections: RawSection[]): RawSection[] {
  const out: RawSection[] = [];
  let afterEnd = false;
  for (const section of sections) {
    if (afterEnd) {
      out.push({ ...section, kindHint: 'back_matter' });
      continue;
    }
    const startAt = section.blocks.findIndex(isStart);
    let blocks = section.blocks;
    if (startAt >= 0) {
      out.push({
        title: PG_HEADER,
        blocks: blocks.slice(0, startAt + 1),
        kindHint: 'front_matter',
      });
      blocks = blocks.slice(startAt + 1);
    }
    const endAt = blocks.findIndex(isEnd);
    if (endAt >= 0) {
      if (endAt > 0 || startAt >= 0) out.push({ ...section, blocks: blocks.slice(0, endAt) });
      out.push({ title: PG_LICENCE, blocks: blocks.slice(endAt), kindHint: 'back_matter' });
      afterEnd = true;
      continue;
    }
    out.push({ ...section, blocks });
  }
  return out.filter((s) => s.blocks.length > 0 || s.title);
}

function wordsOf(section: RawSection): number {
  return section.blocks.reduce((n, b) => n + countWords(b.text), 0);
}

/** A navigation entry's own heading repeats its title; the narration starts after it. */
function normalized(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function dropLeadingHeadings(section: RawSection): RawSection {
  const titleKey = normalized(section.title ?? '');
  let i = 0;
  while (i < section.blocks.length && i < 4) {
    const b = section.blocks[i] as Block;
    if (countWords(b.text) > 20) break;
    // A heading, or a body-type line that repeats the title ("CHAPTER TWO" / "THE FALLING STAR").
    const key = normalized(b.text);
    const shouted = b.text === b.text.toUpperCase() || chapterLabel(b.text) !== null;
    const repeatsTitle = shouted && key.length > 0 && titleKey.includes(key);
    if (b.heading === undefined && !repeatsTitle) break;
    i += 1;
  }
  if (!i) return section;
  // An outline titled "Down the Rabbit-Hole" over a page headed "Chapter I": keep the number.
  let title = section.title;
  if (title && !chapterLabel(title)) {
    const label = section.blocks
      .slice(0, i)
      .map((b) => b.text.replace(/\s+/g, ' ').trim())
      .find(
        (t) =>
          countWords(t) <= 4 &&
          chapterLabel(t)?.n !== null &&
          chapterLabel(t)?.n !== undefined &&
          !chapterLabel(t)?.title,
      );
    if (label && !title.toLowerCase().includes(label.toLowerCase())) title = `${label}. ${title}`;
  }
  return { ...section, title, blocks: section.blocks.slice(i) };
}

function declaredMatter(section: RawSection, bookTitle: string | null): boolean {
  const v = judgeSection(section, bookTitle);
  return v === 'matter' || v === 'front' || v === 'back';
}

/**
 * Folds sections with no text of their own (a "Part One" page, a heading whose text sits under
 * its first sub-entry) into the section after them, joining the titles. Title pages and other
 * declared matter stay where they are.
 */
function foldEmpty(sections: RawSection[], bookTitle: string | null): RawSection[] {
  const out: RawSection[] = [];
  let carry: RawSection | null = null;
  for (const section of sections) {
    let current = section;
    // "Chapter 1" with nothing under it, then "Chapter 2": a contents list, not a title.
    if (carry && isChapterish(carry.title) && isChapterish(section.title) && wordsOf(carry) === 0)
      carry = null;
    if (carry) {
      current = {
        ...section,
        title:
          [carry.title, section.title].filter(Boolean).join('. ').replace(/\.\. /g, '. ') || null,
        blocks: [...carry.blocks, ...section.blocks],
        kindHint: section.kindHint ?? carry.kindHint,
        fromToc: section.fromToc ?? carry.fromToc,
      };
      carry = null;
    }
    // Judged on the section's own title and text: a folded-in part title does not make it empty.
    const words = wordsOf(section);
    const empty = words === 0 || (isPartLabel(section.title ?? '') && words < 60);
    if (empty && !declaredMatter({ ...current, blocks: [] }, bookTitle)) {
      carry = current;
      continue;
    }
    out.push(current);
  }
  if (carry && wordsOf(carry) > 0) out.push(carry);
  return out;
}

function isChapterish(title: string | null): boolean {
  const label = title ? chapterLabel(title) : null;
  return label !== null && label.type !== 'part';
}

/** A title page: several very short lines among the first blocks ("PRIDE.", "and", "by"). */
function opensWithTitlePage(blocks: Block[]): boolean {
  return blocks.slice(0, 8).filter((b) => countWords(b.text) <= 5).length >= 3;
}

function resolveKinds(sections: RawSection[], bookTitle: string | null): SectionKind[] {
  const verdicts: Verdict[] = sections.map((s) => judgeSection(s, bookTitle));
  const words = sections.map(wordsOf);
  const firstNarration = verdicts.indexOf('narration');
  const resolved: Verdict[] = verdicts.map((v, i) => {
    if (v !== 'unknown') return v;
    const section = sections[i] as RawSection;
    if (section.title === null && i === 0 && sections.length > 1) {
      const matter =
        (words[i] ?? 0) < 300 || opensWithTitlePage(section.blocks) || looksLikeToc(section.blocks);
      return matter ? 'front' : 'narration';
    }
    if (firstNarration < 0 || i < firstNarration)
      return (words[i] ?? 0) >= 150 ? 'narration' : 'front';
    return 'narration';
  });
  const first = resolved.indexOf('narration');
  const last = resolved.lastIndexOf('narration');
  return resolved.map((v, i) => {
    if (v === 'narration') return 'chapter';
    if (v === 'front') return 'front_matter';
    if (v === 'back') return 'back_matter';
    return placeMatter(i, first, last, sections[i]?.title ?? null);
  });
}

function paragraphsOf(section: RawSection): string[] {
  const out: string[] = [];
  for (const block of section.blocks) {
    const text = cleanParagraph(block.text);
    if (text) out.push(text);
  }
  return out;
}

/** The section's own title, cleaned; null when the book gives none (a default comes later). */
function ownTitle(title: string | null): string | null {
  const t = title ? cleanParagraph(title) : '';
  if (t) return t.length > 200 ? `${t.slice(0, 197)}...` : t;
  return null;
}

/** Default titles in the book's language for the sections left untitled, numbering chapters. */
function nameUntitled(
  chapters: ExtractedChapter[],
  untitled: Set<ExtractedChapter>,
  language: string | null,
): void {
  const titles = defaultTitles(language);
  let ordinal = 0;
  for (const chapter of chapters) {
    if (chapter.kind === 'chapter') ordinal += 1;
    if (!untitled.has(chapter)) continue;
    if (chapter.kind === 'front_matter') chapter.title = titles.front;
    else if (chapter.kind === 'back_matter') chapter.title = titles.back;
    else chapter.title = defaultChapterTitle(language, ordinal);
  }
}

export function assembleBook(
  format: ManuscriptFormat,
  result: ReaderResult,
  signal?: AbortSignal,
): ExtractedBook {
  const warnings = [...result.warnings];
  let sections: RawSection[];
  if (result.sections && result.sections.length > 0) {
    sections = splitGutenbergSections(result.sections.map(dropLeadingHeadings));
  } else {
    const { head, body, tail } = splitGutenbergBlocks(result.blocks);
    sections = [
      ...(head.length
        ? [{ title: PG_HEADER, blocks: head, kindHint: 'front_matter' as const }]
        : []),
      ...sectionBlocks(body),
      ...(tail.length
        ? [{ title: PG_LICENCE, blocks: tail, kindHint: 'back_matter' as const }]
        : []),
    ];
  }
  throwIfCancelled(signal);
  if (sections.some((s) => s.title === PG_HEADER || s.title === PG_LICENCE)) {
    warnings.push(
      'The Project Gutenberg header and licence were kept as skippable sections, not narration.',
    );
  }
  sections = foldEmpty(sections, result.title);
  const kinds = resolveKinds(sections, result.title);

  const chapters: ExtractedChapter[] = [];
  const untitled = new Set<ExtractedChapter>();
  sections.forEach((section, i) => {
    const paragraphs = paragraphsOf(section);
    if (!paragraphs.length) return;
    const kind = kinds[i] ?? 'chapter';
    const title = ownTitle(section.title);
    const chapter: ExtractedChapter = { title: title ?? '', kind, paragraphs };
    if (title === null) untitled.add(chapter);
    chapters.push(chapter);
  });

  const totalWords = chapters.reduce(
    (n, c) => n + c.paragraphs.reduce((m, p) => m + countWords(p), 0),
    0,
  );
  if (totalWords === 0) {
    throw new AppError(
      'validation_error',
      format === 'pdf'
        ? 'The PDF has no text layer (it may be scanned images); upload a PDF with selectable text, or an EPUB, DOCX or TXT.'
        : 'The manuscript contains no readable text.',
    );
  }
  ensureOneChapter(chapters);

  const narrated = chapters.filter((c) => c.kind === 'chapter');
  const only = narrated[0];
  const labelled = only !== undefined && (untitled.has(only) || chapterLabel(only.title) !== null);
  if (narrated.length === 1 && !labelled && totalWords > 3000) {
    warnings.push(
      'No chapter headings were found, so the text is one chapter. Headings such as "Chapter 1" on a line of their own split it.',
    );
  }
  if (narrated.length > 1) {
    for (const c of narrated) {
      const words = c.paragraphs.reduce((m, p) => m + countWords(p), 0);
      if (words > LONG_CHAPTER_WORDS) {
        warnings.push(
          `"${c.title}" is very long (${words} words); the file may have lost the chapter headings after it.`,
        );
      }
    }
  }

  const sample = narrated
    .flatMap((c) => c.paragraphs)
    .slice(0, 400)
    .join(' ');
  const language = normalizeLanguage(result.language) ?? detectLanguage(sample);
  nameUntitled(chapters, untitled, language);
  return {
    format,
    title: cleanMeta(result.title),
    author: cleanMeta(result.author),
    language,
    chapters,
    warnings,
  };
}

/** A book always has something to narrate: promote the largest non-boilerplate section. */
function ensureOneChapter(chapters: ExtractedChapter[]): void {
  if (chapters.some((c) => c.kind === 'chapter')) return;
  let best: ExtractedChapter | null = null;
  let bestWords = -1;
  for (const c of chapters) {
    if (c.title === PG_HEADER || c.title === PG_LICENCE) continue;
    const words = c.paragraphs.reduce((m, p) => m + countWords(p), 0);
    if (words > bestWords) {
      best = c;
      bestWords = words;
    }
  }
  if (!best) return;
  best.kind = 'chapter';
}

function cleanMeta(value: string | null): string | null {
  const t = value?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
}
