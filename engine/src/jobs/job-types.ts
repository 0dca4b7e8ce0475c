/**
 * The job model shared by the store, the runner and the handlers of every feature.
 * One internal state machine: queued → running → completed | failed | cancelled, plus
 * queued → cancelled and running → queued (crash recovery of an idempotent job).
 */
import type { z } from 'zod';
import { JOB_STATUSES } from './job-schema.ts';

export { JOB_STATUSES };
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What a job occupies while it runs; each has its own concurrency limit (config.concurrency). */
export type JobResource = 'inference' | 'ffmpeg' | 'io';

export const TERMINAL_STATUSES: ReadonlySet<JobStatus> = new Set([
  'completed',
  'failed',
  'cancelled',
]);

const TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  queued: ['running', 'cancelled', 'failed'],
  running: ['completed', 'failed', 'cancelled', 'queued'],
  completed: [],
  failed: [],
  cancelled: [],
};

export function canTransition(from: JobStatus, to: JobStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export interface JobProgress {
  /** 0-100. */
  percent: number;
  stage?: string;
  /** Seconds remaining when the handler knows better than the runner's estimate. */
  etaSeconds?: number;
}

export interface JobContext<I> {
  jobId: number;
  ownerId: string;
  input: I;
  /** Fires on cancel and on engine shutdown; thread it into every await and spawn. */
  signal: AbortSignal;
  progress(update: JobProgress): void;
  /**
   * What the job actually used, for settling its credits on completion (docs/api/credits.md).
   * Not called: the whole reservation is charged. Never more than the reservation.
   */
  reportUsage(usage: JobUsage): void;
}

/** The credits a job reserves at creation (its ceiling) and what its usage record will say. */
export interface JobQuote {
  credits: number;
  /** The usage record's service_type, e.g. `transcription`. */
  serviceType: string;
  /** Seconds of audio the price was computed from. */
  audioDuration?: number | null;
  metadata?: Record<string, unknown>;
}

export interface JobUsage {
  credits?: number;
  audioDuration?: number;
  metadata?: Record<string, unknown>;
}

/**
 * One job type. Each area builds its handlers as thin closures over its own service (its
 * `jobs.ts` factory), so a handler reaches only what its area was given, never a bag of every
 * service in the engine.
 */
export interface JobHandler<I = unknown, R = unknown> {
  type: string;
  resource: JobResource;
  /**
   * True when running the job again from the start after a crash gives the same outcome and
   * charges nothing twice; such jobs are re-queued on restart, others fail with a refund.
   */
  idempotent: boolean;
  input: z.ZodType<I>;
  /**
   * The credits to reserve when the job is created (in the insert's transaction; 402
   * insufficient_credits when they cannot be held). Absent: the job is free.
   */
  price?(input: I, ctx: { ownerId: string }): Promise<JobQuote> | JobQuote;
  /**
   * Jobs this one waits for: while it returns any job that is still queued or running, the
   * runner leaves this job queued (occupying no slot) with `stage` as its stage, and starts it
   * once they have ended. Asked each time the queue is drained, so a job created later counts.
   */
  waitsFor?(input: I): JobWait | null;
  run(ctx: JobContext<I>): Promise<R>;
}

/** What a queued job waits for (JobHandler.waitsFor). */
export interface JobWait {
  jobIds: number[];
  /** Shown as the waiting job's stage, e.g. "waiting for speaker detection". */
  stage: string;
}

/** Why a job failed, machine-readable (webhooks carry it as failure_reason). */
export type FailureReason =
  | 'error'
  | 'invalid_input'
  | 'engine_restart'
  | 'model_not_installed'
  | 'ffmpeg_unavailable'
  | 'timeout';

export interface JobView {
  id: number;
  type: string;
  status: JobStatus;
  progress: number;
  stage: string | null;
  eta_seconds: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error_message: string | null;
  failure_reason: string | null;
  attempts: number;
  input: unknown;
  result: unknown;
}

export type JobEventName =
  'job.created' | 'job.progress' | 'job.completed' | 'job.failed' | 'job.cancelled';

export interface JobEvent {
  event: JobEventName;
  ownerId: string;
  job: JobView;
}
