/**
 * yt-dlp, the extractor: which one runs (the verified tool pack or the system's), install or
 * update the pack (sites change, and extractors follow), and the owner's preference.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Card } from '../../ui/Card.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { errorMessage } from '../../api/errors.ts';
import { useLoaded } from '../../lib/use-loader.ts';
import { useJob } from '../jobs/use-job.ts';
import { WebClient } from './web-client.ts';

export function ToolPanel() {
  const client = useMemo(() => new WebClient(), []);
  const load = useCallback((signal: AbortSignal) => client.tool(signal), [client]);
  const status = useLoaded(load, errorMessage);
  const [installJob, setInstallJob] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const install = useJob(installJob);
  const { reload } = status;
  useEffect(() => {
    if (install.finished) reload();
  }, [install.finished, reload]);

  const start = async (version: 'latest' | null) => {
    setError(null);
    try {
      setInstallJob((await client.installTool(version)).job_id);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const prefer = async (preference: string) => {
    try {
      status.setData(() => null);
      await client.setToolPreference(preference);
    } catch (e) {
      setError(errorMessage(e));
    }
    reload();
  };

  const tool = status.data;
  return (
    <Card title="yt-dlp" testId="tool-panel">
      {tool && (
        <Facts
          items={[
            [
              'Runs',
              tool.active ? `${tool.active.source} ${tool.active.version}` : 'nothing usable',
              'tool-active',
            ],
            [
              'Tool pack',
              tool.installed ? `${tool.installed.version} (sha256 verified)` : 'not installed',
            ],
            [
              'System',
              tool.system ? `${tool.system.path} ${tool.system.version ?? ''}` : 'none on PATH',
            ],
            ['Pinned release', tool.pinned_version],
          ]}
        />
      )}
      {tool?.problem && <p className="form-error">{tool.problem}</p>}
      <div className="web-tool-actions">
        <button
          type="button"
          className="button"
          disabled={installJob !== null && !install.finished}
          onClick={() => void start('latest')}
        >
          Update to the latest release
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={installJob !== null && !install.finished}
          onClick={() => void start(null)}
        >
          Install the pinned release
        </button>
        <label>
          Prefer
          <select value={tool?.preference ?? 'auto'} onChange={(e) => void prefer(e.target.value)}>
            <option value="auto">auto (pack, else system)</option>
            <option value="pack">the tool pack</option>
            <option value="system">the system yt-dlp</option>
          </select>
        </label>
      </div>
      {installJob !== null && !install.finished && (
        <ProgressBar
          value={install.progress}
          label="Installing yt-dlp"
          valueText={install.stage ?? undefined}
        />
      )}
      {install.error && <p className="form-error">{install.error}</p>}
      {error && <p className="form-error">{error}</p>}
    </Card>
  );
}
