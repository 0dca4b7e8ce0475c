/**
 * A tool page's history: its recent jobs by the file's name and when, each reopening on the
 * page (`?job=<id>`). Read once and again whenever one of them moves on (the job event stream).
 */
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/context.tsx';
import type { Job } from '../../api/types.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { useJobUpdates } from '../jobs/use-job.ts';
import { resultHref, sourceName } from './result-links.ts';
import './results.css';

const WORDS: Record<Job['status'], string> = {
  queued: 'waiting',
  running: 'working…',
  completed: 'ready',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function RecentResults({
  type,
  title,
  openId,
}: {
  /** The job type, e.g. `stem_extraction`. */
  type: string;
  title: string;
  /** The result shown on the page now (marked in the list). */
  openId: number | null;
}) {
  const api = useApi();
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((t) => t + 1), []);
  useJobUpdates((job) => job.type === type, refresh);

  useEffect(() => {
    const abort = new AbortController();
    api.listJobs({ type, per_page: 10 }, abort.signal).then(
      (page) => setJobs(page.jobs),
      () => setJobs((current) => current ?? []),
    );
    return () => abort.abort();
  }, [api, type, tick]);

  if (jobs === null || jobs.length === 0) return null;
  return (
    <section className="card recent-results" aria-label={title} data-testid={`recent-${type}`}>
      <h2>{title}</h2>
      <ul>
        {jobs.map((job) => (
          <li key={job.id} className={job.id === openId ? 'recent-results__open' : undefined}>
            <a href={resultHref(job) ?? '#'} data-testid={`recent-${job.id}`}>
              {sourceName(job.input) ?? 'Untitled recording'}
            </a>
            <span className={`recent-results__status recent-results__status--${job.status}`}>
              {WORDS[job.status]}
            </span>
            <time dateTime={job.created_at}>{formatTimestamp(job.created_at)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
