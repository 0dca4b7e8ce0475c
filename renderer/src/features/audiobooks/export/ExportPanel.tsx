/**
 * The book's export bar (docs/api/export.md): opens the export dialog, follows the export job
 * (polls GET .../export/{job_id}/status: progress, stage, per-chapter rows), shows the per-file
 * ACX report and offers the download (a signed URL from GET .../download). The last export's
 * job id is remembered per book in localStorage so a reload finds it again.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ProgressBar } from '../../../components/ProgressBar.tsx';
import { audiobookErrorText } from '../audiobook-format.ts';
import { ExportClient } from './export-client.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { ExportReport } from './ExportReport.tsx';
import type { ExportRequest, ExportStatus } from './export-types.ts';
import './export.css';

const POLL_MS = 1_000;
const key = (projectId: string) => `tapehouse.export.${projectId}`;

export function ExportPanel({ projectId }: { projectId: string }) {
  const client = useMemo(() => new ExportClient(), []);
  const [jobId, setJobId] = useState<number | null>(() => {
    const saved = Number(globalThis.localStorage?.getItem(key(projectId)));
    return Number.isInteger(saved) && saved > 0 ? saved : null;
  });
  const [status, setStatus] = useState<ExportStatus | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const running = status !== null && (status.status === 'queued' || status.status === 'running');

  useEffect(() => {
    if (jobId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await client.status(projectId, jobId, controller.signal);
        setStatus(next);
        if (next.status === 'queued' || next.status === 'running')
          timer = setTimeout(() => void poll(), POLL_MS);
      } catch (e) {
        if (!controller.signal.aborted) setError(audiobookErrorText(e));
      }
    };
    void poll();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [client, projectId, jobId]);

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
            {status === null
              ? ' Mastered chapter MP3s, credits, retail sample, cover and manifest in one ZIP.'
              : ` ${status.status}${status.stage && running ? ` · ${status.stage}` : ''}`}
          </span>
        </div>
        <div className="ab-export__actions">
          {status?.status === 'completed' && (
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
          value={status.progress}
          label="Export progress"
          valueText={status.stage ?? undefined}
          testId="export-progress"
        />
      )}
      {status?.status === 'failed' && status.error_message && (
        <p className="ab-error-text" role="alert" data-testid="export-failure">
          {status.error_message}
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
        />
      )}
    </section>
  );
}
