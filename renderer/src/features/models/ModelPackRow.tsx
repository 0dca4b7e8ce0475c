/**
 * One pack on the Models page: what it is, its size and licence, whether this machine has it,
 * and Install / Install from folder / Verify / Remove. The job a button starts is followed live
 * with useJob (the studio's event stream).
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { useJob } from '../../data/use-job.ts';
import { formatBytes } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { TextField } from '../../ui/Field.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import type { Pack } from './use-model-packs.ts';
import styles from './Models.module.css';

function stateText(pack: Pack): string {
  if (pack.state === 'installed') return 'Installed';
  if (pack.in_models_dir) return 'Available from the shared folder';
  if (pack.state === 'outdated') return `Out of date (${pack.installed_version ?? '?'})`;
  return 'Not installed';
}

function verifiedText(pack: Pack): string | null {
  const last = pack.last_verified;
  if (last === null) return null;
  const when = new Date(last.at).toLocaleString();
  return last.ok ? `Checked ${when}: intact` : `Checked ${when}: damaged — reinstall it`;
}

export function ModelPackRow({ pack }: { pack: Pack }) {
  const [jobId, setJobId] = useState<number | null>(null);
  const [folder, setFolder] = useState('');
  const [askFolder, setAskFolder] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const live = useJob(jobId);
  const running = jobId !== null && !live.finished;
  const params = { pack_id: pack.id };
  const started = { onSuccess: (job: { id: number }) => setJobId(job.id) };
  const install = useContractMutation('post', '/model-packs/{pack_id}/install', started);
  const verify = useContractMutation('post', '/model-packs/{pack_id}/verify', started);
  const remove = useContractMutation('delete', '/model-packs/{pack_id}', {
    invalidates: ['/model-packs', '/stem-extraction', '/voice', '/audiobook/voices'],
    onSuccess: () => setJobId(null),
  });
  const failure = install.error ?? verify.error;
  const verified = verifiedText(pack);

  return (
    <li className={styles.pack} data-testid={`pack-${pack.id}`} data-ready={pack.ready}>
      <div className={styles.about}>
        <div className={styles.title}>
          <strong>{pack.title}</strong>
          <Badge tone={pack.ready ? 'ok' : 'neutral'}>{stateText(pack)}</Badge>
        </div>
        <p>{pack.description}</p>
        <p className={styles.facts}>
          {formatBytes(pack.bytes)} · {pack.licence} · version {pack.version}
        </p>
        {verified && <p className={styles.facts}>{verified}</p>}
      </div>
      <div className={styles.actions}>
        {pack.state !== 'installed' && (
          <>
            <Button
              variant="primary"
              icon="download"
              disabled={running}
              busy={install.isPending}
              onClick={() => install.mutate({ params, json: {} })}
              testId={`install-${pack.id}`}
            >
              Install ({formatBytes(pack.bytes)})
            </Button>
            <Button disabled={running} onClick={() => setAskFolder((v) => !v)}>
              From a folder…
            </Button>
          </>
        )}
        {pack.removable && (
          <Button
            disabled={running}
            busy={verify.isPending}
            onClick={() => verify.mutate({ params })}
            testId={`verify-${pack.id}`}
          >
            Verify
          </Button>
        )}
        {pack.removable && (
          <Button
            variant="danger-ghost"
            disabled={running}
            onClick={() => setConfirmRemove(true)}
            testId={`remove-${pack.id}`}
          >
            Remove
          </Button>
        )}
      </div>
      {askFolder && !running && (
        <form
          className={`${styles.folder} ${styles.wide}`}
          onSubmit={(event) => {
            event.preventDefault();
            setAskFolder(false);
            install.mutate({ params, json: { from: folder.trim() } });
          }}
        >
          <TextField
            label="Folder holding the pack’s files (full path)"
            value={folder}
            onChange={(e) => setFolder(e.target.value)}
            placeholder="/home/me/Downloads/voices"
            testId={`folder-${pack.id}`}
          />
          <Button type="submit" disabled={folder.trim() === ''}>
            Install from this folder
          </Button>
        </form>
      )}
      {running && (
        <div className={styles.wide}>
          <p className={styles.facts} data-testid={`stage-${pack.id}`}>
            {live.stage ?? 'Waiting for the engine…'}
          </p>
          <ProgressBar
            value={live.progress}
            label={`${pack.title} progress`}
            valueText={live.stage ?? 'waiting'}
            indeterminate={live.status === 'queued'}
            testId={`progress-${pack.id}`}
          />
        </div>
      )}
      {(live.error !== null || failure) && (
        <div className={styles.wide}>
          <Alert tone="error">{live.error ?? errorMessage(failure)}</Alert>
        </div>
      )}
      {confirmRemove && (
        <ConfirmDialog
          title={`Remove ${pack.title}?`}
          confirmLabel={`Remove ${formatBytes(pack.bytes)}`}
          action={() => remove.mutateAsync({ params })}
          onDone={() => setConfirmRemove(false)}
          onClose={() => setConfirmRemove(false)}
          testId={`remove-dialog-${pack.id}`}
          confirmTestId={`remove-confirm-${pack.id}`}
        >
          <p>The pack’s files are deleted from this machine; you can install it again later.</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
