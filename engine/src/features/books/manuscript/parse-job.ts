/**
 * `audiobook_parse` (POST .../manuscript/parse and .../manuscript/append): reads the uploaded
 * manuscript in a worker thread, writes its chapters, runs the speaker pass, and moves the
 * project from `parsing` to `ready_for_narration` — or, when reading fails, to `failed` with a
 * sanitized error_message (a book that already had chapters keeps them and stays ready;
 * document 2, "Project status").
 *
 * Idempotent: the chapters are written in one transaction that also records the job id on the
 * project, so a re-run after a crash either writes them once or sees they are already there.
 */
import { z } from 'zod';
import { AppError, isAppError, isCancelled, throwIfCancelled } from '../../../errors.ts';
import { describeFailure } from '../../../jobs/job-runner.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import type { ExtractedBook } from '../../../libraries/manuscript/index.ts';
import { MANUSCRIPT_TASK, type ManuscriptTaskInput } from './manuscript-task.ts';
import type { Books } from '../books.ts';

export const parseJobInput = z.object({
  project_id: z.string().uuid(),
  file_key: z.string().uuid(),
  filename: z.string(),
  file_type: z.string(),
  mode: z.enum(['parse', 'reparse', 'append']),
  detect_speakers: z.boolean(),
  multi_voice: z.boolean().optional(),
  auto_direction: z.boolean(),
});
export type ParseJobInput = z.infer<typeof parseJobInput>;

export interface ParseJobResult {
  project_id: string;
  mode: string;
  format: string;
  chapters_added: number;
  total_chapters: number;
  total_words: number;
  speakers_detected: number;
  /** Rule 8's context-reading pass, started when character voices are on. */
  detection_job_id: string | null;
  warnings: string[];
}

/** The project's error_message: what went wrong, never a stack or an internal detail. */
export function parseFailureMessage(error: unknown): string {
  if (isAppError(error) && error.status < 500) return error.message;
  if (isAppError(error) && error.code === 'service_unavailable') return error.message;
  const { reason } = describeFailure(error);
  return reason === 'error'
    ? 'The manuscript could not be read because of an internal error. Try again, or convert the file to another format (EPUB, DOCX or TXT).'
    : describeFailure(error).message;
}

export const makeParseJob = (books: Books): JobHandler<ParseJobInput, ParseJobResult> => ({
  type: JOB_TYPES.parse,
  resource: 'inference',
  idempotent: true,
  input: parseJobInput,
  async run({ jobId, ownerId, input, signal, progress }) {
    const { repos, importer } = books;
    const project = repos.projects.owned(ownerId, input.project_id);
    if (!project) throw new AppError('not_found', 'The project was deleted before it was parsed.');
    const summary = (
      chaptersAdded: number,
      speakers: number,
      warnings: string[],
      detectionJob: number | null = null,
    ) => {
      const totals = repos.projects.totalsOf(project.id);
      return {
        project_id: project.id,
        mode: input.mode,
        format: input.file_type,
        chapters_added: chaptersAdded,
        total_chapters: totals.chapters,
        total_words: totals.words,
        speakers_detected: speakers,
        detection_job_id: detectionJob === null ? null : String(detectionJob),
        warnings,
      };
    };
    if (project.lastParseJobId === jobId) {
      // Re-run after a crash that came after the chapters were written.
      books.status.parsed(project.id);
      return summary(0, 0, []);
    }
    books.status.parsingStarted(project.id);
    try {
      const file = books.deps.files.get(ownerId, input.file_key);
      progress({ percent: 0, stage: 'reading' });
      const task: ManuscriptTaskInput = {
        kind: 'file',
        path: books.deps.files.pathOf(file),
        filename: input.filename,
      };
      const book = await books.deps.workers.run<ExtractedBook>(MANUSCRIPT_TASK, task, {
        signal,
        onProgress: (percent) => progress({ percent: percent * 0.8, stage: 'reading' }),
      });
      throwIfCancelled(signal);
      progress({ percent: 80, stage: 'writing chapters' });
      const result = await importer.apply(project, book, {
        mode: input.mode,
        source: { filename: input.filename, fileType: input.file_type, fileKey: input.file_key },
        detectSpeakers: input.detect_speakers,
        multiVoice: input.multi_voice,
        jobId,
      });
      const warnings = [...result.warnings];
      if (input.auto_direction) {
        warnings.push(
          'Auto Direction is not available in this engine yet; no directions were written.',
        );
      }
      const detectionJob = await books.detection.startContextPass(ownerId, project.id);
      return summary(result.chaptersAdded, result.speakersDetected, warnings, detectionJob);
    } catch (error) {
      books.status.parseFailed(
        project.id,
        isCancelled(error, signal) ? 'Parsing was cancelled.' : parseFailureMessage(error),
      );
      throw error;
    }
  },
});
