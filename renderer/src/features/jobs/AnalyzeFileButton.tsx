/**
 * "Analyze audio file…": pick a file → POST /files (raw bytes) → POST /analysis. The new job
 * then shows up in the list and follows the event stream like any other.
 */
import { useState } from 'react';
import { useApi } from '../../api/context.tsx';
import { errorText } from '../../api/errors.ts';
import { FileButton } from '../../ui/FileDrop.tsx';
import { formatBytes } from '../../lib/format.ts';
import { useJobs } from './jobs-context.tsx';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; bytes: number }
  | { kind: 'starting'; name: string };

export function AnalyzeFileButton() {
  const api = useApi();
  const { track } = useJobs();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const busy = phase.kind !== 'idle';

  async function analyze(file: File) {
    setError(null);
    try {
      setPhase({ kind: 'uploading', name: file.name, bytes: file.size });
      const stored = await api.uploadFile(file, file.name);
      setPhase({ kind: 'starting', name: file.name });
      const job = await api.startAnalysis(stored.file_key);
      track(job, file.name);
    } catch (caught) {
      setError(`Could not analyze ${file.name}: ${errorText(caught)}`);
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  return (
    <div className="analyze">
      <FileButton
        accept="audio/*,.wav,.flac,.mp3,.ogg,.opus,.m4a,.aac,.aif,.aiff"
        onFile={(file) => void analyze(file)}
        disabled={busy}
        testId="analyze-file-input"
        variant="primary"
      >
        Analyze audio file…
      </FileButton>
      <p className="analyze__status" role="status" data-testid="analyze-status">
        {phase.kind === 'uploading' && `Uploading ${phase.name} (${formatBytes(phase.bytes)})…`}
        {phase.kind === 'starting' && `Starting analysis of ${phase.name}…`}
      </p>
      {error && (
        <p className="analyze__error" role="alert" data-testid="analyze-error">
          {error}
        </p>
      )}
    </div>
  );
}
