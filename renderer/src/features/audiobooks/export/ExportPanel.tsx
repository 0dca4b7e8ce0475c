/**
 * The book's export bar (docs/api/export.md): opens the export dialog, follows the export job
 * live (useJob: progress and stage, no polling), shows its status route's rows (per chapter, the
 * per-file ACX report, warnings; read when the job is known and again when it ends, through the
 * query cache) and offers the download (a signed URL from GET .../download). The last export's
 * job id is remembered per book in localStorage so a reload finds it again.
 */
import { useState } from 'react';
import { errorMessage } from '../../../api/errors.ts';
import { useContractQuery, useStudioApi } from '../../../data/contract-query.ts';
import { useJob } from '../../../data/use-job.ts';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { BOOK_ROUTE } from '../book-queries.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { ExportReport } from './ExportReport.tsx';
import type { ExportRequest } from './export-types.ts';
import styles from './Export.module.css';

const key = (projectId: string) => `tapehouse.export.${projectId}`;

const STATE_WORDS: Record<string, string> = {
  queued: 'Waiting to start',
  running: 'Exporting',
  completed: 'Ready to download',
  failed: 'The export failed',
  cancelled: 'Cancelled',
};

export function ExportPanel({ projectId }: { projectId: string }) {
  const api = useStudioApi();
  const [jobId, setJobId] = useState<number | null>(() => {
    const saved = Number(globalThis.localStorage?.getItem(key(projectId)));
    return Number.isInteger(saved) && saved > 0 ? saved : null;
  });
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = useJob(jobId);
  const status = useContractQuery(
    `${BOOK_ROUTE}/export/{export_job_id}/status`,
    jobId === null ? null : { params: { project_id: projectId, export_job_id: jobId } },
  ).data;
  // The job's own state comes from the event stream; the status route adds the rows and report.
  const liveStatus = live.status ?? status?.status ?? null;
  const running = liveStatus === 'queued' || liveStatus === 'running';

  const start = async (body: ExportRequest) => {
    const started = await api.post(`${BOOK_ROUTE}/export`, {
      params: { project_id: projectId },
      json: body,
    });
    globalThis.localStorage?.setItem(key(projectId), String(started.job_id));
    setError(null);
    setJobId(started.job_id);
    setOpen(false);
  };

  const download = async () => {
    if (jobId === null) return;
    try {
      const link = await api.get(`${BOOK_ROUTE}/export/{export_job_id}/download`, {
        params: { project_id: projectId, export_job_id: jobId },
      });
      if (link.url) window.location.assign(link.url);
      else setError('The export is not ready to download yet.');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Card
      title="ACX export"
      description={
        <span data-testid="export-state">
          {liveStatus === null
            ? 'Mastered chapter MP3s, credits, a retail sample and the cover in one ZIP, checked against ACX’s rules.'
            : `${STATE_WORDS[liveStatus] ?? liveStatus}${live.stage && running ? ` · ${live.stage}` : ''}`}
        </span>
      }
      aside={
        <div className={styles.actions}>
          {liveStatus === 'completed' && (
            <Button icon="download" onClick={() => void download()} testId="export-download">
              Download ZIP
            </Button>
          )}
          <Button
            variant="primary"
            onClick={() => setOpen(true)}
            disabled={running}
            testId="export-open"
          >
            Export for ACX…
          </Button>
        </div>
      }
      testId="export-panel"
    >
      {running && (
        <ProgressBar
          value={live.progress}
          label="Export progress"
          valueText={live.stage ?? undefined}
          testId="export-progress"
        />
      )}
      {liveStatus === 'failed' && (live.error ?? status?.error_message) && (
        <p className={styles.error} role="alert" data-testid="export-failure">
          {live.error ?? status?.error_message}
        </p>
      )}
      {status && status.warnings.length > 0 && (
        <ul className={styles.warnings}>
          {status.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {status && (status.chapters.length > 0 || status.report.length > 0) && (
        <ExportReport report={status.report} chapters={status.chapters} />
      )}
      {error && <p className={styles.error}>{error}</p>}
      {open && (
        <ExportDialog projectId={projectId} onClose={() => setOpen(false)} onStart={start} />
      )}
    </Card>
  );
}
