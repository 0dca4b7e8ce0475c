/** "Transcribe a recording": the file, the language (or detect), speakers on or off. */
import { useState } from 'react';
import { FileDrop } from '../../ui/FileDrop.tsx';
import type { TranscriptionChoices } from './transcription-types.ts';

export function TranscriptionForm({
  busy,
  running,
  error,
  onStart,
}: {
  busy: boolean;
  /** A job is still going: another cannot start yet. */
  running: boolean;
  error: string | null;
  onStart: (choices: TranscriptionChoices) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState('');
  const [speakers, setSpeakers] = useState(true);
  return (
    <section className="card" aria-label="New transcription">
      <h2>Transcribe a recording</h2>
      <FileDrop
        label="Audio or video file"
        accept="audio/*,video/*"
        testId="transcription-file"
        disabled={busy}
        onFile={setFile}
      />
      <div className="transcription-options">
        <label className="field">
          <span>Language</span>
          <input
            value={language}
            placeholder="detect (or en, de, fr…)"
            maxLength={16}
            onChange={(event) => setLanguage(event.target.value.trim())}
            data-testid="transcription-language"
          />
        </label>
        <label className="transcription-check">
          <input
            type="checkbox"
            checked={speakers}
            onChange={(event) => setSpeakers(event.target.checked)}
            data-testid="transcription-speakers"
          />
          <span>Tell speakers apart</span>
        </label>
      </div>
      <button
        type="button"
        className="button button--primary"
        disabled={!file || busy || running}
        onClick={() => file && onStart({ file, language, speakers })}
        data-testid="transcription-start"
      >
        Transcribe
      </button>
      {error && (
        <p className="transcript__error" role="alert" data-testid="transcription-error">
          {error}
        </p>
      )}
    </section>
  );
}
