/**
 * A download while it runs (progress) and once done: the file, a player, and "Use in…" — the
 * stored file handed straight to stems, MIDI, noise reduction or transcription.
 */
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../api/errors.ts';
import { useStudioApi } from '../../data/contract-query.ts';
import { formatBytes, formatDuration } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { AudioPlayer } from '../../ui/audio/AudioPlayer.tsx';
import { Button } from '../../ui/Button.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { hrefFor } from '../shell/router.ts';
import { sendToTool } from './send-to-tool.ts';
import { USE_IN, type DownloadJob, type UseIn } from './web-types.ts';
import styles from './Web.module.css';

const TOOL_LABELS: Record<UseIn, string> = {
  stems: 'Stem separation',
  midi: 'Audio to MIDI',
  denoise: 'Noise reduction',
  transcription: 'Transcription',
};

export function DownloadResult({ job }: { job: DownloadJob }) {
  const api = useStudioApi();
  const send = useMutation({ mutationFn: (tool: UseIn) => sendToTool(api, tool, job) });

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
    return <Alert tone="error">The download failed: {job.error_message}</Alert>;
  }
  const sent = send.data;
  const tool = send.variables;
  return (
    <div className={styles.result} data-testid="download-result">
      <p>
        <a href={job.download_url ?? '#'} download={job.filename ?? undefined}>
          {job.filename}
        </a>{' '}
        · {job.file_size === null ? '' : formatBytes(job.file_size)}
        {job.duration === null ? '' : ` · ${formatDuration(job.duration)}`}
        {job.resolution ? ` · ${job.resolution}` : ''}
      </p>
      {job.download_url && (
        <AudioPlayer
          src={job.download_url}
          title={job.filename ?? 'the download'}
          testId="download-player"
        />
      )}
      <div className={styles.useIn} role="group" aria-label="Use in">
        <span className="muted">Use in…</span>
        {USE_IN.map((name) => (
          <Button
            key={name}
            size="sm"
            busy={send.isPending && tool === name}
            disabled={send.isPending}
            onClick={() => send.mutate(name)}
          >
            {TOOL_LABELS[name]}
          </Button>
        ))}
      </div>
      {send.error && (
        <Alert tone="error" testId="use-in-status">
          {errorMessage(send.error)}
        </Alert>
      )}
      {sent && tool && 'jobId' in sent && (
        <p role="status" data-testid="use-in-status">
          {TOOL_LABELS[tool]} started (job #{sent.jobId}).{' '}
          <a href={`${hrefFor(sent.page)}?job=${sent.jobId}`}>Open it</a> or follow it on{' '}
          <a href={hrefFor('/jobs')}>Jobs</a>.
        </p>
      )}
      {sent && 'text' in sent && (
        <blockquote className={styles.transcript} data-testid="transcript">
          {sent.text || '(no speech found)'}
        </blockquote>
      )}
    </div>
  );
}
