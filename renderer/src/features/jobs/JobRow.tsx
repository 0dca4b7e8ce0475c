import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
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
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import styles from './Jobs.module.css';

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
  const { track, fileNames, list } = useJobs();
  const cancelJob = useContractMutation('post', '/jobs/{job_id}/cancel', { onSuccess: track });
  const cancelling = cancelJob.isPending;
  const actionError = cancelJob.error ? `Could not cancel: ${errorMessage(cancelJob.error)}` : null;
  const [showResult, setShowResult] = useState<boolean | null>(null);

  const name = formatJobType(job.type);
  const subject = jobSubject(job, fileNames);
  const analysis = job.status === 'completed' ? asAnalysisResult(job.result) : null;
  const resultOpen = showResult ?? list.justCompleted.has(job.id);
  const percent = clampPercent(job.status === 'completed' ? 100 : job.progress);
  const eta = job.status === 'running' ? formatEta(job.eta_seconds) : null;
  const took = job.status === 'completed' ? elapsed(job) : null;

  const cancel = () => cancelJob.mutate({ params: { job_id: job.id } });

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
      className={cx(
        styles.job,
        job.status === 'running' && styles.jobRunning,
        job.status === 'failed' && styles.jobFailed,
      )}
      data-testid={`job-${job.id}`}
      data-job-id={job.id}
      data-status={job.status}
      aria-label={`${name} #${job.id}${subject ? `, ${subject}` : ''}, ${job.status}`}
    >
      <div className={styles.jobHead}>
        <div className={styles.jobTitle}>
          <span className={styles.jobName}>{name}</span>
          <span className={styles.jobId}>#{job.id}</span>
          {subject && (
            <span className={styles.jobSubject} title={subject}>
              {subject}
            </span>
          )}
        </div>
        <div className={styles.jobMeta}>
          <time dateTime={job.created_at} className={styles.jobTime}>
            {formatTimestamp(job.created_at)}
          </time>
          <JobStatusBadge status={job.status} testId="job-status" />
          {resultHref(job) !== null && (
            <ButtonLink size="sm" href={resultHref(job) ?? undefined} testId="job-open">
              {job.status === 'completed' ? 'Open result' : 'Open'}
            </ButtonLink>
          )}
          {isCancellable(job) && (
            <Button
              size="sm"
              variant="danger-ghost"
              onClick={cancel}
              disabled={cancelling}
              aria-label={`Cancel ${name.toLowerCase()} #${job.id}`}
              testId="job-cancel"
            >
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </Button>
          )}
        </div>
      </div>

      {job.status !== 'failed' && (
        <div className={styles.jobProgress}>
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
          <span className={styles.jobPercent} data-testid="job-percent">
            {job.status === 'queued' ? '–' : `${percent}%`}
          </span>
        </div>
      )}
      {detail && (
        <p className={styles.jobDetail} data-testid="job-detail">
          {detail}
        </p>
      )}

      {job.status === 'failed' && (
        <div className={styles.jobFailure} role="alert" data-testid="job-error">
          <strong>{job.error_message ?? 'The job failed.'}</strong>
          {job.failure_reason && job.failure_reason !== job.error_message && (
            <span className={styles.jobFailureReason}>{job.failure_reason}</span>
          )}
        </div>
      )}
      {actionError && (
        <p className={styles.jobActionError} role="alert">
          {actionError}
        </p>
      )}

      {analysis && (
        <div className={styles.jobResult}>
          <Button
            variant="link"
            aria-expanded={resultOpen}
            onClick={() => setShowResult(!resultOpen)}
            testId="job-result-toggle"
          >
            {resultOpen ? 'Hide levels' : 'Show levels and waveform'}
          </Button>
          {resultOpen && <AnalysisResult result={analysis} name={subject ?? `job #${job.id}`} />}
        </div>
      )}
    </li>
  );
}
