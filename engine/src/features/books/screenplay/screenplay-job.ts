/**
 * `audiobook_screenplay_annotation` (document 2, rule 10): the rules read the whole book and cut
 * its paragraphs into lines; with a language model set up, the model names each quotation's
 * speaker and direction passage by passage (screenplay-annotation.ts) and each answered paragraph
 * is applied as its passage returns; the rest of the scope takes the rules' lines, chapter by
 * chapter. Each accepted answer is applied in one transaction:
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
import { batches } from '../cast/detection-limits.ts';
import {
  annotateWithModel,
  rulesLines,
  withinTolerance,
  type AnnotatedLine,
} from './screenplay-annotation.ts';
import { sendable, type AnnotationCounts } from './screenplay-service.ts';
import type { ParagraphRow } from '../../../db/schema/audiobook.ts';
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
    progress({ percent: 0, stage: 'reading the book' });
    const inScope = chapters.map((chapter) =>
      repos.chapters.paragraphs(chapter.id).filter((p) => sendable(p, chapter)),
    );
    const chapterOf = new Map(chapters.map((c) => [c.id, c]));
    const { reading, rows: book } = await cast.readingOf(project);
    throwIfCancelled(signal);
    cast.applyReading(project, reading);
    const indexOf = new Map(book.map((p, i) => [p.id, i]));
    /** Writes one paragraph's lines if it is still as it was read and they hold its words. */
    const apply = (original: ParagraphRow, lines: AnnotatedLine[]) => {
      const chapter = chapterOf.get(original.chapterId);
      const paragraph = repos.chapters.paragraphsByIds([original.id])[0];
      // Changed meanwhile (locked, queued, text edited) or no usable answer: left alone.
      if (
        !chapter ||
        !paragraph ||
        paragraph.text !== original.text ||
        !sendable(paragraph, chapter) ||
        !withinTolerance(paragraph.text, lines)
      ) {
        counts.skipped_paragraphs += 1;
        return;
      }
      if (applyLines(repos.chapters, books.lineStatus, paragraph, lines)) {
        counts.paragraphs_split += 1;
      }
      for (const line of lines) {
        if (line.speaker === null) continue;
        if (!counts.speakers.some((s) => s.toLowerCase() === line.speaker?.toLowerCase())) {
          counts.speakers.push(line.speaker);
        }
      }
    };
    let rest = new Set(inScope.flat().map((p) => p.id));
    if (books.language.available()) {
      const model = books.language.label() ?? 'the language model';
      rest = await annotateWithModel({
        book,
        reading,
        scope: rest,
        language: project.language ?? DEFAULT_LANGUAGE,
        model: books.language,
        signal,
        apply: (paragraph, lines) => {
          throwIfCancelled(signal);
          apply(paragraph, lines);
        },
        onProgress: (done, total) =>
          progress({
            percent: total === 0 ? 80 : (done / total) * 80,
            stage: `annotating with ${model} (${Math.min(done + 1, total)}/${total})`,
          }),
      });
    }
    for (const index of chapters.keys()) {
      const paragraphs = (inScope[index] ?? []).filter((p) => rest.has(p.id));
      for (const batch of batches(paragraphs)) {
        throwIfCancelled(signal);
        for (const original of batch) {
          apply(original, rulesLines(reading, indexOf.get(original.id) ?? -1, original.text));
        }
      }
      counts.chapters_processed = index + 1;
      progress({
        percent: 80 + ((index + 1) / chapters.length) * 18,
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
