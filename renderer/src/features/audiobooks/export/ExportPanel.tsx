/**
 * The book's export bar (docs/api/export.md): opens the export dialog, follows the export job on
 * the job event stream (useJob: progress and stage live, no polling), reads GET
 * .../export/{job_id}/status once when the job is opened and once when it ends (per-chapter rows,
 * the per-file ACX report, warnings), and offers the download (a signed URL from GET
 * .../download). The last export's job id is remembered per book in localStorage so a reload
 * finds it again.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { useJob } from '../../jobs/use-job.ts';
import { audiobookErrorText } from '../audiobook-format.ts';
import { ExportClient } from './export-client.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { ExportReport } from './ExportReport.tsx';
import type { ExportRequest, ExportStatus } from './export-types.ts';
import './export.css';

const key = (projectId: string) => `tapehouse.export.${projectId}`;

export function ExportPanel({
  projectId,
  onBookChanged,
}: {
  projectId: string;
  /** The dialog skipped chapters: the page reloads the book. */
  onBookChanged?: () => void;
}) {
  const client = useMemo(() => new ExportClient(), []);
  const [jobId, setJobId] = useState<number | null>(() => {
    const saved = Number(globalThis.localStorage?.getItem(key(projectId)));
    return Number.isInteger(saved) && saved > 0 ? saved : null;
  });
  const [status, setStatus] = useState<ExportStatus | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const live = useJob(jobId);
  // The job's own state comes from the event stream; the status route adds the rows and report.
  const liveStatus = live.status ?? status?.status ?? null;
  const running = liveStatus === 'queued' || liveStatus === 'running';
  const settled = live.finished;

  useEffect(() => {
    if (jobId === null) return;
    const controller = new AbortController();
    client
      .status(projectId, jobId, controller.signal)
      .then(setStatus)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(audiobookErrorText(e));
      });
    return () => controller.abort();
    // Read when the job is opened and again when it ends (settled flips once).
  }, [client, projectId, jobId, settled]);

  const start = useCallback(
    async (body: ExportRequest) => {
      const started = await client.start(projectId, body);
      globalThis.localStorage?.setItem(key(projectId), String(started.job_id));
      setStatus(null);
      setError(null);
      setJobId(started.job_id);
      setOpen(false);
    },
    [client, projectId],
  );

  const download = async () => {
    if (jobId === null) return;
    try {
      const link = await client.download(projectId, jobId);
      if (link.url) window.location.assign(link.url);
      else setError(`The export is ${link.status}.`);
    } catch (e) {
      setError(audiobookErrorText(e));
    }
  };

  return (
    <section className="ab-export" aria-label="ACX export" data-testid="export-panel">
      <div className="ab-export__row">
        <div>
          <strong>ACX export</strong>
          <span className="muted" data-testid="export-state">
            {liveStatus === null
              ? ' Mastered chapter MP3s, credits, retail sample, cover and manifest in one ZIP.'
              : ` ${liveStatus}${live.stage && running ? ` · ${live.stage}` : ''}`}
          </span>
        </div>
        <div className="ab-export__actions">
          {liveStatus === 'completed' && (
            <button
              type="button"
              className="button"
              onClick={() => void download()}
              data-testid="export-download"
            >
              Download ZIP
            </button>
          )}
          <button
            type="button"
            className="button button--primary"
            onClick={() => setOpen(true)}
            disabled={running}
            data-testid="export-open"
          >
            Export for ACX…
          </button>
        </div>
      </div>
      {running && (
        <ProgressBar
          value={live.progress}
          label="Export progress"
          valueText={live.stage ?? undefined}
          testId="export-progress"
        />
      )}
      {liveStatus === 'failed' && (live.error ?? status?.error_message) && (
        <p className="ab-error-text" role="alert" data-testid="export-failure">
          {live.error ?? status?.error_message}
        </p>
      )}
      {status && status.warnings.length > 0 && (
        <ul className="ab-export__warnings">
          {status.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {status && (status.chapters.length > 0 || status.report.length > 0) && (
        <ExportReport report={status.report} chapters={status.chapters} />
      )}
      {error && <p className="ab-error-text">{error}</p>}
      {open && (
        <ExportDialog
          projectId={projectId}
          client={client}
          onClose={() => setOpen(false)}
          onStart={start}
          onBookChanged={onBookChanged}
        />
      )}
    </section>
  );
}
