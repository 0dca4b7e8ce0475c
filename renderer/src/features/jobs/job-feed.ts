/**
 * The studio's live view of single jobs, fed by the one event stream the JobsProvider follows
 * (GET /jobs/events) and by Job objects the studio fetched or got back from its own calls. No
 * React and no DOM: `watchJob` is what `useJob` runs, so the rules are unit-tested
 * (test/renderer/job-feed.test.ts).
 *
 * Events missed while the stream was down are not replayed (../../api/job-events.ts), so every
 * watcher fetches its job again when the stream opens again. Snapshots merge with `fresher`: a
 * slow fetch never takes a job back to an earlier state.
 */
import { errorText } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { fresher } from './job-list.ts';

export type JobListener = (job: Job) => void;

export class JobFeed {
  private readonly latest = new Map<number, Job>();
  private readonly listeners = new Map<number, Set<JobListener>>();
  private readonly everyJob = new Set<JobListener>();
  private readonly reopenListeners = new Set<() => void>();

  /** The newest snapshot seen of job `id`. */
  get(id: number): Job | undefined {
    return this.latest.get(id);
  }

  /**
   * A snapshot from an event or a fetch. Listeners hear of it only when it moved the job on;
   * answers the job as it now stands.
   */
  publish(job: Job): Job {
    const before = this.latest.get(job.id);
    const merged = before ? fresher(before, job) : job;
    if (merged === before) return merged;
    this.latest.set(job.id, merged);
    for (const listener of [...(this.listeners.get(job.id) ?? [])]) listener(merged);
    for (const listener of [...this.everyJob]) listener(merged);
    return merged;
  }

  /** Calls `listener` with every new state of job `id`; returns the unsubscribe. */
  watch(id: number, listener: JobListener): () => void {
    const set = this.listeners.get(id) ?? new Set();
    set.add(listener);
    this.listeners.set(id, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  /** Calls `listener` with every new state of any job. */
  watchAll(listener: JobListener): () => void {
    this.everyJob.add(listener);
    return () => this.everyJob.delete(listener);
  }

  /** Called when the event stream (re)opens: what happened meanwhile must be fetched. */
  onReopen(listener: () => void): () => void {
    this.reopenListeners.add(listener);
    return () => this.reopenListeners.delete(listener);
  }

  /** The stream is open again (or for the first time). */
  reopened(): void {
    for (const listener of [...this.reopenListeners]) listener();
  }
}

export interface WatchJobOptions {
  feed: JobFeed;
  id: number;
  /** GET /jobs/{id} (ApiClient.getJob). */
  fetchJob: (id: number, signal: AbortSignal) => Promise<Job>;
  onJob: JobListener;
  /** A fetch failed (the last known state stays; the next reopen tries again). */
  onError?: (message: string) => void;
}

/**
 * Follows one job: what the feed knows at once, then a fetch, then every event, and a fresh
 * fetch whenever the stream reopens. Returns the function that stops it.
 */
export function watchJob(options: WatchJobOptions): () => void {
  const { feed, id, fetchJob, onJob, onError } = options;
  let stopped = false;
  let fetching: AbortController | null = null;
  const refetch = () => {
    fetching?.abort();
    const controller = new AbortController();
    fetching = controller;
    fetchJob(id, controller.signal).then(
      (job) => {
        if (controller.signal.aborted || stopped) return;
        // Told through the feed's listeners when it moved the job on; told here when it did
        // not, so a watcher that had nothing yet still gets the current state.
        const now = feed.publish(job);
        if (now !== job) onJob(now);
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !stopped) onError?.(errorText(error));
      },
    );
  };
  const known = feed.get(id);
  if (known) onJob(known);
  const unwatch = feed.watch(id, onJob);
  const unreopen = feed.onReopen(refetch);
  refetch();
  return () => {
    stopped = true;
    fetching?.abort();
    unwatch();
    unreopen();
  };
}
