/**
 * The dev books in the shared data set (TAPEHOUSE_DATA_DIR/books): exact chapter counts, as
 * established in scripts/eval/chapters-truth.ts, and no licence boilerplate in narration.
 * Outside CI a missing data set skips loudly; in CI it fails (test/helpers/requirements.ts).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realData } from '../../../../test/helpers/requirements.ts';
import { extractManuscript } from './index.ts';

const BOOKS: Array<[string, number]> = [
  ['epub/pg_alice-in-wonderland.epub', 12],
  ['epub/pg_frankenstein.epub', 28],
  ['epub/pg_moby-dick.epub', 138],
  ['epub/se_jane-austen_pride-and-prejudice.epub', 61],
  ['pdf/Adventures-Of-Sherlock-Holmes.pdf', 12],
  ['pdf/Alice-In-Wonderland.pdf', 13],
  ['docx/frankenstein.docx', 4],
  ['docx/pride-and-prejudice.docx', 61],
  ['txt/de_kafka_die-verwandlung_pg22367.txt', 3],
  ['txt/en_litbank_105_persuasion.txt', 24],
  ['txt/en_litbank_11_alices_adventures_in_wonderland.txt', 12],
];

const dir = realData('books');

describe.skipIf(!dir)('real books', () => {
  it.each(BOOKS)('%s has %i chapters', async (relative, chapters) => {
    const file = path.join(dir as string, relative);
    const book = await extractManuscript(file, { filename: path.basename(file) });
    const narrated = book.chapters.filter((c) => c.kind === 'chapter');
    expect(narrated.map((c) => c.title)).toHaveLength(chapters);
    const text = narrated.flatMap((c) => c.paragraphs).join('\n');
    expect(text).not.toMatch(/Project Gutenberg|START OF THE PROJECT|Table of Contents/i);
    expect(book.language).toBe(relative.includes('kafka') ? 'de' : 'en');
  });
});
