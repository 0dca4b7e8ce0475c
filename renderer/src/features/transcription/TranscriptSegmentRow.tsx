/**
 * One segment of the transcript: its speaker (coloured), its time, and its words — each an
 * inline button that seeks the player to where it is spoken, the one being played marked. "Edit"
 * turns the text into a text box; the correction is saved on the engine (exports use it) and the
 * segment is then shown as text (its word times belong to the words heard, not the correction).
 */
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import { FormActions, TextArea } from '../../ui/Field.tsx';
import { InlineButton } from '../../ui/InlineButton.tsx';
import { speakerColour } from '../audiobooks/speaker-colour.ts';
import { clock, showsWords } from './transcript-time.ts';
import type { TranscriptSegment } from './transcription-types.ts';
import styles from './Transcription.module.css';

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
      className={cx(styles.segment, playingWord !== null && styles.playing)}
      style={colour ? { borderLeftColor: colour.text } : undefined}
      data-testid={`segment-${segment.id}`}
      data-playing={playingWord !== null}
    >
      <div className={styles.segmentHead}>
        {segment.speaker !== null && (
          <span
            className={styles.segmentSpeaker}
            style={{ color: colour?.text }}
            data-testid="segment-speaker"
          >
            {segment.speaker}
          </span>
        )}
        <InlineButton
          quiet
          onClick={() => onSeek(segment.start)}
          aria-label={`Play from ${clock(segment.start)}`}
        >
          {clock(segment.start)}
        </InlineButton>
        {segment.edited && <span className={styles.edited}>corrected</span>}
        {draft === null && (
          <Button
            size="sm"
            variant="ghost"
            icon="edit"
            onClick={() => setDraft(segment.text)}
            testId={`segment-edit-${segment.id}`}
          >
            Edit
          </Button>
        )}
      </div>
      {draft !== null ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextArea
            label="Segment text"
            hideLabel
            value={draft}
            rows={Math.min(6, Math.ceil(draft.length / 80) + 1)}
            onChange={(event) => setDraft(event.target.value)}
            testId={`segment-text-${segment.id}`}
          />
          <FormActions>
            <Button size="sm" variant="primary" type="submit">
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </FormActions>
        </form>
      ) : showsWords(segment) ? (
        <p className={styles.segmentText}>
          {segment.words.map((word, index) => (
            <span key={index}>
              <InlineButton
                current={index === playingWord}
                onClick={() => onSeek(word.start)}
                title={`${clock(word.start)}${word.confidence === null ? '' : ` · ${Math.round(word.confidence * 100)} %`}`}
                testId="transcript-word"
                data-start={word.start}
              >
                {word.word.trim()}
              </InlineButton>{' '}
            </span>
          ))}
        </p>
      ) : (
        <p className={styles.segmentText} data-testid="segment-plain-text">
          {segment.text}
        </p>
      )}
    </li>
  );
}
