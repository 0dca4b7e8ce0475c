/**
 * POST .../cast/detect and GET .../cast/detect/{job_id}/status (document 2, rules 6–9). The
 * heuristic method answers at once; the llm method starts an `audiobook_cast_detection` job:
 * 503 without a chat endpoint, 409 while another detection of the book runs, 400 over the word
 * limit.
 */
import type { JobRow } from '../../../jobs/job-repo.ts';
import { AppError } from '../../../errors.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import type { JobStatus } from '../../../jobs/job-types.ts';
import { JOB_TYPES, type BookJobs } from '../book-jobs.ts';
import type { CastService } from './cast-service.ts';
import { detectionResultSchema, type DetectionJobResult } from './cast-schemas.ts';
import type { ChatClient } from '../llm/chat-client.ts';
import { namedSpeakerCount } from './rules/index.ts';
import { ANNOTATION_WORD_LIMIT } from './llm-speakers.ts';
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
    private readonly chat: ChatClient,
  ) {}

  async detect(ownerId: string, projectId: string, method: 'heuristic' | 'llm') {
    if (method === 'heuristic') return this.cast.detectHeuristic(ownerId, projectId);
    const project = this.cast.require(ownerId, projectId);
    this.chat.require('Speaker detection (method=llm)');
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
   * pass — the LLM detection job — when a chat endpoint is configured and the book is within
   * the word limit (without one, the instant pass the import ran is all there is). Never fails
   * the import: returns the job id, or null when no pass was started.
   */
  async startContextPass(ownerId: string, projectId: string): Promise<number | null> {
    const project = this.projects.owned(ownerId, projectId);
    if (!project?.multiVoice || !this.chat.configured) return null;
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

  status(ownerId: string, projectId: string, jobId: number) {
    const project = this.cast.require(ownerId, projectId);
    const row = this.bookJobs.find(ownerId, project.id, JOB_TYPES.castDetection, jobId);
    if (!row) throw new AppError('not_found', `Speaker detection job ${jobId} not found.`);
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
