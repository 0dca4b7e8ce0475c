/**
 * The import dialog's state machine, pure. A file import goes form → uploading → parsing →
 * done | failed; a paste goes form → reading → done | failed. While parsing, two sources move
 * it on: the parse job's events (progress and stage, for the bar) and polls of the project
 * (its status is the truth, document 2: "Parse completion: poll GET project … Check status
 * before error_message").
 */
import type { Job } from '../../api/types.ts';
import type { ImportResult, Project } from './audiobook-types.ts';

export interface ImportSummary {
  chapters: number;
  words: number;
  minutes: number;
  /** Chapters this import added (append); null when not known. */
  added: number | null;
  warnings: string[];
}

export type ImportPhase =
  | { kind: 'form' }
  | { kind: 'uploading'; filename: string; bytes: number }
  | { kind: 'reading' }
  | { kind: 'parsing'; jobId: number; percent: number | null; stage: string | null }
  | { kind: 'done'; summary: ImportSummary }
  | { kind: 'failed'; message: string };

export const FALLBACK_FAILURE = 'The manuscript could not be read.';

export function isRunning(phase: ImportPhase): boolean {
  return phase.kind === 'uploading' || phase.kind === 'reading' || phase.kind === 'parsing';
}

/** A job event for our parse job: moves the bar; the job's end is confirmed by the project. */
export function withJobEvent(phase: ImportPhase, job: Job): ImportPhase {
  if (phase.kind !== 'parsing' || job.id !== phase.jobId) return phase;
  if (job.status === 'queued') return { ...phase, stage: job.stage ?? phase.stage };
  const percent = job.status === 'completed' ? 100 : job.progress;
  return {
    ...phase,
    percent: Math.max(phase.percent ?? 0, percent),
    stage: job.stage ?? phase.stage,
  };
}

/**
 * A poll of the project while parsing. `before` is the chapter count when the import started:
 * an append that fails leaves the book ready with nothing added, so `jobFailure` (the job's own
 * error line, when its failure event came) decides that case.
 */
export function withProject(
  phase: ImportPhase,
  project: Project,
  before: number,
  jobFailure: string | null = null,
): ImportPhase {
  if (phase.kind !== 'parsing') return phase;
  if (project.status === 'failed') {
    return { kind: 'failed', message: project.error_message?.trim() || FALLBACK_FAILURE };
  }
  if (project.status === 'parsing') return phase;
  if (jobFailure !== null && project.total_chapters <= before) {
    return { kind: 'failed', message: jobFailure.trim() || FALLBACK_FAILURE };
  }
  return {
    kind: 'done',
    summary: {
      chapters: project.total_chapters,
      words: project.total_words,
      minutes: project.estimated_duration_minutes,
      added: Math.max(0, project.total_chapters - before),
      warnings: [],
    },
  };
}

/** A paste's answer; the summary does not need the speaker detection job it may start. */
export type PasteSummary = Omit<ImportResult, 'detection_job_id'>;

export function fromPaste(result: PasteSummary): ImportPhase {
  return {
    kind: 'done',
    summary: {
      chapters: result.total_chapters,
      words: result.total_words,
      minutes: result.estimated_duration_minutes,
      added: result.chapters_added,
      warnings: result.warnings,
    },
  };
}

/** The bar's value and whether it is indeterminate. */
export function progressOf(phase: ImportPhase): { value: number; indeterminate: boolean } {
  switch (phase.kind) {
    case 'parsing':
      return phase.percent === null
        ? { value: 0, indeterminate: true }
        : { value: phase.percent, indeterminate: false };
    case 'done':
      return { value: 100, indeterminate: false };
    case 'uploading':
    case 'reading':
      return { value: 0, indeterminate: true };
    default:
      return { value: 0, indeterminate: false };
  }
}
