/**
 * One run of the export job, as its stages see it (export-job.ts wires them in order): the book,
 * the request, the plan, the work and package folders, and the progress sidecar.
 */
import type { Ffmpeg } from '../../../audio/index.ts';
import type { ProjectRow } from '../../../db/schema/audiobook.ts';
import type { JobProgress } from '../../../jobs/job-types.ts';
import type { Books } from '../books.ts';
import type { ExportSidecar } from './export-files.ts';
import type { ExportInput } from './export-input.ts';
import type { PlannedFile } from './export-plan.ts';

export interface ExportRun {
  books: Books;
  project: ProjectRow;
  input: ExportInput;
  ffmpeg: Ffmpeg;
  signal: AbortSignal;
  plan: PlannedFile[];
  /** Scratch files, removed once the ZIP is written. */
  work: string;
  /** The files that go into the ZIP. */
  pkg: string;
  /** The export's folder: the ZIP and the sidecar live here. */
  dir: string;
  sidecar: ExportSidecar;
  /** Writes the sidecar (progress.json) so status reads see each chapter's progress. */
  save(): void;
  progress(update: JobProgress): void;
}
