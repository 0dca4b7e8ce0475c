/** A short status word in a pill: a tone, or a job's status with its label. */
import type { ReactNode } from 'react';
import type { JobStatus } from '../api/types.ts';
import { cx } from './cx.ts';
import styles from './Badge.module.css';

export type BadgeTone = 'ok' | 'warn' | 'error' | 'neutral' | 'info';

export function Badge({
  tone,
  children,
  testId,
  title,
}: {
  tone: BadgeTone;
  children: ReactNode;
  testId?: string;
  title?: string;
}) {
  return (
    <span className={cx(styles.badge, styles[tone])} data-testid={testId} title={title}>
      {children}
    </span>
  );
}

const JOB_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function JobStatusBadge({ status, testId }: { status: JobStatus; testId?: string }) {
  return (
    <span className={cx(styles.badge, styles[status])} data-testid={testId} data-status={status}>
      {JOB_LABELS[status]}
    </span>
  );
}
