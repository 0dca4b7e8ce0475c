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

export const PDF_LIMITS = {
  maxPages: 5_000,
  /** Characters of text kept from one PDF; beyond this the file is refused as not a book. */
  maxTextChars: 20_000_000,
} as const;
