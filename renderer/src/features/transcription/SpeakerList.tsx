/**
 * The transcript's speakers, each in its colour (kept by label, so renaming does not recolour),
 * with its name editable in place. A name is saved on the transcript project, so every other
 * transcript of the project shows it too.
 */
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/Field.tsx';
import { speakerColour } from '../audiobooks/speaker-colour.ts';
import type { TranscriptSpeaker } from './transcription-types.ts';
import styles from './Transcription.module.css';

export function SpeakerList({
  speakers,
  onRename,
}: {
  speakers: readonly TranscriptSpeaker[];
  onRename: (label: string, name: string) => Promise<void>;
}) {
  if (speakers.length === 0) return null;
  return (
    <ul className={styles.speakers} aria-label="Speakers">
      {speakers.map((speaker) => (
        <SpeakerItem key={speaker.label} speaker={speaker} onRename={onRename} />
      ))}
    </ul>
  );
}

function SpeakerItem({
  speaker,
  onRename,
}: {
  speaker: TranscriptSpeaker;
  onRename: (label: string, name: string) => Promise<void>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const colour = speakerColour(speaker.label);
  const save = async () => {
    const name = draft?.trim() ?? '';
    if (name !== '' && name !== speaker.name) await onRename(speaker.label, name);
    setDraft(null);
  };
  return (
    <li
      className={styles.speaker}
      style={colour ? { borderColor: colour.border, background: colour.background } : undefined}
      data-testid={`speaker-${speaker.label}`}
    >
      <span className={styles.swatch} style={{ background: colour?.text }} />
      {draft === null ? (
        <>
          <span className={styles.speakerName} style={{ color: colour?.text }}>
            {speaker.name}
          </span>
          <Button
            size="sm"
            variant="ghost"
            icon="edit"
            onClick={() => setDraft(speaker.name)}
            aria-label={`Rename ${speaker.name}`}
            testId={`speaker-rename-${speaker.label}`}
          >
            Rename
          </Button>
        </>
      ) : (
        <form
          className={styles.speakerForm}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField
            label={`New name for ${speaker.label}`}
            hideLabel
            value={draft}
            maxLength={80}
            autoFocus
            onChange={(event) => setDraft(event.target.value)}
            testId={`speaker-name-${speaker.label}`}
          />
          <Button size="sm" variant="primary" type="submit">
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </form>
      )}
    </li>
  );
}
