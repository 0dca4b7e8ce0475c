/**
 * Wire types of the engine's /api/v1 contract that the studio uses. Declared by hand for now;
 * they are meant to be replaced by types inferred from the engine's zod route table.
 */

export type HealthStatus = 'ok' | 'degraded';

export interface Health {
  status: HealthStatus;
  version: string;
  uptime_seconds: number;
  profile: 'local' | 'hosted';
  data_dir: string;
  database: {
    status: 'ok' | 'error';
    path: string;
    journal_mode: string;
    schema_version: string;
  };
  ffmpeg: {
    status: 'ok' | 'missing';
    path: string | null;
    version: string | null;
    source: string | null;
    error: string | null;
  };
  onnxruntime: {
    version: string;
    available_providers: string[];
    selected_providers: string[];
    override: string[] | null;
  };
  models: { installed_packs: number; models_dir: string | null };
  jobs: { queued: number; running: number };
}

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface Job {
  id: number;
  type: string;
  status: JobStatus;
  /** 0–100. */
  progress: number;
  stage: string | null;
  eta_seconds: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error_message: string | null;
  failure_reason: string | null;
  /** Runs so far (crash recovery may retry idempotent jobs). */
  attempts?: number;
  result: unknown;
  input: unknown;
}

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

export interface UploadedFile {
  file_key: string;
  bytes: number;
  sha256: string;
  content_type: string;
  filename: string;
}

/** `result` of a completed `audio_analysis` job. */
export interface AudioAnalysisResult {
  duration_seconds: number;
  sample_rate: number;
  channels: number;
  /** Levels are null when they cannot be measured (digital silence, too short for R128). */
  rms_db: number | null;
  peak_db: number | null;
  true_peak_db: number | null;
  noise_floor_db: number | null;
  integrated_lufs: number | null;
  loudness_range_lu: number | null;
  /** Peak magnitude per time bucket, 0..1. */
  waveform: number[];
}

/** The body of every non-2xx answer. */
export interface ErrorBody {
  detail: string;
  code: string;
}

export function isTerminalStatus(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
