/**
 * A started batch's line (book or chapter), following the run's job live through the studio's
 * one event stream (useJob, no polling): "credits held" while it runs, how it ended afterwards.
 */
import { useJob } from '../../data/use-job.ts';
import { batchSummary } from './narration-format.ts';
import type { BatchStarted } from './narration-types.ts';

export function BatchStartedLine({ started }: { started: BatchStarted }) {
  const live = useJob(started.job_id);
  return (
    <span data-job-status={live.status ?? 'unknown'}>
      {batchSummary(started, live.finished ? live.status : null)}
    </span>
  );
}

export const describeBatch = (started: BatchStarted) => <BatchStartedLine started={started} />;
