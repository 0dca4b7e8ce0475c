/**
 * `useJob(id)`: one job, live, from the studio's one event stream (no polling). It shows what
 * the studio already knows at once, fetches GET /jobs/{id}, follows every event for the job, and
 * fetches again whenever the stream reopens (events sent meanwhile are not replayed).
 *
 * `useJobUpdates(filter, onUpdate)`: a nudge whenever a matching job moves on, for views that
 * read their own route (a book's narration progress) instead of polling it.
 */
import { useEffect, useRef } from 'react';
import type { Job } from '../../api/types.ts';
import { useJobFeed } from './jobs-context.tsx';

export { useJob, type LiveJob } from '../../data/use-job.ts';

/**
 * Calls `onUpdate` whenever a job matching `filter` moves on (an event, or a snapshot the studio
 * fetched) and whenever the stream reopens (what happened meanwhile is not replayed). For views
 * that read their own route when their jobs change, instead of polling it.
 */
export function useJobUpdates(filter: (job: Job) => boolean, onUpdate: () => void): void {
  const feed = useJobFeed();
  const latest = useRef({ filter, onUpdate });
  useEffect(() => {
    latest.current = { filter, onUpdate };
  });
  useEffect(() => {
    const offJobs = feed.watchAll((job) => {
      if (latest.current.filter(job)) latest.current.onUpdate();
    });
    const offReopen = feed.onReopen(() => latest.current.onUpdate());
    return () => {
      offJobs();
      offReopen();
    };
  }, [feed]);
}
