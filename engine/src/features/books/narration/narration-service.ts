/**
 * Narration (document 2, "Narration", "Voice order", Narration rules 1–7): choosing the lines a
 * batch narrates, the single-paragraph narrate with its overrides and the `service` object, the
 * lines' statuses, progress and cancel. One line into a take is line-narrator.ts; the take
 * history is take-service.ts; chapter and book statuses are decided by status/book-status.ts.
 *
 * Statuses: lines become `queued` when a job is created (before its response), `narrating` while
 * synthesised, then `completed` (a new take, which becomes the active one) or `failed` with the
 * reason. Lines a cancelled job did not reach go back to what they were (`completed` when they
 * already had audio, else `pending`); audio already made is kept and billed.
 */
import type { z } from 'zod';
import type { ChapterRow, ParagraphRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { JobEvents } from '../../../jobs/job-events.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import type { Books } from '../books.ts';
import type { LineNarrator } from './line-narrator.ts';
import { ACTIVE_LINE } from './line-states.ts';
import type { NarrateOverride, NarrationInput } from './narration-job-input.ts';
import {
  billingForTake,
  characterCount,
  estimatedSeconds,
  quoteLines,
  takeCredits,
  type LinesQuote,
} from './narration-pricing.ts';
import { narrationProgress } from './narration-progress.ts';
import type { batchBody, narrateBody } from './narration-schemas.ts';
import type { TakeRepo } from './take-repo.ts';

export type BatchBody = z.output<typeof batchBody>;
export type NarrateBody = z.output<typeof narrateBody>;

export interface NarrationDeps {
  audiobook: Books;
  takes: TakeRepo;
  lines: LineNarrator;
  jobs: JobRunner;
  jobEvents: JobEvents;
}

export class NarrationService {
  constructor(private readonly deps: NarrationDeps) {
    // When a narration job ends the book's status follows (it read `narrating` while the job
    // ran), and a job that ended without running its lines (cancelled while queued, failed by
    // recovery) must not leave them `queued`.
    deps.jobEvents.subscribe((event) => {
      if (event.job.type !== JOB_TYPES.narration) return;
      if (!['job.completed', 'job.cancelled', 'job.failed'].includes(event.event)) return;
      const input = event.job.input as Partial<NarrationInput> | null;
      if (!input?.project_id) return;
      // The job is no longer active now, so this is the one moment its end can settle the book.
      if (input.paragraph_ids) this.releaseLines(input.project_id, input.paragraph_ids);
      this.status.refreshProject(input.project_id);
    });
  }

  private get repos() {
    return this.deps.audiobook.repos;
  }

  private get status() {
    return this.deps.audiobook.status;
  }

  private project(ownerId: string, projectId: string): ProjectRow {
    return this.deps.audiobook.projects.require(ownerId, projectId);
  }

  private requireRights(project: ProjectRow): void {
    if (project.rightsAttestedAt === null)
      throw new AppError(
        'RIGHTS_NOT_ATTESTED',
        'Attest that you hold the rights to this book before narrating it (POST .../rights-attestation).',
      );
  }

  // ---- batch ------------------------------------------------------------------------------

  async batch(ownerId: string, projectId: string, body: BatchBody) {
    let project = this.project(ownerId, projectId);
    this.requireRights(project);
    if (body.voice_id !== undefined) this.deps.lines.requireVoice(body.voice_id);
    if (this.repos.bookJobs.active(project.id, [JOB_TYPES.export]).length > 0)
      throw new AppError('conflict', 'The book is being exported; narrate after the export ends.');
    // Rule: multi_voice is saved on the book before the run reads voices.
    if (body.multi_voice !== undefined && body.multi_voice !== project.multiVoice) {
      this.deps.audiobook.cast.setMultiVoice(project, body.multi_voice);
      project = this.project(ownerId, projectId);
    }
    const chapters = this.selectChapters(project, body.chapter_ids);
    let lines = this.repos.chapters.bookParagraphs(
      project.id,
      chapters.map((c) => c.id),
    );
    if (body.paragraph_ids?.length) {
      const wanted = new Set(body.paragraph_ids);
      const known = new Set(lines.map((p) => p.id));
      const missing = body.paragraph_ids.filter((id) => !known.has(id));
      if (missing.length > 0)
        throw new AppError(
          'not_found',
          `${missing.length} paragraph id(s) are not in the selection.`,
          {
            details: { paragraph_ids: missing.slice(0, 20) },
          },
        );
      lines = lines.filter((p) => wanted.has(p.id));
    }
    const skippedChapters = new Set(chapters.filter((c) => c.skipNarration).map((c) => c.id));
    const skipped = { completed: 0, locked: 0, skip_narration: 0, in_progress: 0, not_stale: 0 };
    const chosen: ParagraphRow[] = [];
    // only_stale: lines whose audio no longer matches them, narrated again although completed.
    const stale = body.only_stale ? this.deps.audiobook.staleness.of(project, lines) : null;
    for (const line of lines) {
      if (line.skipNarration || skippedChapters.has(line.chapterId)) skipped.skip_narration += 1;
      else if (ACTIVE_LINE.has(line.status)) skipped.in_progress += 1;
      // A locked line with audio is protected from regeneration (rule 6); one without is narrated.
      else if (line.locked && line.audioKey !== null) skipped.locked += 1;
      else if (stale !== null && !stale.has(line.id)) skipped.not_stale += 1;
      else if (line.status === 'completed' && !body.include_completed && stale === null)
        skipped.completed += 1;
      else chosen.push(line);
    }
    if (chosen.length === 0)
      throw new AppError(
        'empty_selection',
        skipped.completed > 0
          ? 'Every selected paragraph already has audio. Send include_completed: true to narrate them again.'
          : stale !== null
            ? 'No selected paragraph has stale audio.'
            : 'Nothing to narrate in this selection.',
        { details: { skipped } },
      );
    const estimate = quoteLines(chosen, project.speed);
    const input: NarrationInput = {
      project_id: project.id,
      paragraph_ids: chosen.map((p) => p.id),
      batch_voice_id: body.voice_id ?? null,
      override: null,
      // Priced once: the job's reservation is this same estimate (narration-job.ts).
      quote: estimate,
    };
    const job = await this.deps.jobs.create(ownerId, JOB_TYPES.narration, input);
    this.queueLines(project, chosen);
    return {
      job_id: job.id,
      project_id: project.id,
      status: 'queued' as const,
      multi_voice: project.multiVoice,
      total_paragraphs: chosen.length,
      total_characters: estimate.characters,
      estimated_credits: estimate.credits,
      estimated_seconds: estimate.seconds,
      skipped,
    };
  }

  private selectChapters(project: ProjectRow, ids: string[] | undefined): ChapterRow[] {
    if (!ids?.length) return this.repos.chapters.listChapters(project.id);
    const found = this.repos.chapters.chaptersByIds(project.id, ids);
    if (found.length !== new Set(ids).size) {
      const known = new Set(found.map((c) => c.id));
      throw new AppError('not_found', 'Some chapter ids are not chapters of this book.', {
        details: { chapter_ids: ids.filter((id) => !known.has(id)).slice(0, 20) },
      });
    }
    return found;
  }

  // ---- single paragraph -------------------------------------------------------------------

  async narrateOne(ownerId: string, projectId: string, paragraphId: string, body: NarrateBody) {
    const project = this.project(ownerId, projectId);
    this.requireRights(project);
    const line = this.repos.chapters.paragraph(project.id, paragraphId);
    if (!line) throw new AppError('not_found', `Paragraph ${paragraphId} not found.`);
    if (line.locked)
      throw new AppError('conflict', 'This paragraph is locked; unlock it to narrate it.');
    if (ACTIVE_LINE.has(line.status))
      throw new AppError('conflict', 'This paragraph is already queued or being narrated.');
    if (body.voice_id !== undefined) this.deps.lines.requireVoice(body.voice_id);
    const text = body.text ?? line.text;
    const chars = characterCount(text);
    const billing = billingForTake(line.takeCount);
    const override: NarrateOverride = { paragraph_id: line.id, ...body };
    const input: NarrationInput = {
      project_id: project.id,
      paragraph_ids: [line.id],
      batch_voice_id: null,
      override,
    };
    const job = await this.deps.jobs.create(ownerId, JOB_TYPES.narration, input);
    this.queueLines(project, [line]);
    const words = text.split(/\s+/).filter(Boolean).length;
    return {
      task_id: job.id,
      paragraph_id: line.id,
      status: 'queued' as const,
      service: {
        is_free_regen: billing === 'free_regen',
        estimated_credits: takeCredits(chars, billing),
        estimated_chars: chars,
        estimated_seconds: estimatedSeconds(words, body.speed ?? line.speed ?? project.speed),
        take_number_after: this.nextTakeNumber(line.id),
      },
    };
  }

  private nextTakeNumber(paragraphId: string): number {
    const takes = this.deps.takes.list(paragraphId);
    return (takes.at(-1)?.takeNumber ?? 0) + 1;
  }

  /** Credits a job's lines will cost at most (its reservation). */
  quote(input: NarrationInput): LinesQuote {
    const project = this.repos.projects.get(input.project_id);
    const lines = this.repos.chapters.paragraphsByIds(input.paragraph_ids);
    return quoteLines(lines, project?.speed ?? 1, input.override?.text);
  }

  // ---- statuses ---------------------------------------------------------------------------

  private queueLines(project: ProjectRow, lines: ParagraphRow[]): void {
    this.deps.audiobook.lineStatus.queued(project.id, lines);
  }

  /** Lines of an ended job still queued or narrating go back to what they were (LineStatus). */
  releaseLines(projectId: string, paragraphIds: readonly string[]): string[] {
    return this.deps.audiobook.lineStatus.released(projectId, paragraphIds);
  }

  // ---- progress and cancel -----------------------------------------------------------------

  progress(ownerId: string, projectId: string) {
    const project = this.project(ownerId, projectId);
    const lines = this.repos.chapters.narratedParagraphs(project.id);
    return narrationProgress(
      project,
      this.repos.bookJobs.active(project.id, [JOB_TYPES.narration]),
      lines,
      this.repos.chapters.listChapters(project.id),
      this.deps.audiobook.staleness.of(project, lines),
    );
  }

  cancel(ownerId: string, projectId: string) {
    const project = this.project(ownerId, projectId);
    const active = this.repos.bookJobs.active(project.id, [JOB_TYPES.narration]);
    let released = 0;
    for (const job of active) {
      this.deps.jobs.cancel(job.id);
      const input = job.input as NarrationInput;
      released += this.repos.chapters
        .paragraphsByIds(input.paragraph_ids)
        .filter((p) => ACTIVE_LINE.has(p.status)).length;
    }
    return {
      project_id: project.id,
      cancelled_job_ids: active.map((j) => j.id),
      paragraphs_released: released,
    };
  }
}
