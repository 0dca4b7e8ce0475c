/**
 * `audiobook_auto_direction` (document 2, "Direction"): the brief from the book's title, author
 * and opening paragraphs, then a performance note and an emotion for every directable paragraph
 * of the chapters in scope, chapter by chapter (heuristic-direction.ts). It rewrites directions
 * on every such paragraph, the caller's too (the contract's behaviour; lock a line to keep its
 * direction). Idempotent: the same book gives the same directions, so a re-run after a crash
 * writes the same thing. Free: no price.
 */
import { z } from 'zod';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import type { Books } from '../books.ts';
import type { DirectionResult } from './direction-schemas.ts';
import { directable } from './direction-service.ts';
import { bookBrief, directParagraph } from './heuristic-direction.ts';

const input = z.object({
  project_id: z.string().uuid(),
  chapter_ids: z.array(z.string().uuid()),
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
    const { repos } = books;
    const project = repos.projects.owned(ownerId, input.project_id);
    if (!project) throw new AppError('not_found', 'The project was deleted.');
    progress({ percent: 0, stage: 'writing the brief' });
    const opening = repos.chapters
      .narratedParagraphs(project.id)
      .slice(0, OPENING_PARAGRAPHS)
      .map((p) => p.text);
    const brief = bookBrief({ title: project.title, author: project.author || null, opening });
    const result: DirectionResult = {
      method: 'heuristic',
      brief: brief.text,
      tone: brief.tone,
      pace: brief.pace,
      chapters_processed: 0,
      paragraphs_directed: 0,
      skipped_paragraphs: 0,
      emotions: {},
    };
    const chapters = repos.chapters.chaptersByIds(project.id, input.chapter_ids);
    for (const [index, chapter] of chapters.entries()) {
      throwIfCancelled(signal);
      const paragraphs = repos.chapters.paragraphs(chapter.id);
      repos.chapters.transaction(() => {
        for (const paragraph of paragraphs) {
          if (!directable(paragraph, chapter)) {
            result.skipped_paragraphs += 1;
            continue;
          }
          const directed = directParagraph(paragraph.text, brief, {
            speaker: paragraph.characterName,
          });
          repos.chapters.updateParagraph(paragraph.id, {
            direction: directed.direction,
            directionSetBy: 'direction',
            emotion: directed.emotion,
          });
          result.paragraphs_directed += 1;
          result.emotions[directed.emotion] = (result.emotions[directed.emotion] ?? 0) + 1;
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
