/**
 * Downloads of the transcript as the engine writes it (speaker names and corrections applied):
 * plain text, SRT and WebVTT captions, and JSON. The document is fetched with the studio's
 * credentials and handed to the browser as a file.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useStudioApi } from '../../data/contract-query.ts';
import { Button } from '../../ui/Button.tsx';
import { EXPORT_FORMATS, type ExportFormat } from './transcription-types.ts';
import styles from './Transcription.module.css';

const LABELS: Record<ExportFormat, string> = {
  txt: 'Text (.txt)',
  srt: 'Captions (.srt)',
  vtt: 'Captions (.vtt)',
  json: 'JSON',
};

export function ExportBar({ jobId }: { jobId: number }) {
  const api = useStudioApi();
  const [error, setError] = useState<string | null>(null);
  const download = async (format: ExportFormat) => {
    setError(null);
    try {
      const response = await api.send('get', '/transcription/transcript/{transcription_job_id}', {
        params: { transcription_job_id: jobId },
        query: { format },
      });
      const disposition = response.headers.get('content-disposition') ?? '';
      const named = /filename="?([^";]+)"?/.exec(disposition)?.[1];
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = named ?? `transcript.${format}`;
      link.click();
      // The click has handed the file to the browser; the object URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div className={styles.exports} role="group" aria-label="Export">
      <span className="muted">Export</span>
      {EXPORT_FORMATS.map((format) => (
        <Button
          size="sm"
          icon="download"
          key={format}
          onClick={() => void download(format)}
          testId={`transcript-export-${format}`}
        >
          {LABELS[format]}
        </Button>
      ))}
      {error && (
        <span className="small" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
