/**
 * Runs queued jobs with a concurrency limit per resource (inference, ffmpeg, io). Handlers do
 * their heavy work in child processes (ffmpeg) or worker threads (jobs/worker-pool.ts), so the
 * event loop that serves HTTP only schedules, records progress and emits events.
 *
 * Cancellation: one AbortController per running job; its signal is threaded into every await
 * and spawn of the handler, and a cancelled job ends as `cancelled`, never as `failed`.
 */
import { z } from 'zod';
import type { JobRow } from '../db/schema/jobs.ts';
import { AppError, isAppError, isCancelled } from '../errors.ts';
import { creditsStateAfter } from './job-credits.ts';
import type { JobEvents } from './job-events.ts';
import type { JobRegistry } from './job-registry.ts';
import { nowIso, toView, type JobRepo } from './job-repo.ts';
import type {
  FailureReason,
  JobEventName,
  JobProgress,
  JobQuote,
  JobResource,
  JobStatus,
  JobUsage,
} from './job-types.ts';

/** How often progress is written to SQLite and pushed to listeners, at most. */
const PROGRESS_INTERVAL_MS = 200;

interface Running {
  controller: AbortController;
  resource: JobResource;
  done: Promise<void>;
}

export interface JobRunnerOptions {
  concurrency: Record<JobResource, number>;
  log?: (line: string) => void;
}

export class JobRunner {
  private readonly running = new Map<number, Running>();
  private stopping = false;
  /** Set once every area has registered its handlers (engine.ts); nothing runs before. */
  private started = false;

  constructor(
    private readonly repo: JobRepo,
    private readonly registry: JobRegistry,
    private readonly events: JobEvents,
    private readonly options: JobRunnerOptions,
  ) {}

  /**
   * Areas need the runner to create jobs and the runner needs their handlers to run them, so
   * the runner is built first and opened once the registry is complete.
   */
  open(): void {
    this.started = true;
  }

  /** Every registered job type and how it survives a restart (tests cover each one). */
  types(): { type: string; resource: JobResource; idempotent: boolean }[] {
    return this.registry.types().map((type) => {
      const { resource, idempotent } = this.registry.get(type);
      return { type, resource, idempotent };
    });
  }

  /**
   * Creates a queued job. A priced handler's credits are reserved in the insert's transaction
   * (jobs/job-repo.ts): 402 insufficient_credits when they cannot be held, and then no job exists.
   */
  async create(ownerId: string, type: string, input: unknown): Promise<JobRow> {
    if (this.stopping) throw new AppError('service_unavailable', 'The engine is shutting down.');
    const handler = this.registry.get(type);
    const parsed = handler.input.safeParse(input);
    if (!parsed.success) {
      throw new AppError(
        'validation_error',
        `Invalid input for ${type}: ${z.prettifyError(parsed.error)}`,
      );
    }
    let quote: JobQuote | null = null;
    if (handler.price) {
      quote = await handler.price(parsed.data, { ownerId });
      if (this.stopping) throw new AppError('service_unavailable', 'The engine is shutting down.');
    }
    const row = this.repo.insert(
      { type, ownerId, resource: handler.resource, input: parsed.data },
      quote,
    );
    this.emit('job.created', row);
    this.drain();
    return row;
  }

  /** Cancels a queued job at once; a running one is aborted and ends as cancelled. */
  cancel(id: number): JobRow {
    const row = this.repo.get(id);
    if (!row) throw new AppError('not_found', `Job ${id} not found.`);
    if (row.status === 'queued') {
      const cancelled = this.finish(id, 'cancelled', { stage: 'cancelled' });
      // A job waiting for this one may start now.
      this.drain();
      if (cancelled) return cancelled;
    }
    const running = this.running.get(id);
    if (running) {
      this.repo.markCancelRequested(id);
      running.controller.abort(new Error('cancelled by user'));
    }
    return this.repo.get(id) ?? row;
  }

  isRunning(id: number): boolean {
    return this.running.has(id);
  }

  /** Starts as many queued jobs as each resource's limit allows. */
  drain(): void {
    if (this.stopping || !this.started) return;
    const queued = this.repo.byStatus(['queued']);
    for (const row of queued) {
      const resource = row.resource;
      const busy = [...this.running.values()].filter((r) => r.resource === resource).length;
      if (busy >= this.options.concurrency[resource]) continue;
      if (!this.registry.has(row.type)) {
        this.finish(row.id, 'failed', {
          errorMessage: `This engine has no handler for job type "${row.type}".`,
          failureReason: 'error',
        });
        continue;
      }
      if (this.waiting(row)) continue;
      this.start(row);
    }
  }

  /**
   * True while a job the handler waits for is still queued or running; the waiting job's stage
   * then says what it waits for (written once, announced as progress).
   */
  private waiting(row: JobRow): boolean {
    const wait = this.registry.get(row.type).waitsFor?.(row.input) ?? null;
    if (wait === null) return false;
    const blocking = wait.jobIds.some((id) => {
      if (id === row.id) return false;
      const other = this.repo.get(id);
      return other !== undefined && (other.status === 'queued' || other.status === 'running');
    });
    if (blocking && row.stage !== wait.stage) {
      const updated = this.repo.setQueuedStage(row.id, wait.stage);
      if (updated) this.emit('job.progress', updated);
    }
    return blocking;
  }

  private start(row: JobRow): void {
    const started = this.repo.transition(row.id, 'running', (current) => ({
      startedAt: nowIso(),
      attempts: current.attempts + 1,
      progress: 0,
      stage: 'starting',
      etaSeconds: null,
    }));
    if (!started) return;
    this.emit('job.progress', started);
    const controller = new AbortController();
    const handler = this.registry.get(row.type);
    const startedAtMs = Date.now();
    let lastWrite = 0;
    let lastStage: string | null = null;
    let usage: JobUsage | null = null;

    const progress = (update: JobProgress): void => {
      if (controller.signal.aborted) return;
      const percent = Math.max(0, Math.min(100, update.percent));
      const stage = update.stage ?? lastStage;
      const now = Date.now();
      if (now - lastWrite < PROGRESS_INTERVAL_MS && stage === lastStage) return;
      lastWrite = now;
      lastStage = stage;
      const elapsed = (now - startedAtMs) / 1000;
      const eta =
        update.etaSeconds ?? (percent >= 1 ? (elapsed * (100 - percent)) / percent : null);
      const updated = this.repo.updateProgress(row.id, percent, stage, eta);
      if (updated) this.emit('job.progress', updated);
    };

    const done = (async () => {
      try {
        const result = await handler.run({
          jobId: row.id,
          ownerId: row.ownerId,
          input: started.input,
          signal: controller.signal,
          progress,
          reportUsage: (reported) => {
            usage = reported;
          },
        });
        if (controller.signal.aborted) throw controller.signal.reason;
        this.finish(
          row.id,
          'completed',
          { result: result ?? null, progress: 100, stage: 'done', etaSeconds: 0 },
          usage,
        );
      } catch (error) {
        this.onError(row.id, error, controller.signal, usage);
      } finally {
        this.running.delete(row.id);
        this.drain();
      }
    })();
    this.running.set(row.id, { controller, resource: row.resource, done });
  }

  private onError(id: number, error: unknown, signal: AbortSignal, usage: JobUsage | null): void {
    if (this.stopping && signal.aborted) return; // shutdown: left for recovery, see stop()
    if (isCancelled(error, signal)) {
      // Work finished before the cancel and reported as used stays charged (and kept).
      this.finish(id, 'cancelled', { stage: 'cancelled', etaSeconds: null }, usage);
      return;
    }
    const { message, reason } = describeFailure(error);
    if (!isAppError(error) || error.status >= 500) {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      this.options.log?.(`job ${id} failed: ${detail}`);
    }
    this.finish(id, 'failed', { errorMessage: message, failureReason: reason, etaSeconds: null });
  }

  private finish(
    id: number,
    to: Extract<JobStatus, 'completed' | 'failed' | 'cancelled'>,
    patch: Partial<JobRow>,
    usage: JobUsage | null = null,
  ): JobRow | null {
    const row = this.repo.transition(
      id,
      to,
      (current) => ({
        ...patch,
        finishedAt: nowIso(),
        creditsState: creditsStateAfter(current, to, usage),
      }),
      { usage },
    );
    if (row)
      this.emit(
        to === 'completed' ? 'job.completed' : to === 'failed' ? 'job.failed' : 'job.cancelled',
        row,
      );
    return row;
  }

  private emit(event: JobEventName, row: JobRow): void {
    this.events.emit({ event, ownerId: row.ownerId, job: toView(row) });
  }

  /**
   * Stops for engine shutdown: nothing new starts, running jobs are aborted and left for
   * recovery (re-queued when idempotent, otherwise failed with a refund on the next start).
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopping = true;
    const running = [...this.running.values()];
    for (const job of running) job.controller.abort(new Error('engine shutting down'));
    await Promise.race([
      Promise.allSettled(running.map((job) => job.done)),
      new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
    ]);
  }
}

/** A user-facing message: AppError messages are written for users; anything else is hidden. */
export function describeFailure(error: unknown): { message: string; reason: FailureReason } {
  if (isAppError(error)) {
    const reason: FailureReason =
      error.code === 'model_not_installed'
        ? 'model_not_installed'
        : error.code === 'ffmpeg_unavailable'
          ? 'ffmpeg_unavailable'
          : error.status < 500
            ? 'invalid_input'
            : 'error';
    const message =
      error.status >= 500 && error.code === 'internal_error'
        ? 'Internal error while running the job.'
        : error.message;
    return { message, reason };
  }
  return { message: 'Internal error while running the job.', reason: 'error' };
}
