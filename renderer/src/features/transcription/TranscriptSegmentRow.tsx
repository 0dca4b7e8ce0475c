/**
 * One segment of the transcript: its speaker (coloured), its time, and its words — each a button
 * that seeks the player to where it is spoken, the one being played highlighted. "Edit" turns the
 * text into a text box; the correction is saved on the engine (exports use it) and the segment
 * is then shown as text (its word times belong to the words heard, not to the correction).
 */
import { useState } from 'react';
import { speakerColour } from '../audiobooks/speaker-colour.ts';
import { clock, showsWords } from './transcript-time.ts';
import type { TranscriptSegment } from './transcription-types.ts';

export function TranscriptSegmentRow({
  segment,
  playingWord,
  onSeek,
  onSaveText,
}: {
  segment: TranscriptSegment;
  /** The word being played (-1: the segment, shown as text), or null when not this segment. */
  playingWord: number | null;
  onSeek: (seconds: number) => void;
  onSaveText: (text: string) => Promise<void>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const colour = speakerColour(segment.speaker_label);
  const save = async () => {
    if (draft !== null && draft.trim() !== '' && draft !== segment.text) await onSaveText(draft);
    setDraft(null);
  };
  return (
    <li
      className={playingWord === null ? 'transcript-segment' : 'transcript-segment is-playing'}
      style={colour ? { borderLeftColor: colour.text } : undefined}
      data-testid={`segment-${segment.id}`}
    >
      <div className="transcript-segment__head">
        {segment.speaker !== null && (
          <span
            className="transcript-segment__speaker"
            style={{ color: colour?.text }}
            data-testid="segment-speaker"
          >
            {segment.speaker}
          </span>
        )}
        <button
          type="button"
          className="transcript-segment__time"
          onClick={() => onSeek(segment.start)}
          aria-label={`Play from ${clock(segment.start)}`}
        >
          {clock(segment.start)}
        </button>
        {segment.edited && <span className="transcript-segment__edited">corrected</span>}
        {draft === null && (
          <button
            type="button"
            className="button button--small transcript-segment__edit"
            onClick={() => setDraft(segment.text)}
            data-testid={`segment-edit-${segment.id}`}
          >
            Edit
          </button>
        )}
      </div>
      {draft !== null ? (
        <form
          className="transcript-segment__form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <textarea
            aria-label="Segment text"
            value={draft}
            rows={Math.min(6, Math.ceil(draft.length / 80) + 1)}
            onChange={(event) => setDraft(event.target.value)}
            data-testid={`segment-text-${segment.id}`}
          />
          <div className="transcript-segment__actions">
            <button type="submit" className="button button--small button--primary">
              Save
            </button>
            <button type="button" className="button button--small" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : showsWords(segment) ? (
        <p className="transcript-segment__text">
          {segment.words.map((word, index) => (
            <button
              key={index}
              type="button"
              className={index === playingWord ? 'transcript-word is-spoken' : 'transcript-word'}
              onClick={() => onSeek(word.start)}
              title={`${clock(word.start)}${word.confidence === null ? '' : ` · ${Math.round(word.confidence * 100)} %`}`}
              data-testid="transcript-word"
              data-start={word.start}
            >
              {word.word.trim()}
            </button>
          ))}
        </p>
      ) : (
        <p className="transcript-segment__text" data-testid="segment-plain-text">
          {segment.text}
        </p>
      )}
    </li>
  );
}
