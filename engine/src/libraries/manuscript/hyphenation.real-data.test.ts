/**
 * Line-end hyphens in a real typeset PDF (The Adventures of Sherlock Holmes, shared data set):
 * compounds broken at their hyphen stay compounds, words broken into syllables are one word.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realData } from '../../../../test/helpers/requirements.ts';
import { extractManuscript } from './index.ts';

const dir = realData('books/pdf');

describe.skipIf(!dir)('hyphenation in a real PDF', () => {
  it('keeps "well-groomed" and "worm-eaten", and reads no half-words', async () => {
    const file = path.join(dir as string, 'Adventures-Of-Sherlock-Holmes.pdf');
    const book = await extractManuscript(file, { filename: path.basename(file) });
    const text = book.chapters.flatMap((c) => c.paragraphs).join('\n');
    for (const compound of ['well-groomed', 'worm-eaten', 'stone-flagged', 'keen-witted']) {
      expect(text).toContain(compound);
      expect(text).not.toContain(compound.replace('-', ''));
    }
    expect(text).not.toMatch(/\p{Ll}- \p{Ll}/u);
  });
});
