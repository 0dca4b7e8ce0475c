/**
 * Upload and extraction limits. The spec leaves the upload size limit's value open (document 2,
 * "Limits": "Numeric value of ... the upload size limit: not shown"); 50 MiB covers an
 * illustrated EPUB or a typeset PDF of a long novel while keeping parsing in memory safe.
 * The upload route answers this number as the "maximum accepted size in bytes".
 */
export const MAX_MANUSCRIPT_BYTES = 50 * 1024 * 1024;

/** Pasted text (POST .../manuscript/paste) is held to the same budget, counted in UTF-8 bytes. */
export const MAX_PASTE_BYTES = MAX_MANUSCRIPT_BYTES;

/**
 * Zip containers (EPUB, DOCX): a zip bomb is refused before it is inflated where the central
 * directory gives it away, and while inflating where it lies. Only the text entries a reader
 * asks for are ever inflated; images are never touched.
 */
export const ZIP_LIMITS = {
  /** Entries in the central directory. A novel EPUB has a few hundred at most. */
  maxEntries: 10_000,
  /** Bytes inflated across all entries read from one file. */
  maxTotalUncompressed: 256 * 1024 * 1024,
  /** Bytes inflated for a single entry. */
  maxEntryUncompressed: 64 * 1024 * 1024,
  /** Inflated/compressed ratio allowed for entries over `ratioFloorBytes`; XML is ~5–10x. */
  maxCompressionRatio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const;

/**
 * Text of one book, in characters (and a TXT file's size in bytes): 8 Mi is about 1.4 million
 * words, more than the longest novels (Clarissa, ~1 million). Beyond it a manuscript is refused
 * with 413 (`reason: text_too_long`) before it is parsed: the parse of an 8 MiB text that is one
 * unbroken line peaked at 560 MB for the whole engine, a 45 MiB one at 2.5 GB (issue 25).
 */
export const MAX_BOOK_TEXT = 8 * 1024 * 1024;

export const PDF_LIMITS = {
  maxPages: 5_000,
  /** Characters of text kept from one PDF; beyond this the file is refused as not a book. */
  maxTextChars: MAX_BOOK_TEXT,
  /**
   * A Flate stream pdf.js would inflate whole (page content, a font, an object stream): a text
   * page is kilobytes, a large CJK font about 20 MiB (pdf-streams.ts).
   */
  maxStreamBytes: 32 * 1024 * 1024,
} as const;
