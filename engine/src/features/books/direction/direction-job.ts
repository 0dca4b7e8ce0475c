/**
 * `audiobook_auto_direction` (document 2, "Direction"): the brief from the book's title, author
 * and opening paragraphs, then a performance note and an emotion for every directable paragraph
 * of the chapters in scope — by the language model (model-direction.ts, passage by passage, each
 * passage written as it returns) or from the text's own cues (heuristic-direction.ts, chapter by
 * chapter). It rewrites directions on every such paragraph, the caller's too (the contract's
 * behaviour; lock a line to keep its direction). Idempotent: a re-run after a crash directs the
 * book again from the start. Free: no price.
 */
import { z } from 'zod';
import type { ChapterRow, ParagraphRow } from '../../../db/schema/audiobook.ts';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import type { Books } from '../books.ts';
import { DEFAULT_LANGUAGE } from '../projects/views.ts';
import { DIRECTION_METHODS, type DirectionResult } from './direction-schemas.ts';
import { directable } from './direction-service.ts';
import { bookBrief, directParagraph, type ParagraphDirection } from './heuristic-direction.ts';
import { directWithModel, modelBrief } from './model-direction.ts';

const input = z.object({
  project_id: z.string().uuid(),
  chapter_ids: z.array(z.string().uuid()),
  // Jobs queued before the model could direct have no method: they were heuristic.
  method: z.enum(DIRECTION_METHODS).default('heuristic'),
});

/** The brief reads this many opening paragraphs ("metadata and opening pages"). */
const OPENING_PARAGRAPHS = 60;

export const makeDirectionJob = (
  books: Books,
): JobHandler<z.infer<typeof input>, DirectionResult> => ({
  type: JOB_TYPES.direction,
  resource: 'io',
  idempotent: true,
  input,
  async run({ ownerId, input, signal, progress }) {
    const { repos, language } = books;
    const project = repos.projects.owned(ownerId, input.project_id);
    if (!project) throw new AppError('not_found', 'The project was deleted.');
    const useModel = input.method === 'model';
    if (useModel) language.require('Auto Direction with the language model');
    progress({ percent: 0, stage: 'writing the brief' });
    const opening = repos.chapters
      .narratedParagraphs(project.id)
      .slice(0, OPENING_PARAGRAPHS)
      .map((p) => p.text);
    const meta = { title: project.title, author: project.author || null, opening };
    const heuristic = bookBrief(meta);
    const brief = useModel
      ? await modelBrief(
          language,
          { ...meta, language: project.language ?? DEFAULT_LANGUAGE },
          heuristic,
          signal,
        )
      : heuristic;
    const result: DirectionResult = {
      method: input.method,
      model: useModel ? language.label() : null,
      brief: brief.text,
      tone: brief.tone,
      pace: brief.pace,
      chapters_processed: 0,
      paragraphs_directed: 0,
      skipped_paragraphs: 0,
      emotions: {},
    };
    const chapters = repos.chapters.chaptersByIds(project.id, input.chapter_ids);
    const write = (paragraph: ParagraphRow, directed: ParagraphDirection) => {
      repos.chapters.updateParagraph(paragraph.id, {
        direction: directed.direction,
        directionSetBy: 'direction',
        emotion: directed.emotion,
      });
      result.paragraphs_directed += 1;
      result.emotions[directed.emotion] = (result.emotions[directed.emotion] ?? 0) + 1;
    };
    const rows = chapters.flatMap((chapter) =>
      repos.chapters.paragraphs(chapter.id).map((p) => ({ p, chapter })),
    );
    const still = (row: { p: ParagraphRow; chapter: ChapterRow }) => {
      const current = repos.chapters.paragraphsByIds([row.p.id])[0];
      return current !== undefined && directable(current, row.chapter) ? current : null;
    };
    result.skipped_paragraphs = rows.filter((r) => !directable(r.p, r.chapter)).length;
    if (useModel) {
      const model = language.label() ?? 'the language model';
      const tooLong = await directWithModel({
        model: language,
        brief,
        signal,
        paragraphs: rows.map(({ p, chapter }) => ({
          text: p.text,
          speaker: p.characterName,
          chapter: chapter.id,
          direct: directable(p, chapter),
        })),
        onPassage: (directions) => {
          throwIfCancelled(signal);
          repos.chapters.transaction(() => {
            for (const [index, directed] of directions) {
              const row = rows[index];
              const current = row && still(row);
              if (current) write(current, directed);
              else result.skipped_paragraphs += 1;
            }
          });
        },
        onProgress: (done, total) =>
          progress({
            percent: 2 + (total === 0 ? 96 : (done / total) * 96),
            stage: `directing with ${model} (${Math.min(done + 1, total)}/${total})`,
          }),
      });
      // Paragraphs longer than one call's context: directed from the text's own cues.
      repos.chapters.transaction(() => {
        for (const index of tooLong) {
          const row = rows[index];
          const current = row && still(row);
          if (current)
            write(
              current,
              directParagraph(current.text, brief, { speaker: current.characterName }),
            );
        }
      });
      result.chapters_processed = chapters.length;
      return result;
    }
    for (const [index, chapter] of chapters.entries()) {
      throwIfCancelled(signal);
      const paragraphs = repos.chapters.paragraphs(chapter.id);
      repos.chapters.transaction(() => {
        for (const paragraph of paragraphs) {
          if (!directable(paragraph, chapter)) continue;
          write(
            paragraph,
            directParagraph(paragraph.text, brief, { speaker: paragraph.characterName }),
          );
        }
      });
      result.chapters_processed = index + 1;
      progress({
        percent: ((index + 1) / chapters.length) * 98,
        stage: `directing (${index + 1}/${chapters.length} chapters)`,
      });
    }
    return result;
  },
});
