/**
 * Tells narration from matter around it. Title pages, tables of contents, licence boilerplate
 * (the Project Gutenberg header and licence), imprints, colophons, prefaces by editors and
 * indexes become skippable chapters (kind front_matter/back_matter), never narration. Issue 5
 * item 2; document 2, "Chapter" (skip_narration).
 */
import { countWords } from './paragraphs.ts';
import { chapterLabel } from './txt-headings.ts';
import type { Block, RawSection, SectionKind } from './types.ts';

/** "*** START OF THE PROJECT GUTENBERG EBOOK ...", with or without asterisks; older wordings too. */
export const GUTENBERG_START =
  /(\*{3}\s*START OF (THE|THIS) PROJECT GUTENBERG|^\s*START OF (THE|THIS) PROJECT GUTENBERG E-?BOOK|\*END\*\s*THE SMALL PRINT)/i;
export const GUTENBERG_END =
  /(\*{3}\s*END OF (THE|THIS) PROJECT GUTENBERG|^\s*END OF (THE|THIS) PROJECT GUTENBERG E-?BOOK|^\s*End of (the )?Project Gutenberg'?s? )/i;

const FRONT_TITLE =
  /^(the )?(table of )?contents?\b|^title ?page|^half ?title|^copyright|^imprint|^dedication|^acknowledge?ments?|^about (the|this) (book|edition|e-?book)|^also by\b|^praise for\b|^(list of )?illustrations?\b|^list of (plates|figures|maps)|^transcriber'?s?’?s? notes?|^(original )?transcriber|^editor'?s?’?s? (note|preface|introduction)|^note on the text|^preface\b|^foreword\b|^introduction\b|^prefatory|^publisher'?s?’?s? note|^frontispiece|^cover\b|^inhalt(sverzeichnis)?\b|^vorwort\b|^einleitung\b|^widmung\b|^[íi]ndice\b|^sommario\b|^prefazione\b|^introduzione\b|^dedica\b|^table des mati[eè]res|^pr[ée]face\b|^avant-propos|^sumario\b|^pr[óo]logo del editor/i;
const BACK_TITLE =
  /(project gutenberg|^(the )?full (project gutenberg )?licen[cs]e|^licen[cs]e\b|^colophon|^uncopyright|^end ?notes|^notes\b|^footnotes|^index\b|^glossary|^bibliography|^about the author|^appendi(x|ces)\b|^anhang\b|^anmerkungen\b|^nachwort des herausgebers|^note\b|^appendice\b|^errata|^advertisements?\b|^catalogue\b)/i;

/** epub:type values (and our own markers) that are never narration. */
const NON_NARRATED_SEMANTIC = new Set(
  (
    'titlepage halftitlepage imprint copyright-page colophon uncopyright toc landmarks loi lot ' +
    'dedication acknowledgments endnotes footnotes rearnotes index glossary bibliography ' +
    'other-credits contributors seriespage errata pg-boilerplate preface foreword introduction ' +
    'epigraph'
  ).split(' '),
);
const NARRATED_SEMANTIC = new Set(
  'chapter prologue epilogue part volume division afterword conclusion z3998:fiction'.split(' '),
);

export type Verdict = 'narration' | 'front' | 'back' | 'matter' | 'unknown';

function dominantSemantic(blocks: Block[]): string | undefined {
  const weights = new Map<string, number>();
  for (const b of blocks) {
    if (!b.semantic) continue;
    weights.set(b.semantic, (weights.get(b.semantic) ?? 0) + countWords(b.text) + 1);
  }
  let best: string | undefined;
  let bestWeight = 0;
  for (const [semantic, weight] of weights) {
    if (weight > bestWeight) {
      best = semantic;
      bestWeight = weight;
    }
  }
  return best;
}

export function isGutenbergBoilerplate(blocks: Block[]): boolean {
  const text = blocks.map((b) => b.text).join('\n');
  if (GUTENBERG_START.test(text) || GUTENBERG_END.test(text)) return true;
  const mentions = text.match(/project gutenberg/gi)?.length ?? 0;
  const words = countWords(text);
  return mentions >= 2 && mentions * 150 >= words;
}

/** A table of contents: mostly short lines that are chapter labels or end in page numbers. */
export function looksLikeToc(blocks: Block[]): boolean {
  const lines = blocks
    .flatMap((b) => b.text.split('\n'))
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length < 3) return false;
  const short = lines.filter((l) => countWords(l) <= 14);
  const entries = lines.filter(
    (l) => chapterLabel(l) !== null || /(\.{2,}|\s)\s*(\d{1,4}|[ivxlc]{1,7})$/i.test(l),
  );
  return short.length >= lines.length * 0.7 && entries.length >= Math.max(3, lines.length * 0.4);
}

/** Copyright pages, licences, ISBN blocks: short sections that are about the book, not of it. */
function looksLikeLegal(blocks: Block[], words: number): boolean {
  if (words > 600) return false;
  const text = blocks.map((b) => b.text).join(' ');
  return /all rights reserved|\bISBN\b|copyright ©|©\s*\d{4}|public domain|creative commons|licen[cs]ed under/i.test(
    text,
  );
}

/**
 * What a section is, from the strongest evidence available: what the source declares
 * (epub:type, EPUB front/back matter), its title, then its content. 'matter' means "not
 * narration" with front or back decided by position; 'unknown' means nothing speaks against
 * narration.
 */
export function judgeSection(section: RawSection, bookTitle: string | null): Verdict {
  const blocks = section.blocks;
  const words = blocks.reduce((n, b) => n + countWords(b.text), 0);
  const title = (section.title ?? '').replace(/\s+/g, ' ').trim();
  if (isGutenbergBoilerplate(blocks) || /project gutenberg/i.test(title)) return 'matter';

  const semantic = dominantSemantic(blocks);
  if (semantic && NON_NARRATED_SEMANTIC.has(semantic)) return 'matter';
  const label = title ? chapterLabel(title) : null;
  if (semantic && NARRATED_SEMANTIC.has(semantic)) return 'narration';
  if (section.kindHint === 'front_matter') return label ? 'narration' : 'front';
  if (section.kindHint === 'back_matter') return label ? 'narration' : 'back';

  if (title && FRONT_TITLE.test(title)) return 'matter';
  if (title && BACK_TITLE.test(title)) return 'matter';
  if (looksLikeToc(blocks)) return 'matter';
  if (looksLikeLegal(blocks, words)) return 'matter';
  if (title && bookTitle && sameTitle(title, bookTitle) && words < 400) return 'matter';
  if (section.kindHint === 'chapter' || label) return 'narration';
  return 'unknown';
}

export function sameTitle(a: string, b: string): boolean {
  const norm = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const x = norm(a);
  const y = norm(b);
  return x.length > 0 && (x === y || (x.length >= 8 && (y.startsWith(x) || x.startsWith(y))));
}

/**
 * Front or back for a non-narration section: before the first narrated section it is front
 * matter, after the last it is back matter; in between, its title decides.
 */
export function placeMatter(
  index: number,
  firstNarration: number,
  lastNarration: number,
  title: string | null,
): SectionKind {
  if (firstNarration < 0 || index < firstNarration) return 'front_matter';
  if (index > lastNarration) return 'back_matter';
  return title && FRONT_TITLE.test(title) ? 'front_matter' : 'back_matter';
}
