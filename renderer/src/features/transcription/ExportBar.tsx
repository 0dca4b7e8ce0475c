/**
 * Downloads of the transcript as the engine writes it (speaker names and corrections applied):
 * plain text, SRT and WebVTT captions, and JSON. The document is fetched with the studio's
 * credentials and handed to the browser as a file.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { TranscriptionClient } from './transcription-client.ts';
import { EXPORT_FORMATS, type ExportFormat } from './transcription-types.ts';

const LABELS: Record<ExportFormat, string> = {
  txt: 'Text (.txt)',
  srt: 'Captions (.srt)',
  vtt: 'Captions (.vtt)',
  json: 'JSON',
};

export function ExportBar({ client, jobId }: { client: TranscriptionClient; jobId: number }) {
  const [error, setError] = useState<string | null>(null);
  const download = async (format: ExportFormat) => {
    setError(null);
    try {
      const { blob, filename } = await client.document(jobId, format);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      // The click has handed the file to the browser; the object URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <div className="transcript__exports" role="group" aria-label="Export">
      <span>Export</span>
      {EXPORT_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="button button--small"
          onClick={() => void download(format)}
          data-testid={`transcript-export-${format}`}
        >
          {LABELS[format]}
        </button>
      ))}
      {error && (
        <span className="transcript__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
