/**
 * The cast's "Improve speakers with the language model": the estimate first (ImproveDialog),
 * then the detection job followed live (useJob: progress, stage, time left, Stop), then the
 * lines to check (DetectionLines). After a reload the book's last model pass is found again in
 * the job list (GET /jobs?type=audiobook_cast_detection), so its lines stay one click away.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors.ts';
import type { Job } from '../../../api/types.ts';
import { useContractMutation, useContractQuery } from '../../../data/contract-query.ts';
import { applyJobSnapshot } from '../../../data/job-invalidation.ts';
import { useJob } from '../../../data/use-job.ts';
import { formatEta } from '../../../lib/format.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Cluster, Stack } from '../../../ui/Layout.tsx';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { DetectionLines } from './DetectionLines.tsx';
import { ImproveDialog } from './ImproveDialog.tsx';
import { doneWords } from './improve-words.ts';
import styles from './Improve.module.css';

const DETECTION = 'audiobook_cast_detection';

/** The newest model pass of this book the engine still lists (newest first). */
function lastOf(jobs: readonly Job[], projectId: string): number | null {
  const mine = jobs.find(
    (job) => (job.input as { project_id?: unknown } | null)?.project_id === projectId,
  );
  return mine?.id ?? null;
}

function resultOf(job: Job | null): { lines_read?: number; paragraphs_refined?: number } {
  const result = job?.result as { lines_read?: unknown; paragraphs_refined?: unknown } | null;
  const count = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    lines_read: count(result?.lines_read),
    paragraphs_refined: count(result?.paragraphs_refined),
  };
}

export function ImproveSpeakers({ projectId }: { projectId: string }) {
  const [asking, setAsking] = useState(false);
  const [started, setStarted] = useState<number | null>(null);
  const earlier = useContractQuery(
    '/jobs',
    { query: { type: DETECTION, per_page: 20 } },
    { enabled: started === null },
  );
  const jobId = started ?? lastOf(earlier.data?.jobs ?? [], projectId);
  const live = useJob(jobId);
  const client = useQueryClient();
  const stop = useContractMutation('post', '/jobs/{job_id}/cancel', {
    onSuccess: (job) => applyJobSnapshot(client, job),
  });
  const running = jobId !== null && live.job !== null && !live.finished;

  return (
    <section
      className={styles.improve}
      data-testid="improve-speakers"
      aria-label="Improve speakers"
    >
      <Cluster gap={3}>
        <Button
          icon="wand"
          onClick={() => setAsking(true)}
          disabled={running}
          testId="improve-speakers-open"
        >
          Improve speakers with the language model…
        </Button>
        <span className="muted small">
          Reads the dialogue again and tells you which lines to check.
        </span>
      </Cluster>
      {running && (
        <Stack gap={2} testId="improve-running">
          <ProgressBar
            value={live.progress}
            label="Improving speakers"
            valueText={live.stage ?? 'waiting to start'}
            indeterminate={live.status === 'queued'}
            testId="improve-progress"
          />
          <Cluster gap={3}>
            <span className="muted small" data-testid="improve-stage">
              {live.status === 'queued'
                ? 'Waiting for other work to finish…'
                : [live.stage, formatEta(live.etaSeconds)].filter(Boolean).join(' · ')}
            </span>
            <Button
              size="sm"
              variant="ghost"
              busy={stop.isPending}
              onClick={() => stop.mutate({ params: { job_id: jobId } })}
              testId="improve-stop"
            >
              Stop
            </Button>
          </Cluster>
        </Stack>
      )}
      {stop.error && <Alert tone="error">Could not stop it: {errorMessage(stop.error)}</Alert>}
      {live.status === 'failed' && (
        <Alert
          tone="error"
          testId="improve-failed"
          title="Improving speakers stopped with a problem"
        >
          {live.error || 'The language model did not finish.'} The parts it finished keep their
          speakers.
        </Alert>
      )}
      {live.status === 'cancelled' && (
        <Alert tone="info" testId="improve-stopped">
          Stopped. The parts the language model finished keep their new speakers.
        </Alert>
      )}
      {live.status === 'completed' && jobId !== null && (
        <>
          <Alert tone="ok" testId="improve-done">
            {doneWords(resultOf(live.job))}
          </Alert>
          <DetectionLines projectId={projectId} jobId={jobId} />
        </>
      )}
      {asking && (
        <ImproveDialog
          projectId={projectId}
          onClose={() => setAsking(false)}
          onStarted={(id) => {
            setAsking(false);
            setStarted(id);
          }}
        />
      )}
    </section>
  );
}
