/**
 * The engine's infrastructure: what any product area may be handed a part of. Areas receive a
 * `Pick` of it plus the narrow services of the areas they depend on (their `*Deps` type), never
 * the whole container, so an area's reach is visible in its signature.
 */
import type { Clock } from './clock.ts';
import type { EngineConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { FfmpegStatus } from './ffmpeg-status.ts';
import type { ModelRegistry } from './inference/model-registry.ts';
import type { JobEvents } from './jobs/job-events.ts';
import type { JobRepo } from './jobs/job-repo.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { WorkerPool } from './jobs/worker-pool.ts';

export interface Core {
  config: EngineConfig;
  /** The drizzle connection; an area builds its own repositories on it. */
  db: Db;
  /** Time for the ledger's resets and the webhook schedule (system clock; tests inject). */
  clock: Clock;
  log(line: string): void;
  /** Creates and cancels jobs. */
  jobs: JobRunner;
  /** Reads jobs (every query on the jobs table lives here). */
  jobRepo: JobRepo;
  jobEvents: JobEvents;
  /** Persistent worker threads for CPU-heavy work (ONNX sessions stay warm in them). */
  workers: WorkerPool;
  models: ModelRegistry;
  ffmpeg: FfmpegStatus;
}
