/**
 * Worker-thread task (jobs/worker-pool.ts): the whole-book speaker reading, the context pass
 * (readCast) and the instant pass (detectSpeakers), off the engine's main thread. On a long
 * novel it is seconds of CPU (Moby-Dick: 11.4 s of one 16 s stall under load, measured with a
 * CPU profile of the crash test); on the event loop it stalled every HTTP request and the fetch
 * proxy that yt-dlp downloads go through, so downloads hit yt-dlp's 20 s socket timeout.
 * Input and output are plain data (Maps survive the structured clone).
 */
import type { ChapterRow, ParagraphRow, ProjectRow } from '../../../../db/schema/audiobook.ts';
import type { WorkerTask } from '../../../../jobs/worker-protocol.ts';
import {
  detectSpeakers,
  readCast,
  type CastAlias,
  type CastReading,
  type ContextParagraph,
} from '../../../../libraries/speaker-attribution/index.ts';

export const BOOK_READING_TASK = new URL(import.meta.url);

export interface BookReadingInput {
  paragraphs: ContextParagraph[];
  language: string;
  aliases: CastAlias[];
  /** The author and other makers of the book: never characters. */
  bookPeople?: string[];
}

export interface BookReading {
  /** The context pass: lines, speakers, characters and name variants. */
  reading: CastReading;
  /** The instant pass's speaker per paragraph id (it fills what the context pass leaves). */
  instant: Map<string, string>;
}

/**
 * The reading's input from the book's rows: names on the title page and in the credits (front
 * and back matter) and the author are the book's makers, not its people (docs/api/audiobook.md
 * "Cast").
 */
export function readingInput(
  project: Pick<ProjectRow, 'author'>,
  paragraphs: ParagraphRow[],
  chapters: Pick<ChapterRow, 'id' | 'kind'>[],
  rest: { language: string; aliases: CastAlias[] },
): BookReadingInput {
  const matter = new Set(chapters.filter((c) => c.kind !== 'chapter').map((c) => c.id));
  return {
    paragraphs: paragraphs.map((p) => ({
      id: p.id,
      text: p.text,
      character_name: p.characterName,
      locked: p.locked,
      speaker_cleared: p.speakerCleared,
      chapter_id: p.chapterId,
      matter: matter.has(p.chapterId),
    })),
    ...rest,
    bookPeople: project.author.trim() === '' ? [] : [project.author.trim()],
  };
}

/** The reading itself, on whichever thread calls it. */
export function readBook(input: BookReadingInput): BookReading {
  const reading = readCast(input.paragraphs, {
    language: input.language,
    aliases: input.aliases,
    ...(input.bookPeople !== undefined && { bookPeople: input.bookPeople }),
  });
  const instant = detectSpeakers(input.paragraphs, { language: input.language });
  return { reading, instant: new Map(instant.attributions) };
}

export const run: WorkerTask<BookReadingInput, BookReading> = (input, ctx) => {
  ctx.progress(0, 'reading speakers');
  const result = readBook(input);
  ctx.progress(100, 'read');
  return Promise.resolve(result);
};
