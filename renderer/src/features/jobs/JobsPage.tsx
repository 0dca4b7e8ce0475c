/** Jobs: the live list, a status filter, paging, and the "Analyze audio file" action. */
import type { StreamState } from '../../api/job-events.ts';
import type { JobStatus } from '../../api/types.ts';
import { AnalyzeFileButton } from './AnalyzeFileButton.tsx';
import { JobRow } from './JobRow.tsx';
import { JOBS_PER_PAGE, useJobs } from './jobs-context.tsx';

const FILTERS: { status: JobStatus | null; label: string }[] = [
  { status: null, label: 'All' },
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
    <div className="stack" data-testid="jobs-panel">
      <div className="toolbar">
        <AnalyzeFileButton />
        <StreamIndicator stream={stream} />
      </div>

      <div className="segmented" role="group" aria-label="Show jobs by status">
        {FILTERS.map((filter) => (
          <button
            key={filter.label}
            type="button"
            className="segmented__item"
            aria-pressed={view.status === filter.status}
            onClick={() => setView({ status: filter.status, page: 1 })}
          >
            {filter.label}
          </button>
        ))}
      </div>

      {loadError && (
        <div className="alert alert--error" role="alert">
          Could not load jobs: {loadError}
        </div>
      )}

      {list.loaded && list.jobs.length === 0 ? (
        <div className="empty" data-testid="jobs-empty">
          <p className="empty__title">{view.status ? `No ${view.status} jobs.` : 'No jobs yet.'}</p>
          <p className="muted">
            Analyze an audio file to measure its loudness, peaks and noise floor. Long work such as
            narration and stem separation will appear here too.
          </p>
        </div>
      ) : (
        <ul className="jobs" aria-label="Jobs" aria-busy={!list.loaded} data-testid="jobs-list">
          {list.jobs.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </ul>
      )}

      {(list.hasPrev || list.hasNext) && (
        <nav className="pager" aria-label="Job pages">
          <button
            type="button"
            className="button button--ghost"
            disabled={!list.hasPrev}
            onClick={() => setView({ ...view, page: view.page - 1 })}
          >
            Newer
          </button>
          <span className="pager__info">
            {firstShown}–{firstShown + list.jobs.length - 1} of {list.total}
          </span>
          <button
            type="button"
            className="button button--ghost"
            disabled={!list.hasNext}
            onClick={() => setView({ ...view, page: view.page + 1 })}
          >
            Older
          </button>
        </nav>
      )}
    </div>
  );
}

function StreamIndicator({ stream }: { stream: StreamState }) {
  let tone = 'neutral';
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
      className={`live live--${tone}`}
      role="status"
      data-testid="jobs-stream"
      data-state={stream.kind}
      title={stream.kind === 'waiting' ? stream.error : undefined}
    >
      <span className="live__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
