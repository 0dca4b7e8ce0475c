/**
 * A tool page's history: its recent jobs by the file's name and when, each reopening on the
 * page (`?job=<id>`). One query of GET /jobs, refreshed by the job event stream whenever a job
 * starts or ends (data/job-invalidation.ts).
 */
import type { Job } from '../../api/types.ts';
import { useContractQuery } from '../../data/contract-query.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { Badge, type BadgeTone } from '../../ui/Badge.tsx';
import { Card } from '../../ui/Card.tsx';
import { cx } from '../../ui/cx.ts';
import { resultHref, sourceName } from './result-links.ts';
import styles from './Results.module.css';

const WORDS: Record<Job['status'], [string, BadgeTone]> = {
  queued: ['waiting', 'neutral'],
  running: ['working…', 'info'],
  completed: ['ready', 'ok'],
  failed: ['failed', 'error'],
  cancelled: ['cancelled', 'neutral'],
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
  const jobs = useContractQuery('/jobs', { query: { type, per_page: 10 } }).data?.jobs ?? [];
  if (jobs.length === 0) return null;
  return (
    <Card title={title} testId={`recent-${type}`}>
      <ul className={styles.list}>
        {jobs.map((job) => {
          const [word, tone] = WORDS[job.status];
          return (
            <li key={job.id} className={cx(styles.item, job.id === openId && styles.open)}>
              <a href={resultHref(job) ?? '#'} data-testid={`recent-${job.id}`}>
                {sourceName(job.input) ?? 'Untitled recording'}
              </a>
              <Badge tone={tone}>{word}</Badge>
              <time className={styles.meta} dateTime={job.created_at}>
                {formatTimestamp(job.created_at)}
              </time>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
