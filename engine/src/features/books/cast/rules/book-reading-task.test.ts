// The speaker reading runs in the worker pool (book-reading-task.ts) so a novel's seconds of CPU
// never stall the engine's event loop; what crosses the thread must be the same reading, Maps
// included, as the one computed in-process.
import { isMainThread } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerPool } from '../../../../jobs/worker-pool.ts';
import {
  BOOK_READING_TASK,
  readBook,
  readingInput,
  type BookReading,
  type BookReadingInput,
} from './book-reading-task.ts';

const TEXT = [
  'Martha Quill came into the kitchen. "The kettle is cold again," said Martha.',
  '"Then light the stove," answered Mr. Tobias Hale.',
  '"I lit it an hour ago," she said.',
  'Hale shrugged and went back to his paper.',
  '"Quill, you never listen," said Tobias.',
];

const input: BookReadingInput = {
  paragraphs: TEXT.map((text, i) => ({
    id: `p${i}`,
    text,
    character_name: null,
    locked: false,
    speaker_cleared: false,
    chapter_id: 'c1',
  })),
  language: 'en-US',
  aliases: [],
};

const pool = new WorkerPool(1);
afterAll(() => pool.close());

describe('the book reading task', () => {
  it('gives in a worker thread the reading computed in-process, attributions included', async () => {
    const here = readBook(input);
    const there = await pool.run<BookReading>(BOOK_READING_TASK, input);
    expect(isMainThread).toBe(true);
    expect(there.instant).toBeInstanceOf(Map);
    expect(there).toEqual(here);
    // "she said" resolved to Martha; "Tobias" merged into Mr. Tobias Hale by the context pass.
    const speakers = there.reading.paragraphs.map((p) => p.speaker);
    expect(speakers[2]).toBe('Martha');
    expect(speakers[4]).toBe('Mr. Tobias Hale');
    expect(there.instant.get('p4')).toBe('Tobias');
  });
});

describe('the reading input from the book’s rows', () => {
  const row = (id: string, chapterId: string, text: string) =>
    ({
      id,
      chapterId,
      text,
      characterName: null,
      locked: false,
      speakerCleared: false,
    }) as unknown as Parameters<typeof readingInput>[1][number];

  it('leaves the author and the credits out of the cast (issue 28)', () => {
    const built = readingInput(
      { author: 'Jane Austen' },
      [
        row('t0', 'front', 'Pride and Prejudice, by Jane Austen. Transcribed by Mary Meehan.'),
        row('p0', 'c1', 'Jane Austen was not there; Jane was.'),
        row('p1', 'c1', '“I am glad,” said Jane.'),
        row('p2', 'c1', '“So am I,” said Mary.'),
      ],
      [
        { id: 'front', kind: 'front_matter' },
        { id: 'c1', kind: 'chapter' },
      ],
      { language: 'en', aliases: [] },
    );
    expect(built.bookPeople).toEqual(['Jane Austen']);
    expect(built.paragraphs.map((p) => p.matter)).toEqual([true, false, false, false]);
    const cast = readBook(built).reading.characters.flatMap((c) => [c.name, ...c.aliases]);
    expect(cast).toEqual(expect.arrayContaining(['Jane', 'Mary']));
    expect(cast).not.toContain('Jane Austen');
    expect(cast).not.toContain('Mary Meehan');
  });
});
