/**
 * "Analyze audio file…": pick a file → POST /files (raw bytes) → POST /analysis. The new job
 * then shows up in the list and follows the event stream like any other.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { useApi } from '../../api/context.tsx';
import { errorText } from '../../api/errors.ts';
import { Icon } from '../../components/Icon.tsx';
import { formatBytes } from '../../lib/format.ts';
import { useJobs } from './jobs-context.tsx';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; bytes: number }
  | { kind: 'starting'; name: string };

export function AnalyzeFileButton() {
  const api = useApi();
  const { track } = useJobs();
  const inputId = useId();
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

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again must fire `change` again
    if (file) void analyze(file);
  }

  return (
    <div className="analyze">
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="audio/*,.wav,.flac,.mp3,.ogg,.opus,.m4a,.aac,.aif,.aiff"
        onChange={onChange}
        disabled={busy}
        data-testid="analyze-file-input"
      />
      <label
        htmlFor={inputId}
        className={`button button--primary${busy ? ' button--disabled' : ''}`}
        aria-disabled={busy}
      >
        <Icon name="upload" />
        Analyze audio file…
      </label>
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
