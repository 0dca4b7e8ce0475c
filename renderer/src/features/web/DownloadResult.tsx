/**
 * A download while it runs (progress) and once done: the file, a player, and "Use in…" — the
 * stored file handed straight to stems, MIDI, noise reduction or transcription.
 */
import { useState } from 'react';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { errorMessage } from '../../api/errors.ts';
import { formatBytes, formatDuration } from '../../lib/format.ts';
import { hrefFor } from '../shell/router.ts';
import { WebClient, type UseInResult } from './web-client.ts';
import { USE_IN, type DownloadJob, type UseIn } from './web-types.ts';

const TOOL_LABELS: Record<UseIn, string> = {
  stems: 'Stem separation',
  midi: 'Audio to MIDI',
  denoise: 'Noise reduction',
  transcription: 'Transcription',
};

export function DownloadResult({ job }: { job: DownloadJob }) {
  const [sent, setSent] = useState<{ tool: UseIn; result: UseInResult } | null>(null);
  const [sending, setSending] = useState<UseIn | null>(null);
  const [error, setError] = useState<string | null>(null);

  const sendTo = async (tool: UseIn) => {
    setSending(tool);
    setError(null);
    try {
      setSent({ tool, result: await new WebClient().useIn(tool, job) });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSending(null);
    }
  };

  if (job.status === 'PENDING' || job.status === 'PROCESSING') {
    return (
      <ProgressBar
        value={job.progress}
        label={`Download #${job.id} progress`}
        valueText={job.stage ?? 'waiting'}
        indeterminate={job.status === 'PENDING'}
        testId="download-progress"
      />
    );
  }
  if (job.status === 'FAILED') {
    return (
      <p className="form-error" role="alert">
        The download failed: {job.error_message}
      </p>
    );
  }
  const video = job.video_codec !== null;
  return (
    <div className="web-result" data-testid="download-result">
      <p>
        <a href={job.download_url ?? '#'} download={job.filename ?? undefined}>
          {job.filename}
        </a>{' '}
        · {job.file_size === null ? '' : formatBytes(job.file_size)}
        {job.duration === null ? '' : ` · ${formatDuration(job.duration)}`}
        {job.resolution ? ` · ${job.resolution}` : ''}
      </p>
      {job.download_url &&
        (video ? (
          <video className="web-result__player" controls src={job.download_url} />
        ) : (
          <audio controls src={job.download_url} />
        ))}
      <div className="web-use-in" role="group" aria-label="Use in">
        <span>Use in…</span>
        {USE_IN.map((tool) => (
          <button
            key={tool}
            type="button"
            className="button button--secondary"
            disabled={sending !== null}
            onClick={() => void sendTo(tool)}
          >
            {sending === tool ? 'Sending…' : TOOL_LABELS[tool]}
          </button>
        ))}
      </div>
      {error && (
        <p className="form-error" role="alert" data-testid="use-in-status">
          {error}
        </p>
      )}
      {sent && 'jobId' in sent.result && (
        <p role="status" data-testid="use-in-status">
          {TOOL_LABELS[sent.tool]} started (job #{sent.result.jobId}). Follow it on{' '}
          <a href={hrefFor('/jobs')}>Jobs</a>.
        </p>
      )}
      {sent && 'text' in sent.result && (
        <blockquote className="web-transcript" data-testid="transcript">
          {sent.result.text || '(no speech found)'}
        </blockquote>
      )}
    </div>
  );
}
