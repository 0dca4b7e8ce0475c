/**
 * "Analyze audio file…": pick a file → POST /files (raw bytes) → POST /analysis. The new job
 * then shows up in the list and follows the event stream like any other.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useStudioApi } from '../../data/contract-query.ts';
import { uploadFile } from '../../data/upload.ts';
import { formatBytes } from '../../lib/format.ts';
import { FileButton } from '../../ui/FileDrop.tsx';
import { useJobs } from './jobs-context.tsx';
import styles from './Jobs.module.css';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; bytes: number }
  | { kind: 'starting'; name: string };

export function AnalyzeFileButton() {
  const api = useStudioApi();
  const { track } = useJobs();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const busy = phase.kind !== 'idle';

  async function analyze(file: File) {
    setError(null);
    try {
      setPhase({ kind: 'uploading', name: file.name, bytes: file.size });
      const stored = await uploadFile(api, file);
      setPhase({ kind: 'starting', name: file.name });
      const job = await api.post('/analysis', { json: { file_key: stored.file_key } });
      track(job, file.name);
    } catch (caught) {
      setError(`Could not analyze ${file.name}: ${errorMessage(caught)}`);
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  return (
    <div className={styles.analyze}>
      <FileButton
        accept="audio/*,.wav,.flac,.mp3,.ogg,.opus,.m4a,.aac,.aif,.aiff"
        onFile={(file) => void analyze(file)}
        disabled={busy}
        testId="analyze-file-input"
        variant="primary"
      >
        Analyze audio file…
      </FileButton>
      <p className={styles.analyzeStatus} role="status" data-testid="analyze-status">
        {phase.kind === 'uploading' && `Uploading ${phase.name} (${formatBytes(phase.bytes)})…`}
        {phase.kind === 'starting' && `Starting analysis of ${phase.name}…`}
      </p>
      {error && (
        <p className={styles.analyzeError} role="alert" data-testid="analyze-error">
          {error}
        </p>
      )}
    </div>
  );
}
