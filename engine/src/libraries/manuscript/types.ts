/**
 * The manuscript library's public shapes (the interface the audiobook routes and jobs code
 * against) and the internal block model every format reader produces.
 *
 * Spec: document 2, "Manuscript" (upload/parse/paste) and "Chapter" (skip_narration): front and
 * back matter become skippable chapters rather than being dropped, so a narrator can still
 * choose to read a preface.
 */

export type ManuscriptFormat = 'pdf' | 'epub' | 'docx' | 'txt';

export type SectionKind = 'chapter' | 'front_matter' | 'back_matter';

export interface ExtractedChapter {
  title: string;
  /** front/back matter become skippable chapters (skip_narration = true), never narration. */
  kind: SectionKind;
  paragraphs: string[];
}

export interface ExtractedBook {
  format: ManuscriptFormat;
  title: string | null;
  author: string | null;
  /** BCP 47 primary tag ("en", "de", "it") from the file's metadata, else guessed from the text. */
  language: string | null;
  chapters: ExtractedChapter[];
  /** User-facing notes about the extraction (lost headings, removed boilerplate, ...). */
  warnings: string[];
}

export interface ExtractOptions {
  /** The uploaded name, with its extension; checked against the sniffed content. */
  filename: string;
  signal?: AbortSignal;
}

/**
 * One unit of text as a reader found it: a paragraph, a heading, a table row, a line of verse.
 * Text may still hold hard line breaks and soft hyphens; paragraphs.ts cleans it.
 */
export interface Block {
  text: string;
  /** Explicit heading level (1 = most important) from markup, a style or a font size. */
  heading?: number;
  /** The block opens a new file, page run or hard page break (a chapter usually does). */
  breakBefore?: boolean;
  /** Semantic hint from the source (EPUB epub:type, PG boilerplate class, DOCX style name). */
  semantic?: string;
  /** EPUB: the part of the book the source itself declares (body/section epub:type). */
  matter?: SectionKind;
  /** EPUB: element ids that point at this block (navigation targets). */
  anchors?: string[];
  /** The text was already split into paragraphs by the reader: do not split on line breaks. */
  preformatted?: boolean;
}

/** A run of blocks with the title a table of contents or a detected heading gave it. */
export interface RawSection {
  title: string | null;
  blocks: Block[];
  /** Kind the source declares (EPUB epub:type, Gutenberg markers); classification may refine it. */
  kindHint?: SectionKind;
  /** The section starts at an entry of the book's own table of contents or outline. */
  fromToc?: boolean;
}

/** What each format reader hands to the shared assembly step. */
export interface ReaderResult {
  title: string | null;
  author: string | null;
  language: string | null;
  /** Either sections cut by the book's own navigation, or one flat run of blocks to section. */
  sections: RawSection[] | null;
  blocks: Block[];
  warnings: string[];
}
