/**
 * Wire types of the engine's /api/v1 contract that the studio's shared parts use, named from
 * the generated contract (./contract.gen.ts, from the engine's route table): a changed field
 * fails the studio's typecheck. Nothing of the engine is bundled (type-only imports).
 */
import type { QueryOf, ResponseOf, Schemas } from './contract.ts';

export type Health = ResponseOf<'get', '/health'>;
export type HealthStatus = Health['status'];

export type Job = ResponseOf<'get', '/jobs/{job_id}'>;
export type JobStatus = Job['status'];

/** The engine's status list, repeated as a value for the filter tabs; checked against Job['status']. */
export const JOB_STATUSES = [
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
] as const satisfies readonly JobStatus[];

export type JobPage = ResponseOf<'get', '/jobs'>;
export type JobListQuery = NonNullable<QueryOf<'get', '/jobs'>>;

export type JobEventName =
  'job.created' | 'job.progress' | 'job.completed' | 'job.failed' | 'job.cancelled';

/**
 * The `data` of one `event: job` message on GET /api/v1/jobs/events. The route table describes
 * the stream (`produces: 'sse'`), not its messages, so the envelope is declared here around the
 * contract's Job.
 */
export interface JobEvent {
  event: JobEventName;
  job: Job;
}

export type UploadedFile = ResponseOf<'post', '/files'>;

/** `result` of a completed `audio_analysis` job (the engine's analysis schema). */
export type AudioAnalysisResult = Schemas['analysisResultSchema'];

/** The body of every non-2xx answer. */
export interface ErrorBody {
  detail: string;
  code: string;
}

export function isTerminalStatus(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
