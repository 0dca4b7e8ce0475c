/**
 * `audiobook_screenplay_annotation` (document 2, rule 10): chapter by chapter, sendable
 * paragraphs go to the chat endpoint in batches, or, with no endpoint configured, take their
 * lines from the cast library's context reading of the whole book; each accepted answer is
 * applied in one transaction:
 * - the first line keeps the paragraph's id, new lines are inserted right after it;
 * - a line whose text changes loses its audio and becomes `pending`;
 * - character_name is rewritten on every line in scope (lock a line to protect it);
 * - a direction the caller wrote is kept.
 * With character voices on, new characters get a library voice (never a designed one).
 *
 * Not idempotent: a re-run after a crash would split lines already split, so an interrupted
 * annotation fails (engine_restart) and keeps what it wrote.
 */
import { z } from 'zod';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import { textColumns, type ChapterRepo, type ParagraphPatch } from '../chapters/chapter-repo.ts';
import { batches } from '../cast/llm-speakers.ts';
import {
  annotateBatch,
  annotateWithoutChat,
  withinTolerance,
  type AnnotatedLine,
} from './screenplay-annotation.ts';
import { sendable, type AnnotationCounts } from './screenplay-service.ts';
import type { ParagraphRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import { DEFAULT_LANGUAGE } from '../projects/views.ts';
import type { Books } from '../books.ts';
import type { LineStatus } from '../status/line-status.ts';

const input = z.object({
  project_id: z.string().uuid(),
  chapter_ids: z.array(z.string().uuid()),
});

/** Writes one paragraph's accepted lines. Returns whether it was split. */
export function applyLines(
  chapters: ChapterRepo,
  lineStatus: LineStatus,
  paragraph: ParagraphRow,
  lines: AnnotatedLine[],
): boolean {
  const [first, ...rest] = lines;
  if (!first) return false;
  chapters.transaction(() => {
    const patch: ParagraphPatch = {
      characterName: first.speaker,
      characterSetBy: 'annotation',
      ...(first.speaker !== null && { speakerCleared: false }),
    };
    const rewritten = first.text !== paragraph.text;
    if (rewritten) Object.assign(patch, textColumns(first.text));
    if (paragraph.directionSetBy !== 'user' && first.direction !== '') {
      patch.direction = first.direction;
      patch.directionSetBy = 'annotation';
    }
    chapters.updateParagraph(paragraph.id, patch);
    if (rewritten) lineStatus.audioRemoved(paragraph.id);
    // Its position now: earlier splits of the same batch have moved the lines after them.
    const current = chapters.paragraphsByIds([paragraph.id])[0] ?? paragraph;
    chapters.insertAfter(
      current,
      rest.map((line) => ({
        ...textColumns(line.text),
        characterName: line.speaker,
        characterSetBy: 'annotation',
        direction: line.direction,
        directionSetBy: line.direction === '' ? null : 'annotation',
        speed: paragraph.speed,
      })),
    );
  });
  return rest.length > 0;
}

type Answers = (batch: ParagraphRow[]) => Promise<Map<string, AnnotatedLine[]>>;

/**
 * Where the lines come from: the chat endpoint batch by batch when one is configured, else the
 * cast library's context reading of the whole book, made once (its aliases and gender hints are
 * recorded on the cast, rule 8).
 */
function answerSource(
  books: Books,
  project: ProjectRow,
  scope: ParagraphRow[],
  known: Set<string>,
  signal: AbortSignal,
): Answers {
  const { repos, cast, chat } = books;
  const language = project.language ?? DEFAULT_LANGUAGE;
  if (chat.configured) {
    return (batch) => annotateBatch(chat, batch, { language, knownSpeakers: [...known] }, signal);
  }
  const { lines, reading } = annotateWithoutChat(
    repos.chapters.bookParagraphs(project.id),
    new Set(scope.map((p) => p.id)),
    { language, aliases: cast.castAliases(project.id) },
  );
  cast.applyReading(project, reading);
  return (batch) => {
    const answers = new Map<string, AnnotatedLine[]>();
    for (const p of batch) {
      const found = lines.get(p.id);
      if (found) answers.set(p.id, found);
    }
    return Promise.resolve(answers);
  };
}

export const makeScreenplayJob = (
  books: Books,
): JobHandler<z.infer<typeof input>, AnnotationCounts> => ({
  type: JOB_TYPES.screenplay,
  resource: 'io',
  idempotent: false,
  input,
  async run({ jobId, ownerId, input, signal, progress }) {
    const { repos, cast, screenplay } = books;
    const project = repos.projects.owned(ownerId, input.project_id);
    if (!project) throw new AppError('not_found', 'The project was deleted.');
    const counts: AnnotationCounts = {
      chapters_processed: 0,
      paragraphs_split: 0,
      speakers: [],
      skipped_paragraphs: 0,
    };
    screenplay.live.set(jobId, counts);
    const chapters = repos.chapters.chaptersByIds(project.id, input.chapter_ids);
    const known = new Set(
      repos.chapters
        .bookParagraphs(project.id)
        .map((p) => p.characterName)
        .filter((n): n is string => !!n),
    );
    progress({ percent: 0, stage: 'annotating' });
    const inScope = chapters.map((chapter) =>
      repos.chapters.paragraphs(chapter.id).filter((p) => sendable(p, chapter)),
    );
    const answersFor = answerSource(books, project, inScope.flat(), known, signal);
    for (const [index, chapter] of chapters.entries()) {
      const paragraphs = inScope[index] ?? [];
      for (const batch of batches(paragraphs)) {
        throwIfCancelled(signal);
        const answers = await answersFor(batch);
        throwIfCancelled(signal);
        const current = new Map(
          repos.chapters.paragraphsByIds(batch.map((p) => p.id)).map((p) => [p.id, p]),
        );
        for (const original of batch) {
          const lines = answers.get(original.id);
          const paragraph = current.get(original.id);
          // Changed meanwhile (locked, queued, text edited) or no usable answer: left alone.
          if (
            !lines ||
            !paragraph ||
            paragraph.text !== original.text ||
            !sendable(paragraph, chapter) ||
            !withinTolerance(paragraph.text, lines)
          ) {
            counts.skipped_paragraphs += 1;
            continue;
          }
          if (applyLines(repos.chapters, books.lineStatus, paragraph, lines)) {
            counts.paragraphs_split += 1;
          }
          for (const line of lines) {
            if (line.speaker === null) continue;
            known.add(line.speaker);
            if (!counts.speakers.some((s) => s.toLowerCase() === line.speaker?.toLowerCase())) {
              counts.speakers.push(line.speaker);
            }
          }
        }
      }
      counts.chapters_processed = index + 1;
      progress({
        percent: ((index + 1) / chapters.length) * 98,
        stage: `annotating (${index + 1}/${chapters.length} chapters)`,
      });
    }
    // Lines whose text changed lost their audio: their chapters and the book follow.
    books.status.linesChanged(
      project.id,
      chapters.map((c) => c.id),
    );
    const latest = repos.projects.get(project.id) ?? project;
    if (latest.multiVoice) cast.pickVoices(latest);
    screenplay.live.delete(jobId);
    return counts;
  },
});
