/**
 * One pack on the Models page: what it lets you do (its purpose), size, licence (marked when it
 * forbids commercial use), whether this computer has it and what its install verified; Install
 * (the studio's one Install button), from a folder, Verify and Remove. Jobs are followed live.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { useJob } from '../../data/use-job.ts';
import { formatBytes } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { TextField } from '../../ui/Field.tsx';
import { Cluster, Stack } from '../../ui/Layout.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { InstallPackButton } from './InstallPackButton.tsx';
import type { Pack } from './use-model-packs.ts';
import styles from './ModelPackRow.module.css';
import {
  checkText,
  lastCheckText,
  originText,
  stateText,
  verificationSummary,
} from './pack-words.ts';

export function ModelPackRow({ pack }: { pack: Pack }) {
  const [jobId, setJobId] = useState<number | null>(null);
  const [folder, setFolder] = useState('');
  const [askFolder, setAskFolder] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const live = useJob(jobId);
  const running = jobId !== null && !live.finished;
  const families = { invalidates: ['/model-packs'] };
  const verify = useContractMutation('post', '/model-packs/{pack_id}/verify', families);
  const fromFolder = useContractMutation('post', '/model-packs/{pack_id}/install', families);
  const remove = useContractMutation('delete', '/model-packs/{pack_id}', families);
  const error = verify.error ?? fromFolder.error ?? remove.error;
  const params = { params: { pack_id: pack.id } };
  const summary = verificationSummary(pack);
  const lastCheck = lastCheckText(pack);

  return (
    <li className={styles.row} data-testid={`pack-${pack.id}`} data-ready={pack.ready}>
      <div className={styles.about}>
        <Cluster gap={2}>
          <strong>{pack.title}</strong>
          <Badge tone={pack.ready ? 'ok' : 'neutral'}>{stateText(pack)}</Badge>
          {pack.non_commercial && <Badge tone="warn">Non-commercial</Badge>}
        </Cluster>
        {pack.purpose && <p className={styles.purpose}>{pack.purpose}</p>}
        <p className={styles.facts}>
          {formatBytes(pack.bytes)} · {pack.licence}
          {pack.licence_url && (
            <>
              {' · '}
              <ButtonLink variant="link" href={pack.licence_url} target="_blank" rel="noreferrer">
                licence
              </ButtonLink>
            </>
          )}
        </p>
        {summary && (
          <details className={styles.facts} data-testid={`verified-${pack.id}`}>
            <summary>{summary}</summary>
            <ul>
              {pack.verification.map((file) => (
                <li key={file.file}>
                  {file.file}: from {originText(file.origin)}; checked against{' '}
                  {[...new Set(file.checks.map(checkText))].join(', ')}
                </li>
              ))}
            </ul>
          </details>
        )}
        {lastCheck && <p className={styles.facts}>{lastCheck}</p>}
      </div>
      <Stack gap={2}>
        <Cluster gap={2}>
          {pack.state !== 'installed' && <InstallPackButton packId={pack.id} label="Install" />}
          {pack.state !== 'installed' && (
            <Button disabled={running} onClick={() => setAskFolder((v) => !v)}>
              From a folder…
            </Button>
          )}
          {pack.removable && (
            <Button
              disabled={running}
              onClick={() => void verify.mutateAsync(params).then((job) => setJobId(job.id))}
              testId={`verify-${pack.id}`}
            >
              Verify
            </Button>
          )}
          {pack.removable && !confirmRemove && (
            <Button
              disabled={running}
              onClick={() => setConfirmRemove(true)}
              testId={`remove-${pack.id}`}
            >
              Remove
            </Button>
          )}
          {pack.removable && confirmRemove && (
            <>
              <span>Remove {formatBytes(pack.bytes)}?</span>
              <Button
                variant="danger-ghost"
                onClick={() => {
                  setConfirmRemove(false);
                  void remove.mutateAsync(params);
                }}
                testId={`remove-confirm-${pack.id}`}
              >
                Remove
              </Button>
              <Button onClick={() => setConfirmRemove(false)}>Keep</Button>
            </>
          )}
        </Cluster>
        {askFolder && !running && (
          <form
            className={styles.folder}
            onSubmit={(event) => {
              event.preventDefault();
              setAskFolder(false);
              void fromFolder
                .mutateAsync({ ...params, json: { from: folder.trim() } })
                .then((job) => setJobId(job.id));
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
          <>
            <div>
              <ProgressBar
                value={live.progress}
                label={`${pack.title} progress`}
                valueText={live.stage ?? 'waiting'}
                indeterminate={live.status === 'queued'}
                testId={`progress-${pack.id}`}
              />
            </div>
            <p className={styles.facts} data-testid={`stage-${pack.id}`}>
              {live.stage ?? 'Waiting for the engine…'}
            </p>
          </>
        )}
        {live.error !== null && <Alert tone="error">{live.error}</Alert>}
        {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      </Stack>
    </li>
  );
}
