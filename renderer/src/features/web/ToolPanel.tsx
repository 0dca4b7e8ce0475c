/**
 * The downloader (yt-dlp): which one runs (the verified copy Tapehouse installs, or the one this
 * system has), install or update Tapehouse's copy (sites change, and the downloader follows),
 * and which one to prefer.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { useJob } from '../../data/use-job.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { Select } from '../../ui/Select.tsx';
import styles from './Web.module.css';

const SOURCE_WORDS: Record<string, string> = {
  pack: 'Tapehouse’s copy',
  system: 'this system’s copy',
};

export function ToolPanel() {
  const status = useContractQuery('/web/tools/yt-dlp', {});
  const [installJob, setInstallJob] = useState<number | null>(null);
  const install = useJob(installJob);
  const installing = installJob !== null && !install.finished;
  const start = useContractMutation('post', '/web/tools/yt-dlp/install', {
    onSuccess: (job) => setInstallJob(job.job_id),
  });
  const prefer = useContractMutation('put', '/web/tools/yt-dlp', {
    invalidates: ['/web/tools'],
  });
  const tool = status.data;
  const failure = start.error ?? prefer.error ?? status.error;

  return (
    <Card
      title="The downloader"
      description="yt-dlp reads media pages; Tapehouse keeps a verified copy up to date."
      testId="tool-panel"
    >
      {tool && (
        <Facts
          items={[
            [
              'In use',
              tool.active
                ? `${SOURCE_WORDS[tool.active.source] ?? tool.active.source}, version ${tool.active.version}`
                : 'none that works',
              'tool-active',
            ],
            [
              'Tapehouse’s copy',
              tool.installed ? `version ${tool.installed.version}, verified` : 'not installed',
            ],
            [
              'This system’s copy',
              tool.system ? `version ${tool.system.version ?? 'unknown'}` : 'not installed',
            ],
            ['Tested release', tool.pinned_version],
          ]}
        />
      )}
      {tool?.problem && <Alert tone="warn">{tool.problem}</Alert>}
      <div className={styles.toolActions}>
        <Button disabled={installing} onClick={() => start.mutate({ json: { version: 'latest' } })}>
          Update to the latest release
        </Button>
        <Button disabled={installing} onClick={() => start.mutate({ json: {} })}>
          Install the tested release
        </Button>
        <Select
          label="Prefer"
          value={tool?.preference ?? 'auto'}
          onChange={(preference) => prefer.mutate({ json: { preference } })}
          disabled={!tool || prefer.isPending}
          testId="tool-preference"
          options={[
            { value: 'auto', label: 'Tapehouse’s copy, else this system’s' },
            { value: 'pack', label: 'Tapehouse’s copy' },
            { value: 'system', label: 'This system’s copy' },
          ]}
        />
      </div>
      {installing && (
        <ProgressBar
          value={install.progress}
          label="Installing the downloader"
          valueText={install.stage ?? undefined}
        />
      )}
      {install.error && <Alert tone="error">{install.error}</Alert>}
      {failure && <Alert tone="error">{errorMessage(failure)}</Alert>}
    </Card>
  );
}
