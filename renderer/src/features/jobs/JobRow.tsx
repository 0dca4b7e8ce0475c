import { useState } from 'react';
import { useApi } from '../../api/context.tsx';
import { errorText } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { JobStatusBadge } from '../../ui/Badge.tsx';
import {
  clampPercent,
  formatDuration,
  formatEta,
  formatJobType,
  formatTimestamp,
} from '../../lib/format.ts';
import { resultHref, sourceName } from '../results/result-links.ts';
import { AnalysisResult, asAnalysisResult } from './AnalysisResult.tsx';
import { isCancellable } from './job-list.ts';
import { useJobs } from './jobs-context.tsx';

/** What the job works on: the uploaded file's name when we know it. */
export function jobSubject(job: Job, fileNames: ReadonlyMap<number, string>): string | null {
  const known = fileNames.get(job.id);
  if (known) return known;
  const named = sourceName(job.input);
  if (named) return named;
  if (job.input && typeof job.input === 'object') {
    const { file_key: fileKey } = job.input as Record<string, unknown>;
    if (typeof fileKey === 'string' && fileKey) return `file ${fileKey.slice(0, 12)}`;
  }
  return null;
}

function elapsed(job: Job): string | null {
  if (!job.started_at) return null;
  const end = job.finished_at ? Date.parse(job.finished_at) : Date.now();
  const seconds = (end - Date.parse(job.started_at)) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? formatDuration(seconds) : null;
}

export function JobRow({ job }: { job: Job }) {
  const api = useApi();
  const { track, fileNames, list } = useJobs();
  const [cancelling, setCancelling] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [showResult, setShowResult] = useState<boolean | null>(null);

  const name = formatJobType(job.type);
  const subject = jobSubject(job, fileNames);
  const analysis = job.status === 'completed' ? asAnalysisResult(job.result) : null;
  const resultOpen = showResult ?? list.justCompleted.has(job.id);
  const percent = clampPercent(job.status === 'completed' ? 100 : job.progress);
  const eta = job.status === 'running' ? formatEta(job.eta_seconds) : null;
  const took = job.status === 'completed' ? elapsed(job) : null;

  async function cancel() {
    setCancelling(true);
    setActionError(null);
    try {
      track(await api.cancelJob(job.id));
    } catch (caught) {
      setActionError(`Could not cancel: ${errorText(caught)}`);
    } finally {
      setCancelling(false);
    }
  }

  const detail =
    job.status === 'running'
      ? [job.stage, eta].filter(Boolean).join(' · ') || 'working'
      : job.status === 'queued'
        ? 'waiting for a free worker'
        : job.status === 'completed'
          ? took && `finished in ${took}`
          : job.status === 'cancelled'
            ? 'cancelled'
            : null;

  return (
    <li
      className={`job job--${job.status}`}
      data-testid={`job-${job.id}`}
      data-job-id={job.id}
      data-status={job.status}
      aria-label={`${name} #${job.id}${subject ? `, ${subject}` : ''}, ${job.status}`}
    >
      <div className="job__head">
        <div className="job__title">
          <span className="job__name">{name}</span>
          <span className="job__id">#{job.id}</span>
          {subject && (
            <span className="job__subject" title={subject}>
              {subject}
            </span>
          )}
        </div>
        <div className="job__meta">
          <time dateTime={job.created_at} className="job__time">
            {formatTimestamp(job.created_at)}
          </time>
          <JobStatusBadge status={job.status} testId="job-status" />
          {resultHref(job) !== null && (
            <a
              className="button button--small"
              href={resultHref(job) ?? undefined}
              data-testid="job-open"
            >
              {job.status === 'completed' ? 'Open result' : 'Open'}
            </a>
          )}
          {isCancellable(job) && (
            <button
              type="button"
              className="button button--small button--danger-ghost"
              onClick={() => void cancel()}
              disabled={cancelling}
              aria-label={`Cancel ${name.toLowerCase()} #${job.id}`}
              data-testid="job-cancel"
            >
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          )}
        </div>
      </div>

      {job.status !== 'failed' && (
        <div className="job__progress">
          <ProgressBar
            value={percent}
            label={`${name} #${job.id} progress`}
            valueText={detail ?? undefined}
            indeterminate={job.status === 'queued'}
            tone={
              job.status === 'completed' ? 'done' : job.status === 'cancelled' ? 'muted' : 'active'
            }
            testId="job-progress"
          />
          <span className="job__percent" data-testid="job-percent">
            {job.status === 'queued' ? '–' : `${percent}%`}
          </span>
        </div>
      )}
      {detail && (
        <p className="job__detail" data-testid="job-detail">
          {detail}
        </p>
      )}

      {job.status === 'failed' && (
        <div className="job__failure" role="alert" data-testid="job-error">
          <strong>{job.error_message ?? 'The job failed.'}</strong>
          {job.failure_reason && job.failure_reason !== job.error_message && (
            <span className="job__failure-reason">{job.failure_reason}</span>
          )}
        </div>
      )}
      {actionError && (
        <p className="job__action-error" role="alert">
          {actionError}
        </p>
      )}

      {analysis && (
        <div className="job__result">
          <button
            type="button"
            className="link-button"
            aria-expanded={resultOpen}
            onClick={() => setShowResult(!resultOpen)}
            data-testid="job-result-toggle"
          >
            {resultOpen ? 'Hide levels' : 'Show levels and waveform'}
          </button>
          {resultOpen && <AnalysisResult result={analysis} name={subject ?? `job #${job.id}`} />}
        </div>
      )}
    </li>
  );
}
