/**
 * The manuscript and cast libraries together on a real EPUB (Standard Ebooks' Pride and
 * Prejudice from TAPEHOUSE_DATA_DIR/books): extraction, then the context pass and the rule 10
 * split, as the parse job and the annotation job would run them.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realData } from '../../../../../../test/helpers/requirements.ts';
import { extractManuscript } from '../../../../libraries/manuscript/index.ts';
import { withinTolerance } from '../../screenplay/screenplay-annotation.ts';
import { annotateWithoutModel } from '../../../../libraries/speaker-attribution/index.ts';

const dir = realData('books/epub');

describe.skipIf(!dir)('Pride and Prejudice, EPUB → manuscript → cast', () => {
  it('merges name variants, splits mixed paragraphs and keeps every word', async () => {
    const file = path.join(dir as string, 'se_jane-austen_pride-and-prejudice.epub');
    const book = await extractManuscript(file, { filename: path.basename(file) });
    const paragraphs = book.chapters
      .filter((c) => c.kind === 'chapter')
      .flatMap((c, chapter) =>
        c.paragraphs.map((text, i) => ({
          id: `c${chapter}p${i}`,
          text,
          character_name: null,
          locked: false,
          speaker_cleared: false,
          chapter_id: `c${chapter}`,
        })),
      );
    const { lines, reading } = annotateWithoutModel({
      paragraphs,
      scope: new Set(paragraphs.map((p) => p.id)),
      language: book.language ?? 'en',
    });

    // Title and name variants are one cast member.
    const named = (form: string) =>
      reading.characters.find((c) => c.name === form || c.aliases.includes(form));
    expect(named('Darcy')).toBeDefined();
    expect(named('Mr. Darcy')).toBe(named('Darcy'));
    expect(named('Lizzy')).toBe(named('Elizabeth'));
    expect(named('Mr. Bennet')).not.toBe(named('Mrs. Bennet'));
    expect(reading.aliases).toContainEqual({ name: 'Mr. Darcy', alias_of: 'Darcy' });

    // A mixed paragraph becomes dialogue in the speaker's voice and narration in the narrator's.
    const index = paragraphs.findIndex((p) => p.text.includes('you may cough as much as you'));
    const split = lines.get(paragraphs[index]?.id ?? '') ?? [];
    expect(split.map((l) => l.speaker)).toEqual(['Mr. Bennet', null]);
    expect(split[1]?.text).toMatch(/^said Mr\. Bennet; and, as he spoke, he left the room/);

    // "cried his wife": a descriptor read as the character the book names.
    const wife = paragraphs.findIndex((p) => p.text.includes('cried his wife impatiently'));
    expect(lines.get(paragraphs[wife]?.id ?? '')?.[0]?.speaker).toBe('Mrs. Bennet');

    // Every paragraph's lines hold its words (rule 10's ±5 %: here exactly).
    for (const p of paragraphs) expect(withinTolerance(p.text, lines.get(p.id) ?? [])).toBe(true);
    const speech = reading.paragraphs.filter((p) => p.lines.some((l) => l.kind === 'dialogue'));
    const voiced = speech.filter((p) => p.lines.some((l) => l.speaker !== null));
    console.log(
      `Pride and Prejudice: ${paragraphs.length} paragraphs, ${speech.length} with dialogue, ${voiced.length} with a speaker, ${reading.characters.length} characters`,
    );
    expect(voiced.length / speech.length).toBeGreaterThan(0.4);
  });
});
