/**
 * One paragraph: position, speaker chip, direction, status, and the lock, skip and edit
 * controls. Saving goes through PUT .../paragraphs/{id}; the engine refuses any change to a
 * locked paragraph (409) and that answer is shown here as the engine words it. The editor stays
 * open after a refusal so nothing typed is lost.
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge, type BadgeTone } from '../../ui/Badge.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import { FieldRow, FormActions, TextArea, TextField } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { LIMITS, directionProblem, humanize, speakerProblem } from './audiobook-format.ts';
import type { Paragraph, ParagraphUpdate } from './audiobook-types.ts';
import { SpeakerChip, speakerStyle } from './bits.tsx';
import { BOOK_ROUTE, bookFamily } from './book-queries.ts';
import { staleReasonLabel } from './narration-format.ts';
import { TakesPanel } from './TakesPanel.tsx';
import bookFrameStyles from './BookFrame.module.css';
import styles from './Manuscript.module.css';

type Busy = 'lock' | 'skip' | 'save' | null;

export function ParagraphItem({
  projectId,
  paragraph,
  aliases,
  speakers,
}: {
  projectId: string;
  paragraph: Paragraph;
  aliases: ReadonlyMap<string, string>;
  /** Known speaker names, offered while editing. */
  speakers: readonly string[];
}) {
  const [editing, setEditing] = useState(false);
  const [takesOpen, setTakesOpen] = useState(false);
  const [text, setText] = useState(paragraph.text);
  const [speaker, setSpeaker] = useState(paragraph.character_name);
  const [direction, setDirection] = useState(paragraph.direction);
  const [busy, setBusy] = useState<Busy>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const update = useContractMutation('put', `${BOOK_ROUTE}/paragraphs/{paragraph_id}`, {
    // A line's text, speaker or status feeds the book's totals, cast and estimate.
    invalidates: [bookFamily(projectId)],
  });
  const position = paragraph.position;
  const listId = `speakers-${paragraph.id}`;

  async function put(change: ParagraphUpdate, what: Busy): Promise<boolean> {
    setBusy(what);
    try {
      await update.mutateAsync({
        params: { project_id: projectId, paragraph_id: paragraph.id },
        json: change,
      });
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  }

  function startEditing() {
    setText(paragraph.text);
    setSpeaker(paragraph.character_name);
    setDirection(paragraph.direction);
    update.reset();
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
    if (Object.keys(change).length === 0) return setEditing(false);
    if (await put(change, 'save')) setEditing(false);
  }

  return (
    <li
      className={cx(
        styles.paragraph,
        paragraph.locked && styles.paragraphLocked,
        paragraph.skip_narration && styles.paragraphSkipped,
        editing && styles.paragraphEditing,
      )}
      style={speakerStyle(paragraph.character_name, aliases)}
      data-testid="paragraph"
      data-paragraph-id={paragraph.id}
      data-position={position}
      data-locked={paragraph.locked}
      data-skipped={paragraph.skip_narration}
    >
      <span className={styles.paragraphPosition} aria-label={`Paragraph ${position}`}>
        {position}
      </span>
      <div className={styles.paragraphBody}>
        <div className={styles.paragraphTop}>
          <SpeakerChip name={paragraph.character_name} aliases={aliases} testId="speaker-label" />
          {paragraph.direction && !editing && (
            <span className={styles.paragraphDirection} data-testid="paragraph-direction">
              {paragraph.direction}
            </span>
          )}
          <span className={styles.paragraphSpacer} />
          {paragraph.status !== 'pending' && (
            <span data-testid="paragraph-status" data-status={paragraph.status}>
              <Badge tone={statusTone(paragraph.status)}>{humanize(paragraph.status)}</Badge>
            </span>
          )}
          {paragraph.audio_stale && paragraph.stale_reason !== null && (
            <span
              data-testid="paragraph-stale"
              data-reason={paragraph.stale_reason}
              title={staleReasonLabel(paragraph.stale_reason)}
            >
              <Badge tone="warn">Changed since narration</Badge>
            </span>
          )}
          {paragraph.skip_narration && (
            <span className={cx(bookFrameStyles.tag, bookFrameStyles.tagSkip)}>Skipped</span>
          )}
          <div className={styles.paragraphTools}>
            <IconButton
              icon={paragraph.locked ? 'lock' : 'unlock'}
              size="sm"
              aria-pressed={paragraph.locked}
              label={
                paragraph.locked
                  ? `Paragraph ${position} is locked: edits and re-takes are refused. Press to unlock.`
                  : `Lock paragraph ${position} against edits and re-takes`
              }
              disabled={busy !== null}
              onClick={() => void put({ locked: !paragraph.locked }, 'lock')}
              testId="paragraph-lock"
            />
            <IconButton
              icon="skip"
              size="sm"
              aria-pressed={paragraph.skip_narration}
              label={
                paragraph.skip_narration
                  ? `Paragraph ${position} is skipped: not narrated or exported. Press to narrate it.`
                  : `Skip paragraph ${position} in narration and export`
              }
              disabled={busy !== null}
              onClick={() => void put({ skip_narration: !paragraph.skip_narration }, 'skip')}
              testId="paragraph-skip"
            />
            <IconButton
              icon="mic"
              size="sm"
              aria-expanded={takesOpen}
              label={`Narrate paragraph ${position}, hear and compare its takes`}
              onClick={() => setTakesOpen((open) => !open)}
              testId="paragraph-takes"
            />
            <IconButton
              icon="edit"
              size="sm"
              aria-expanded={editing}
              label={`Edit paragraph ${position}: text, speaker and direction`}
              disabled={busy !== null || editing}
              onClick={startEditing}
              testId="paragraph-edit"
            />
          </div>
        </div>

        {editing ? (
          <form className={styles.editor} onSubmit={save} noValidate data-testid="paragraph-editor">
            {paragraph.locked && (
              <p className={styles.editorLocked}>
                <Icon name="lock" /> This paragraph is locked; the engine refuses changes until it
                is unlocked.
              </p>
            )}
            <TextArea
              label={`Text of paragraph ${position}`}
              hideLabel
              value={text}
              rows={Math.min(12, Math.max(3, Math.ceil(text.length / 90)))}
              onChange={(event) => setText(event.target.value)}
              autoFocus
              testId="paragraph-text-input"
            />
            <FieldRow>
              <TextField
                label="Speaker"
                value={speaker}
                maxLength={LIMITS.characterName}
                placeholder="Narrator"
                list={listId}
                onChange={(event) => setSpeaker(event.target.value)}
                hint="Empty: the narrator reads it."
                testId="paragraph-speaker-input"
              />
              <TextField
                label="Direction"
                value={direction}
                maxLength={LIMITS.direction}
                placeholder="e.g. whispering, amused"
                onChange={(event) => setDirection(event.target.value)}
                hint={`The first ${LIMITS.performedDirection} characters are performed.`}
                testId="paragraph-direction-input"
              />
            </FieldRow>
            <datalist id={listId}>
              {speakers.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            {fieldError && <p className={bookFrameStyles.errorText}>{fieldError}</p>}
            <FormActions>
              <Button
                variant="primary"
                size="sm"
                type="submit"
                busy={busy === 'save'}
                disabled={busy !== null}
                testId="paragraph-save"
              >
                Save
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setEditing(false);
                  update.reset();
                }}
              >
                Cancel
              </Button>
            </FormActions>
          </form>
        ) : (
          <p className={styles.paragraphText} data-testid="paragraph-text">
            {paragraph.text}
          </p>
        )}

        {takesOpen && <TakesPanel paragraph={paragraph} />}

        {update.error && (
          <Alert
            tone="error"
            testId="paragraph-error"
            title="Not saved."
            action={
              paragraph.locked &&
              editing && (
                <Button
                  size="sm"
                  icon="unlock"
                  onClick={() => void put({ locked: false }, 'lock')}
                  disabled={busy !== null}
                  testId="paragraph-unlock"
                >
                  Unlock
                </Button>
              )
            }
          >
            {errorMessage(update.error)}
          </Alert>
        )}
      </div>
    </li>
  );
}

function statusTone(status: string): BadgeTone {
  if (status === 'completed') return 'ok';
  if (status === 'failed') return 'error';
  if (status === 'narrating' || status === 'queued') return 'info';
  return 'neutral';
}
