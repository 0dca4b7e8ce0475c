/**
 * Wire types of the engine's /api/v1 contract that the studio uses, inferred from the engine's
 * own zod schemas (type-only imports: nothing of the engine is bundled), so the studio and the
 * engine cannot drift apart.
 */
import type { z } from 'zod';
import type { analysisResultSchema } from '../../../engine/src/features/platform/analysis/analysis-schema.ts';
import type { storedFileSchema } from '../../../engine/src/features/platform/files/file-schema.ts';
import type { healthSchema } from '../../../engine/src/features/platform/health/health-schema.ts';
import type { jobSchema } from '../../../engine/src/jobs/job-schema.ts';

export type Health = z.output<typeof healthSchema>;
export type HealthStatus = Health['status'];

export type Job = z.output<typeof jobSchema>;
export type JobStatus = Job['status'];

/** The engine's status list, repeated as a value for the filter tabs; checked against Job['status']. */
export const JOB_STATUSES = [
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
] as const satisfies readonly JobStatus[];

export interface JobPage {
  jobs: Job[];
  total: number;
  page: number;
  per_page: number;
  has_next: boolean;
  has_prev: boolean;
}

export interface JobListQuery {
  status?: JobStatus;
  type?: string;
  page?: number;
  per_page?: number;
}

export type JobEventName =
  'job.created' | 'job.progress' | 'job.completed' | 'job.failed' | 'job.cancelled';

/** The `data` of one `event: job` message on GET /api/v1/jobs/events. */
export interface JobEvent {
  event: JobEventName;
  job: Job;
}

export type UploadedFile = z.output<typeof storedFileSchema>;

/** `result` of a completed `audio_analysis` job. */
export type AudioAnalysisResult = z.output<typeof analysisResultSchema>;

/** The body of every non-2xx answer. */
export interface ErrorBody {
  detail: string;
  code: string;
}

export function isTerminalStatus(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
