/**
 * One narrated article: its player, what it is (words, length, voice) and how to share it: the
 * public player page (no sign-in needed), its link, the embed snippet, and delete.
 */
import { useState } from 'react';
import { useContractMutation } from '../../data/contract-query.ts';
import { useJob } from '../../data/use-job.ts';
import { copyText } from '../../lib/clipboard.ts';
import { formatClock } from '../../lib/format.ts';
import { AudioPlayer } from '../../ui/audio/AudioPlayer.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import styles from './Reader.module.css';
import type { ReaderJob } from './web-types.ts';

export function ReaderItem({ job, voiceName }: { job: ReaderJob; voiceName: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const live = useJob(job.status === 'processing' ? job.id : null);
  const remove = useContractMutation('delete', '/reader/{reader_job_id}', {
    invalidates: ['/reader'],
  });
  const publicUrl = job.embed_url.replace(/\/embed$/, '');
  const copy = async (what: string, text: string) => {
    setCopied((await copyText(text, null)) ? `Copied the ${what}.` : `Select and copy: ${text}`);
  };
  const facts = [
    `${job.word_count.toLocaleString('en')} words`,
    job.audio_duration_seconds === null ? null : formatClock(job.audio_duration_seconds),
    voiceName,
  ].filter(Boolean);

  return (
    <li className={styles.item} data-testid={`reader-${job.id}`} data-status={job.status}>
      <div className={styles.itemHead}>
        <div className={styles.itemTitle}>
          <strong>{job.title}</strong>
          <span className={styles.meta}>{facts.join(' · ')}</span>
        </div>
        {job.is_premium ? (
          <Badge tone="info">Premium</Badge>
        ) : (
          <Badge tone="neutral">Standard</Badge>
        )}
      </div>
      {job.status === 'processing' && (
        <ProgressBar
          value={live.progress || job.progress}
          label={`Narration of ${job.title}`}
          valueText={live.stage ?? undefined}
        />
      )}
      {job.status === 'failed' && (
        <Alert tone="error">{job.error_message ?? 'The narration failed.'}</Alert>
      )}
      {job.audio_url && (
        <AudioPlayer
          src={job.audio_url}
          title={job.title}
          download={{ href: job.audio_url, label: `Download ${job.title} (MP3)` }}
          testId={`reader-player-${job.id}`}
        />
      )}
      <div className={styles.actions}>
        <ButtonLink
          href={job.embed_url}
          target="_blank"
          rel="noreferrer"
          size="sm"
          variant="ghost"
          icon="external"
        >
          Player page
        </ButtonLink>
        <Button size="sm" icon="copy" onClick={() => void copy('share link', publicUrl)}>
          Copy share link
        </Button>
        <Button size="sm" icon="copy" onClick={() => void copy('embed code', job.embed_html)}>
          Copy embed code
        </Button>
        <Button size="sm" variant="danger-ghost" icon="trash" onClick={() => setConfirming(true)}>
          Delete
        </Button>
        {copied && (
          <span className={styles.meta} role="status">
            {copied}
          </span>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Delete “${job.title}”?`}
          confirmLabel="Delete"
          action={() => remove.mutateAsync({ params: { reader_job_id: job.id } })}
          onDone={() => setConfirming(false)}
          onClose={() => setConfirming(false)}
          testId="reader-delete-dialog"
          confirmTestId="reader-delete-confirm"
        >
          <p>
            Its audio, its player page and its embed snippet stop working for everyone you shared
            them with.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
