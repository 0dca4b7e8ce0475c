/**
 * The narrated articles: a player for each, its share links (the public page needs no
 * credential; the embed snippet works pasted into another site) and delete. The list reloads
 * whenever a reader job moves on (the studio's event stream; no polling).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { copyText } from '../../lib/clipboard.ts';
import { formatDuration } from '../../lib/format.ts';
import { useLoaded } from '../../lib/use-loader.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { useJobUpdates } from '../jobs/use-job.ts';
import { WebClient } from './web-client.ts';
import type { ReaderJob } from './web-types.ts';

function ReaderItem({ job, onDelete }: { job: ReaderJob; onDelete: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (what: string, text: string) => {
    setCopied((await copyText(text, null)) ? what : `press Ctrl+C: ${text}`);
  };
  const publicUrl = job.embed_url.replace(/\/embed$/, '');
  return (
    <li className="web-reader-item" data-testid={`reader-${job.id}`}>
      <div className="web-reader-item__head">
        <strong>{job.title}</strong>
        <span>
          {job.word_count} words
          {job.audio_duration_seconds === null
            ? ''
            : ` · ${formatDuration(job.audio_duration_seconds)}`}
          {` · ${job.voice}${job.is_premium ? ' (premium)' : ''}`}
        </span>
      </div>
      {job.status === 'processing' && (
        <ProgressBar value={job.progress} label={`Narration of ${job.title}`} />
      )}
      {job.status === 'failed' && <p className="form-error">{job.error_message}</p>}
      {job.audio_url && <audio controls preload="none" src={job.audio_url} />}
      <div className="web-reader-item__actions">
        <a href={job.embed_url} target="_blank" rel="noreferrer">
          Player page
        </a>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void copy('share link', publicUrl)}
        >
          Copy share link
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void copy('embed code', job.embed_html)}
        >
          Copy embed code
        </button>
        <button type="button" className="button button--danger" onClick={onDelete}>
          Delete
        </button>
        {copied && (
          <span role="status">{copied.startsWith('press') ? copied : `Copied the ${copied}.`}</span>
        )}
      </div>
    </li>
  );
}

export function ReaderList({ refreshKey }: { refreshKey: number }) {
  const client = useMemo(() => new WebClient(), []);
  const load = useCallback((signal: AbortSignal) => client.readerList(signal), [client]);
  const list = useLoaded(load, errorMessage);
  const { reload } = list;
  // A narration started on this page shows at once; later changes come from the event stream.
  useEffect(() => reload(), [refreshKey, reload]);
  useJobUpdates((job) => job.type === 'reader', reload);
  const remove = async (id: number) => {
    await client.deleteReader(id);
    list.reload();
  };
  if (list.error) return <p className="form-error">{list.error}</p>;
  if (!list.data) return <p>Loading…</p>;
  if (list.data.items.length === 0) return <p>No narrated articles yet.</p>;
  return (
    <ul className="web-reader-list">
      {list.data.items.map((job) => (
        <ReaderItem key={job.id} job={job} onDelete={() => void remove(job.id)} />
      ))}
    </ul>
  );
}
