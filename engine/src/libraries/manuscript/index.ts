/**
 * Manuscript extraction: PDF, EPUB, DOCX and TXT files (and pasted text) into a book of
 * chapters and paragraphs. A pure library: no routes, no database; the audiobook parse and
 * paste jobs call it. Document 2, "Manuscript"; issue 5 item 2.
 */
export { extractManuscript, extractPlainText } from './extract.ts';
export { MAX_MANUSCRIPT_BYTES } from './limits.ts';
export { sniffFormat } from './sniff.ts';
export type {
  ExtractedBook,
  ExtractedChapter,
  ExtractOptions,
  ManuscriptFormat,
  SectionKind,
} from './types.ts';
