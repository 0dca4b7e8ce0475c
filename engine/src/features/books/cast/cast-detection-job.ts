/**
 * `audiobook_cast_detection` (POST .../cast/detect?method=llm; document 2 rules 7–9): the rules
 * read the book, then the language model refines every quotation's speaker passage by passage
 * (model-detection.ts); speakers are written as each passage returns, so a job that fails or is
 * cancelled keeps what it wrote. When it ends, the engine's job events fire
 * `audiobook.cast.detected` (features/webhooks/event-payloads.ts) with this job's result.
 *
 * Idempotent: a run after a crash reads the book again and writes the same speakers.
 */
import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import type { DetectionJobResult } from './cast-schemas.ts';
import type { Books } from '../books.ts';

const input = z.object({ project_id: z.string().uuid(), method: z.literal('llm') });

export const makeCastDetectionJob = (
  books: Books,
): JobHandler<z.infer<typeof input>, DetectionJobResult> => ({
  type: JOB_TYPES.castDetection,
  resource: 'io',
  idempotent: true,
  input,
  run({ ownerId, input, signal, progress }) {
    books.language.require('Improving speakers with the language model');
    const project = books.repos.projects.owned(ownerId, input.project_id);
    if (!project) throw new AppError('not_found', 'The project was deleted.');
    return books.modelDetection.run(project, signal, progress);
  },
});
