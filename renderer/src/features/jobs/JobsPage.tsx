/** Jobs: the live list, a status filter, paging, and the "Analyze audio file" action. */
import type { StreamState } from '../../api/job-events.ts';
import type { JobStatus } from '../../api/types.ts';
import { Alert, EmptyState } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import { PageBody, Toolbar } from '../../ui/Layout.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { AnalyzeFileButton } from './AnalyzeFileButton.tsx';
import { JobRow } from './JobRow.tsx';
import { JOBS_PER_PAGE, useJobs } from './jobs-context.tsx';
import styles from './Jobs.module.css';

const FILTERS: { status: JobStatus | 'all'; label: string }[] = [
  { status: 'all', label: 'All' },
  { status: 'running', label: 'Running' },
  { status: 'queued', label: 'Queued' },
  { status: 'completed', label: 'Completed' },
  { status: 'failed', label: 'Failed' },
  { status: 'cancelled', label: 'Cancelled' },
];

export function JobsPage() {
  const { list, stream, loadError, setView } = useJobs();
  const { view } = list;
  const firstShown = (view.page - 1) * JOBS_PER_PAGE + 1;
  return (
    <PageBody testId="jobs-panel">
      <Toolbar
        label="Jobs"
        start={<AnalyzeFileButton />}
        end={<StreamIndicator stream={stream} />}
      />
      <SegmentedControl
        label="Show jobs by status"
        value={view.status ?? 'all'}
        onChange={(status) => setView({ status: status === 'all' ? null : status, page: 1 })}
        options={FILTERS.map((filter) => ({
          value: filter.status,
          label: filter.label,
          testId: `jobs-filter-${filter.status}`,
        }))}
      />
      {loadError && <Alert tone="error">Could not load jobs: {loadError}</Alert>}
      {list.loaded && list.jobs.length === 0 ? (
        <EmptyState
          icon="jobs"
          title={view.status ? `No ${view.status} jobs.` : 'No jobs yet.'}
          testId="jobs-empty"
        >
          <p>
            Analyze an audio file to measure its loudness, peaks and noise floor. Long work such as
            narration and stem separation will appear here too.
          </p>
        </EmptyState>
      ) : (
        <ul
          className={styles.jobs}
          aria-label="Jobs"
          aria-busy={!list.loaded}
          data-testid="jobs-list"
        >
          {list.jobs.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </ul>
      )}
      {(list.hasPrev || list.hasNext) && (
        <nav className={styles.pager} aria-label="Job pages">
          <Button
            variant="ghost"
            disabled={!list.hasPrev}
            onClick={() => setView({ ...view, page: view.page - 1 })}
          >
            Newer
          </Button>
          <span className="muted small">
            {firstShown}–{firstShown + list.jobs.length - 1} of {list.total}
          </span>
          <Button
            variant="ghost"
            disabled={!list.hasNext}
            onClick={() => setView({ ...view, page: view.page + 1 })}
          >
            Older
          </Button>
        </nav>
      )}
    </PageBody>
  );
}

function StreamIndicator({ stream }: { stream: StreamState }) {
  let tone: 'neutral' | 'ok' | 'warn' = 'neutral';
  let text = 'Connecting to live updates…';
  if (stream.kind === 'open') {
    tone = 'ok';
    text = 'Live';
  } else if (stream.kind === 'waiting') {
    tone = 'warn';
    text = `Live updates lost, retrying in ${Math.ceil(stream.retryInMs / 1000)} s`;
  }
  return (
    <span
      className={cx(styles.live, tone !== 'neutral' && styles[tone])}
      role="status"
      data-testid="jobs-stream"
      data-state={stream.kind}
      title={stream.kind === 'waiting' ? stream.error : undefined}
    >
      <span className={styles.dot} aria-hidden="true" />
      {text}
    </span>
  );
}
