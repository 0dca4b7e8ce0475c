/**
 * `audiobook_cast_detection` (POST .../cast/detect?method=llm; document 2 rules 7–9): the chat
 * endpoint reads the book batch by batch; speakers are written as each batch returns, so a job
 * that fails keeps the speakers already written. When it ends, the engine's job events fire
 * `audiobook.cast.detected` (features/webhooks/event-payloads.ts) with this job's result.
 *
 * Idempotent: detection only fills unnamed lines, so running it again after a crash writes
 * nothing twice.
 */
import { z } from 'zod';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import type { DetectionJobResult } from './cast-schemas.ts';
import { batches, detectBatch } from './llm-speakers.ts';
import { DEFAULT_LANGUAGE } from '../projects/views.ts';
import type { Books } from '../books.ts';

const input = z.object({ project_id: z.string().uuid(), method: z.literal('llm') });

export const makeCastDetectionJob = (
  books: Books,
): JobHandler<z.infer<typeof input>, DetectionJobResult> => ({
  type: JOB_TYPES.castDetection,
  resource: 'io',
  idempotent: true,
  input,
  async run({ ownerId, input, signal, progress }) {
    const { repos, cast, chat } = books;
    chat.require('Speaker detection (method=llm)');
    const project = repos.projects.owned(ownerId, input.project_id);
    if (!project) throw new AppError('not_found', 'The project was deleted.');
    const fillable = (p: {
      characterName: string | null;
      locked: boolean;
      speakerCleared: boolean;
    }) => !p.characterName && !p.locked && !p.speakerCleared;
    const paragraphs = repos.chapters.narratedParagraphs(project.id);
    const targets = paragraphs.filter(fillable).length;
    const work = batches(paragraphs).filter((batch) => batch.some(fillable));
    const known = new Set(paragraphs.map((p) => p.characterName).filter((n): n is string => !!n));
    const characters: string[] = [];
    let attributed = 0;
    let aliasesAdded = 0;
    progress({ percent: 0, stage: 'reading the book' });
    for (const [index, batch] of work.entries()) {
      throwIfCancelled(signal);
      const answer = await detectBatch(
        chat,
        batch,
        { language: project.language ?? DEFAULT_LANGUAGE, knownSpeakers: [...known] },
        signal,
      );
      throwIfCancelled(signal);
      // Re-read: the caller may have named, locked or cleared lines while the model was busy.
      const current = repos.chapters.paragraphsByIds(batch.map((p) => p.id));
      attributed += cast.attribute(current, answer.speakers, 'detection');
      for (const name of answer.speakers.values()) {
        known.add(name);
        if (!characters.some((c) => c.toLowerCase() === name.toLowerCase())) characters.push(name);
      }
      for (const alias of answer.aliases) {
        if (cast.addDetectedAlias(project, alias.name, alias.aliasOf)) aliasesAdded += 1;
      }
      for (const [name, hint] of answer.genders) cast.recordGender(project, name, hint);
      progress({
        percent: ((index + 1) / work.length) * 95,
        stage: `reading the book (${index + 1}/${work.length})`,
      });
    }
    const latest = repos.projects.get(project.id) ?? project;
    const picked = latest.multiVoice ? cast.pickVoices(latest) : 0;
    return {
      paragraphs_attributed: attributed,
      characters,
      aliases_added: aliasesAdded,
      voices_picked: picked,
      targets,
    };
  },
});
