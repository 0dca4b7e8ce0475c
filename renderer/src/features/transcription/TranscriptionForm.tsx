/** "Transcribe a recording": the file, the language (or detect), speakers on or off. */
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { FormMessages, TextField } from '../../ui/Field.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import type { TranscriptionChoices } from './transcription-types.ts';
import styles from './Transcription.module.css';

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
    <Card title="Transcribe a recording" testId="transcription-form">
      <FileDrop
        label="Audio or video file"
        accept="audio/*,video/*"
        testId="transcription-file"
        disabled={busy}
        onFile={setFile}
      />
      <div className={styles.options}>
        <TextField
          label="Language"
          optional
          value={language}
          placeholder="detect (or en, de, fr…)"
          maxLength={16}
          onChange={(event) => setLanguage(event.target.value.trim())}
          hint="Empty: detected from the speech."
          testId="transcription-language"
        />
        <Toggle checked={speakers} onChange={setSpeakers} testId="transcription-speakers">
          Tell speakers apart
        </Toggle>
      </div>
      <FormMessages error={error} testId="transcription-messages" />
      <div>
        <Button
          variant="primary"
          icon="captions"
          busy={busy}
          disabled={!file || running}
          onClick={() => file && onStart({ file, language, speakers })}
          testId="transcription-start"
        >
          Transcribe
        </Button>
      </div>
    </Card>
  );
}
