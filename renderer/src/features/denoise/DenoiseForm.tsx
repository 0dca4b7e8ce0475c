/** "Clean a recording": the file, the quality mode, and the start button. */
import { useState } from 'react';
import { FileField } from '../../components/audio/FilePicker.tsx';
import type { QualityMode } from './denoise-types.ts';

const MODES: { mode: QualityMode; title: string; about: string }[] = [
  {
    mode: 'balanced',
    title: 'Balanced',
    about: 'GTCRN at 16 kHz: fast, good for speech; the result is band-limited to 8 kHz.',
  },
  {
    mode: 'studio',
    title: 'Studio',
    about: 'DeepFilterNet3 at 48 kHz: full-band, the best quality; slower.',
  },
];

export function DenoiseForm({
  busy,
  running,
  error,
  onStart,
}: {
  busy: boolean;
  /** A job is still going: another cannot start yet. */
  running: boolean;
  error: string | null;
  onStart: (file: File, mode: QualityMode) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<QualityMode>('studio');
  return (
    <section className="card" aria-label="New noise reduction">
      <h2>Clean a recording</h2>
      <FileField
        label="Audio or video file"
        accept="audio/*,video/*"
        testId="denoise-file"
        disabled={busy}
        onFile={setFile}
      />
      <fieldset className="denoise-modes">
        <legend>Quality</legend>
        {MODES.map((m) => (
          <label key={m.mode}>
            <input
              type="radio"
              name="denoise-mode"
              value={m.mode}
              checked={mode === m.mode}
              onChange={() => setMode(m.mode)}
              data-testid={`denoise-mode-${m.mode}`}
            />
            <span>
              <strong>{m.title}</strong> — {m.about}
            </span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="button button--primary"
        disabled={!file || busy || running}
        onClick={() => file && onStart(file, mode)}
        data-testid="denoise-start"
      >
        Reduce noise
      </button>
      {error && (
        <p className="denoise-error" role="alert" data-testid="denoise-error">
          {error}
        </p>
      )}
    </section>
  );
}
