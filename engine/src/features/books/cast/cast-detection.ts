/**
 * POST .../cast/detect, its status, estimate and lines (document 2, rules 6–9; the estimate and
 * the lines are ours). The heuristic method answers at once; the llm method starts an
 * `audiobook_cast_detection` job (model-detection.ts): 503 without a language model (naming the
 * pack to install), 409 while another detection of the book runs, 400 over the word limit.
 */
import type { JobRow } from '../../../jobs/job-repo.ts';
import { AppError } from '../../../errors.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import type { JobStatus } from '../../../jobs/job-types.ts';
import { JOB_TYPES, type BookJobs } from '../book-jobs.ts';
import type { CastService } from './cast-service.ts';
import {
  detectionResultSchema,
  type DetectionJobResult,
  type DetectionLine,
} from './cast-schemas.ts';
import type { LanguageModel } from '../../language/index.ts';
import type { ModelDetection } from './model-detection.ts';
import { namedSpeakerCount } from './rules/index.ts';
import { ANNOTATION_WORD_LIMIT } from './detection-limits.ts';
import type { ProjectRepo } from '../projects/project-repo.ts';

export type ContractJobStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

/** The contract's vocabulary as a view of the one internal state machine (docs/api/jobs.md). */
export function contractStatus(status: JobStatus): ContractJobStatus {
  if (status === 'queued') return 'PENDING';
  if (status === 'running') return 'PROCESSING';
  if (status === 'completed') return 'COMPLETED';
  return 'FAILED';
}

export function contractError(row: JobRow): string | null {
  if (row.status === 'cancelled') return 'The job was cancelled.';
  return row.status === 'failed' ? (row.errorMessage ?? 'The job failed.') : null;
}

export class CastDetection {
  constructor(
    private readonly cast: CastService,
    private readonly projects: ProjectRepo,
    private readonly bookJobs: BookJobs,
    private readonly jobs: JobRunner,
    private readonly language: LanguageModel,
    private readonly model: ModelDetection,
  ) {}

  async detect(ownerId: string, projectId: string, method: 'heuristic' | 'llm') {
    if (method === 'heuristic') return this.cast.detectHeuristic(ownerId, projectId);
    const project = this.cast.require(ownerId, projectId);
    this.language.require('Improving speakers with the language model');
    if (this.bookJobs.active(project.id, [JOB_TYPES.castDetection]).length > 0) {
      throw new AppError('conflict', 'A speaker detection job is already running for this book.', {
        details: { reason: 'detection_running' },
      });
    }
    const words = this.projects.totalsOf(project.id).words;
    if (words > ANNOTATION_WORD_LIMIT) {
      throw new AppError(
        'bad_request',
        `The book has ${words} words; speaker detection takes at most ${ANNOTATION_WORD_LIMIT} in one job.`,
        { details: { words, word_limit: ANNOTATION_WORD_LIMIT } },
      );
    }
    const job = await this.jobs.create(ownerId, JOB_TYPES.castDetection, {
      project_id: project.id,
      method: 'llm',
    });
    const members = this.cast.members(project);
    return {
      detected_paragraphs: 0,
      members,
      named_speaker_count: namedSpeakerCount(members),
      method: 'llm' as const,
      job_id: String(job.id),
    };
  }

  /**
   * Rule 8: with character voices on, adding a manuscript also runs the free context-reading
   * pass — the LLM detection job — when the owner runs a chat server (TAPEHOUSE_LLM_URL) and the
   * book is within the word limit. An embedded model runs it when asked (the studio's "Improve
   * speakers", with its time estimate): on a CPU it can take long enough to want a say in it.
   * Never fails the import: returns the job id, or null when no pass was started.
   */
  async startContextPass(ownerId: string, projectId: string): Promise<number | null> {
    const project = this.projects.owned(ownerId, projectId);
    if (!project?.multiVoice || this.language.source() !== 'url') return null;
    if (this.bookJobs.active(project.id, [JOB_TYPES.castDetection]).length > 0) return null;
    if (this.projects.totalsOf(project.id).words > ANNOTATION_WORD_LIMIT) return null;
    try {
      const job = await this.jobs.create(ownerId, JOB_TYPES.castDetection, {
        project_id: project.id,
        method: 'llm',
      });
      return job.id;
    } catch {
      return null;
    }
  }

  /** How long method=llm would take on this book (ours). */
  async estimate(ownerId: string, projectId: string) {
    const project = this.cast.require(ownerId, projectId);
    const estimate = await this.model.estimate(project);
    return { ready: this.language.available(), model: this.language.label(), ...estimate };
  }

  /** The lines a finished model pass decided, least sure first (ours). */
  lines(
    ownerId: string,
    projectId: string,
    jobId: number,
    query: { page: number; per_page: number; max_confidence?: number | undefined },
  ) {
    const row = this.row(ownerId, projectId, jobId);
    const result = (row.result ?? null) as DetectionJobResult | null;
    const all: DetectionLine[] = result?.lines ?? [];
    const order = new Map(all.map((line, i) => [line, i]));
    const wanted = all
      .filter((l) => query.max_confidence === undefined || l.confidence <= query.max_confidence)
      .sort((a, b) => a.confidence - b.confidence || (order.get(a) ?? 0) - (order.get(b) ?? 0));
    const start = (query.page - 1) * query.per_page;
    return {
      job_id: String(row.id),
      model: result?.model ?? null,
      lines: wanted.slice(start, start + query.per_page),
      total: wanted.length,
      page: query.page,
      per_page: query.per_page,
    };
  }

  private row(ownerId: string, projectId: string, jobId: number) {
    const project = this.cast.require(ownerId, projectId);
    const row = this.bookJobs.find(ownerId, project.id, JOB_TYPES.castDetection, jobId);
    if (!row) throw new AppError('not_found', `Speaker detection job ${jobId} not found.`);
    return row;
  }

  status(ownerId: string, projectId: string, jobId: number) {
    const row = this.row(ownerId, projectId, jobId);
    const result = detectionResultSchema.safeParse(row.result);
    return {
      job_id: String(row.id),
      status: contractStatus(row.status),
      progress: Math.round(row.progress * 10) / 10,
      current_step: row.stage,
      error_message: contractError(row),
      result: result.success ? (result.data satisfies DetectionJobResult) : null,
    };
  }
}
