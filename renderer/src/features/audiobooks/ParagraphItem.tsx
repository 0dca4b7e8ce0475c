/**
 * One paragraph: position, speaker chip, direction, status, and the lock, skip and edit
 * controls. Saving goes through PUT .../paragraphs/{id}; the engine refuses any change to a
 * locked paragraph (409) and that answer is shown here as the engine words it. The editor stays
 * open after a refusal so nothing typed is lost.
 */
import { useId, useState, type FormEvent } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { useAudiobooks } from './audiobooks-context.tsx';
import {
  LIMITS,
  audiobookErrorText,
  directionProblem,
  humanize,
  speakerProblem,
} from './audiobook-format.ts';
import type { Paragraph, ParagraphUpdate } from './audiobook-types.ts';
import { SpeakerChip, speakerStyle } from './bits.tsx';
import { AbIcon } from './icons.tsx';
import { TakesPanel } from './TakesPanel.tsx';

export function ParagraphItem({
  projectId,
  paragraph,
  aliases,
  speakers,
  onSaved,
}: {
  projectId: string;
  paragraph: Paragraph;
  aliases: ReadonlyMap<string, string>;
  /** Known speaker names, offered while editing. */
  speakers: readonly string[];
  onSaved: (paragraph: Paragraph, textChanged: boolean) => void;
}) {
  const client = useAudiobooks();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [takesOpen, setTakesOpen] = useState(false);
  const [text, setText] = useState(paragraph.text);
  const [speaker, setSpeaker] = useState(paragraph.character_name);
  const [direction, setDirection] = useState(paragraph.direction);
  const [busy, setBusy] = useState<'lock' | 'skip' | 'save' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function put(change: ParagraphUpdate, what: 'lock' | 'skip' | 'save'): Promise<boolean> {
    setBusy(what);
    setFailure(null);
    try {
      const saved = await client.updateParagraph(projectId, paragraph.id, change);
      onSaved(saved, change.text !== undefined);
      return true;
    } catch (caught) {
      setFailure(audiobookErrorText(caught));
      return false;
    } finally {
      setBusy(null);
    }
  }

  function startEditing() {
    setText(paragraph.text);
    setSpeaker(paragraph.character_name);
    setDirection(paragraph.direction);
    setFailure(null);
    setFieldError(null);
    setEditing(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem =
      (text.trim() === '' ? 'A paragraph needs some text.' : null) ??
      speakerProblem(speaker) ??
      directionProblem(direction);
    setFieldError(problem);
    if (problem) return;
    const change: ParagraphUpdate = {};
    if (text !== paragraph.text) change.text = text;
    if (speaker.trim() !== paragraph.character_name) change.character_name = speaker.trim();
    if (direction !== paragraph.direction) change.direction = direction;
    if (Object.keys(change).length === 0) {
      setEditing(false);
      return;
    }
    if (await put(change, 'save')) setEditing(false);
  }

  const classes = [
    'ab-paragraph',
    paragraph.locked && 'ab-paragraph--locked',
    paragraph.skip_narration && 'ab-paragraph--skipped',
    editing && 'ab-paragraph--editing',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li
      className={classes}
      style={speakerStyle(paragraph.character_name, aliases)}
      data-testid="paragraph"
      data-paragraph-id={paragraph.id}
      data-position={paragraph.position}
      data-locked={paragraph.locked}
      data-skipped={paragraph.skip_narration}
    >
      <span className="ab-paragraph__position" aria-label={`Paragraph ${paragraph.position}`}>
        {paragraph.position}
      </span>
      <div className="ab-paragraph__body">
        <div className="ab-paragraph__top">
          <SpeakerChip name={paragraph.character_name} aliases={aliases} testId="speaker-label" />
          {paragraph.direction && !editing && (
            <span className="ab-paragraph__direction" data-testid="paragraph-direction">
              {paragraph.direction}
            </span>
          )}
          <span className="ab-paragraph__spacer" />
          {paragraph.status !== 'pending' && (
            <span
              className={`badge badge--${statusTone(paragraph.status)}`}
              data-testid="paragraph-status"
              data-status={paragraph.status}
            >
              {humanize(paragraph.status)}
            </span>
          )}
          {paragraph.skip_narration && <span className="ab-tag ab-tag--skip">Skipped</span>}
          <div className="ab-paragraph__tools">
            <button
              type="button"
              className="ab-icon-button"
              aria-pressed={paragraph.locked}
              aria-label={`Lock paragraph ${paragraph.position}`}
              title={
                paragraph.locked
                  ? 'Locked: edits, re-detection and re-takes are refused. Click to unlock.'
                  : 'Lock this paragraph against edits and re-takes.'
              }
              disabled={busy !== null}
              onClick={() => void put({ locked: !paragraph.locked }, 'lock')}
              data-testid="paragraph-lock"
            >
              <AbIcon name={paragraph.locked ? 'lock' : 'unlock'} />
            </button>
            <button
              type="button"
              className="ab-icon-button"
              aria-pressed={paragraph.skip_narration}
              aria-label={`Skip paragraph ${paragraph.position} in narration`}
              title={
                paragraph.skip_narration
                  ? 'Skipped: not narrated or exported. Click to narrate it.'
                  : 'Skip this paragraph in narration and export.'
              }
              disabled={busy !== null}
              onClick={() => void put({ skip_narration: !paragraph.skip_narration }, 'skip')}
              data-testid="paragraph-skip"
            >
              <AbIcon name="skip" />
            </button>
            <button
              type="button"
              className="ab-icon-button"
              aria-expanded={takesOpen}
              aria-label={`Narration and takes of paragraph ${paragraph.position}`}
              title="Narrate this paragraph, hear and compare its takes"
              onClick={() => setTakesOpen((open) => !open)}
              data-testid="paragraph-takes"
            >
              <AbIcon name="mic" />
            </button>
            <button
              type="button"
              className="ab-icon-button"
              aria-expanded={editing}
              aria-label={`Edit paragraph ${paragraph.position}`}
              title="Edit the text, speaker and direction"
              disabled={busy !== null || editing}
              onClick={startEditing}
              data-testid="paragraph-edit"
            >
              <AbIcon name="edit" />
            </button>
          </div>
        </div>

        {editing ? (
          <form className="ab-editor" onSubmit={save} noValidate data-testid="paragraph-editor">
            {paragraph.locked && (
              <p className="ab-editor__locked">
                <AbIcon name="lock" /> This paragraph is locked; the engine refuses changes until it
                is unlocked.
              </p>
            )}
            <label className="visually-hidden" htmlFor={`${id}-text`}>
              Text of paragraph {paragraph.position}
            </label>
            <textarea
              id={`${id}-text`}
              className="input ab-textarea ab-editor__text"
              value={text}
              rows={Math.min(12, Math.max(3, Math.ceil(text.length / 90)))}
              onChange={(event) => setText(event.target.value)}
              autoFocus
              data-testid="paragraph-text-input"
            />
            <div className="ab-editor__row">
              <div className="field">
                <label className="field__label" htmlFor={`${id}-speaker`}>
                  Speaker
                </label>
                <input
                  id={`${id}-speaker`}
                  className="input"
                  value={speaker}
                  maxLength={LIMITS.characterName}
                  placeholder="Narrator"
                  list={`${id}-speakers`}
                  onChange={(event) => setSpeaker(event.target.value)}
                  data-testid="paragraph-speaker-input"
                />
                <datalist id={`${id}-speakers`}>
                  {speakers.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-direction`}>
                  Direction{' '}
                  <span className="ab-label-note">
                    (first {LIMITS.performedDirection} characters are performed)
                  </span>
                </label>
                <input
                  id={`${id}-direction`}
                  className="input"
                  value={direction}
                  maxLength={LIMITS.direction}
                  placeholder="e.g. whispering, amused"
                  onChange={(event) => setDirection(event.target.value)}
                  data-testid="paragraph-direction-input"
                />
              </div>
            </div>
            {fieldError && <p className="field__error">{fieldError}</p>}
            <div className="ab-editor__actions">
              <span className="muted small">Empty speaker: the narrator reads it.</span>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => {
                  setEditing(false);
                  setFailure(null);
                }}
              >
                Cancel
              </button>
              <button
                type="submit"
                className="button button--primary button--small"
                disabled={busy !== null}
                data-testid="paragraph-save"
              >
                {busy === 'save' ? 'Saving…' : 'Save'}
              </button>
            </div>
          </form>
        ) : (
          <p className="ab-paragraph__text" data-testid="paragraph-text">
            {paragraph.text}
          </p>
        )}

        {takesOpen && (
          <TakesPanel paragraph={paragraph} onParagraph={(next) => onSaved(next, false)} />
        )}

        {failure && (
          <div
            className="alert alert--error ab-paragraph__error"
            role="alert"
            data-testid="paragraph-error"
          >
            <Icon name="alert" />
            <div className="ab-paragraph__error-text">
              <strong>Not saved.</strong> {failure}
            </div>
            {paragraph.locked && editing && (
              <button
                type="button"
                className="button button--small"
                onClick={() => void put({ locked: false }, 'lock')}
                disabled={busy !== null}
                data-testid="paragraph-unlock"
              >
                <AbIcon name="unlock" />
                Unlock
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function statusTone(status: string): string {
  if (status === 'completed') return 'ok';
  if (status === 'failed') return 'error';
  if (status === 'narrating' || status === 'queued') return 'running';
  return 'neutral';
}
