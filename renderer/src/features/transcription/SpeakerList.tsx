/**
 * The transcript's speakers, each in its colour (kept by label, so renaming does not recolour),
 * with its name editable in place. A name is saved on the transcript project, so every other
 * transcript of the project shows it too.
 */
import { useState } from 'react';
import { speakerColour } from '../audiobooks/speaker-colour.ts';
import type { TranscriptSpeaker } from './transcription-types.ts';

export function SpeakerList({
  speakers,
  onRename,
}: {
  speakers: readonly TranscriptSpeaker[];
  onRename: (label: string, name: string) => Promise<void>;
}) {
  if (speakers.length === 0) return null;
  return (
    <ul className="transcript-speakers" aria-label="Speakers">
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
      className="transcript-speaker"
      style={colour ? { borderColor: colour.border, background: colour.background } : undefined}
      data-testid={`speaker-${speaker.label}`}
    >
      <span className="transcript-speaker__swatch" style={{ background: colour?.text }} />
      {draft === null ? (
        <>
          <span className="transcript-speaker__name" style={{ color: colour?.text }}>
            {speaker.name}
          </span>
          <button
            type="button"
            className="button button--small"
            onClick={() => setDraft(speaker.name)}
            aria-label={`Rename ${speaker.name}`}
            data-testid={`speaker-rename-${speaker.label}`}
          >
            Rename
          </button>
        </>
      ) : (
        <form
          className="transcript-speaker__form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <input
            aria-label={`New name for ${speaker.label}`}
            value={draft}
            maxLength={80}
            autoFocus
            onChange={(event) => setDraft(event.target.value)}
            data-testid={`speaker-name-${speaker.label}`}
          />
          <button type="submit" className="button button--small button--primary">
            Save
          </button>
          <button type="button" className="button button--small" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </form>
      )}
    </li>
  );
}
