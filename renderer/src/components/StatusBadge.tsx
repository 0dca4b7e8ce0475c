import type { JobStatus } from '../api/types.ts';

const LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function JobStatusBadge({ status, testId }: { status: JobStatus; testId?: string }) {
  return (
    <span className={`badge badge--${status}`} data-testid={testId} data-status={status}>
      {LABELS[status]}
    </span>
  );
}

type Tone = 'ok' | 'warn' | 'error' | 'neutral';

export function Badge({
  tone,
  children,
  testId,
}: {
  tone: Tone;
  children: string;
  testId?: string;
}) {
  return (
    <span className={`badge badge--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
