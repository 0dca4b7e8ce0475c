/**
 * One pack on the Models page: what it is, its size and licence, whether this machine has it,
 * and Install / Install from folder / Verify / Remove. The job a button starts is followed live
 * with useJob (the studio's event stream).
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { formatBytes } from '../../lib/format.ts';
import { useJob } from '../jobs/use-job.ts';
import type { ModelsClient, Pack } from './models-client.ts';

function stateText(pack: Pack): string {
  if (pack.state === 'installed') return 'Installed';
  if (pack.in_models_dir) return 'Available (shared models folder)';
  if (pack.state === 'outdated') return `Out of date (${pack.installed_version ?? '?'})`;
  return 'Not installed';
}

function verifiedText(pack: Pack): string | null {
  const last = pack.last_verified;
  if (last === null) return null;
  const when = new Date(last.at).toLocaleString();
  return last.ok ? `Checked ${when}: intact` : `Checked ${when}: damaged — reinstall it`;
}

export function ModelPackRow({
  pack,
  client,
  onRemoved,
}: {
  pack: Pack;
  client: ModelsClient;
  /** Removal is no job (no event comes): the page reloads the list itself. */
  onRemoved: () => void;
}) {
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [folder, setFolder] = useState('');
  const [askFolder, setAskFolder] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const live = useJob(jobId);
  const running = jobId !== null && !live.finished;

  const act = async (start: () => Promise<{ id: number }>) => {
    setError(null);
    try {
      setJobId((await start()).id);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const remove = async () => {
    setConfirmRemove(false);
    setError(null);
    try {
      await client.remove(pack.id);
      setJobId(null);
      onRemoved();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const verified = verifiedText(pack);
  return (
    <li className="model-pack" data-testid={`pack-${pack.id}`} data-ready={pack.ready}>
      <div className="model-pack__about">
        <strong>{pack.title}</strong>
        <span
          className={`model-pack__state model-pack__state--${pack.ready ? 'ready' : 'missing'}`}
        >
          {stateText(pack)}
        </span>
        <p>{pack.description}</p>
        <p className="model-pack__facts">
          {formatBytes(pack.bytes)} · {pack.licence} · version {pack.version} ·{' '}
          <code>{pack.id}</code>
        </p>
        {verified && <p className="model-pack__facts">{verified}</p>}
      </div>
      <div className="model-pack__actions">
        {pack.state !== 'installed' && (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={running}
              onClick={() => void act(() => client.install(pack.id))}
              data-testid={`install-${pack.id}`}
            >
              Install ({formatBytes(pack.bytes)})
            </button>
            <button
              type="button"
              className="button"
              disabled={running}
              onClick={() => setAskFolder((v) => !v)}
            >
              From a folder…
            </button>
          </>
        )}
        {pack.removable && (
          <button
            type="button"
            className="button"
            disabled={running}
            onClick={() => void act(() => client.verify(pack.id))}
            data-testid={`verify-${pack.id}`}
          >
            Verify
          </button>
        )}
        {pack.removable &&
          (confirmRemove ? (
            <span className="model-pack__confirm">
              Remove {formatBytes(pack.bytes)}?{' '}
              <button
                type="button"
                className="button button--danger-ghost"
                onClick={() => void remove()}
                data-testid={`remove-confirm-${pack.id}`}
              >
                Remove
              </button>
              <button type="button" className="button" onClick={() => setConfirmRemove(false)}>
                Keep
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="button"
              disabled={running}
              onClick={() => setConfirmRemove(true)}
              data-testid={`remove-${pack.id}`}
            >
              Remove
            </button>
          ))}
      </div>
      {askFolder && !running && (
        <form
          className="model-pack__folder"
          onSubmit={(event) => {
            event.preventDefault();
            setAskFolder(false);
            void act(() => client.install(pack.id, folder.trim()));
          }}
        >
          <label className="field">
            <span>Folder holding the pack’s files (full path)</span>
            <input
              value={folder}
              onChange={(e) => setFolder(e.target.value)}
              placeholder="/home/me/Downloads/models"
              data-testid={`folder-${pack.id}`}
            />
          </label>
          <button type="submit" className="button" disabled={folder.trim() === ''}>
            Install from this folder
          </button>
        </form>
      )}
      {jobId !== null && running && (
        <p className="model-pack__stage" data-testid={`stage-${pack.id}`}>
          {live.stage ?? 'Waiting for the engine…'}
        </p>
      )}
      {jobId !== null && running && (
        <ProgressBar
          value={live.progress}
          label={`${pack.title} progress`}
          valueText={live.stage ?? 'waiting'}
          indeterminate={live.status === 'queued'}
          testId={`progress-${pack.id}`}
        />
      )}
      {live.error !== null && (
        <p className="model-pack__error" role="alert">
          {live.error}
        </p>
      )}
      {error !== null && (
        <p className="model-pack__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
