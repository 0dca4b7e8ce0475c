/**
 * One line of a dub: when and who, what was said, and what is spoken. Editing it sends the new
 * words; the engine speaks only that line again and mixes the dub anew. A line the engine had to
 * cut short is marked, since shorter words are the fix.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { formatClock } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormMessages, TextArea } from '../../ui/Field.tsx';
import { Cluster } from '../../ui/Layout.tsx';
import type { DubLine } from './translate-types.ts';
import styles from './Translate.module.css';

export function DubLineRow({
  line,
  editable,
  onSave,
}: {
  line: DubLine;
  /** Only a finished translation takes edits. */
  editable: boolean;
  onSave: (text: string) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `translate-line-${line.id}`;

  async function save() {
    if (draft === null) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft.trim());
      setDraft(null);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  const changed = draft !== null && draft.trim() !== '' && draft.trim() !== line.translation;
  return (
    <tr data-testid={id}>
      <td className={styles.when}>
        {formatClock(line.start)}
        <div className="muted small">{line.speaker}</div>
      </td>
      <td data-testid={`${id}-source`}>{line.text}</td>
      <td>
        {draft === null ? (
          <>
            <span data-testid={`${id}-translation`}>{line.translation}</span>
            <Cluster gap={1}>
              {line.edited && <Badge tone="info">Edited</Badge>}
              {line.dub && line.dub.cut > 0 && (
                <Badge tone="warn" title="Shorter words would fit its place">
                  Cut short
                </Badge>
              )}
            </Cluster>
          </>
        ) : (
          <>
            <TextArea
              label="Spoken words"
              hideLabel
              value={draft}
              maxLength={2000}
              rows={2}
              onChange={(event) => setDraft(event.target.value)}
              testId={`${id}-input`}
            />
            <FormMessages error={error} />
          </>
        )}
      </td>
      <td className={styles.lineActions}>
        {draft === null ? (
          <Button
            size="sm"
            variant="ghost"
            icon="edit"
            disabled={!editable}
            onClick={() => setDraft(line.translation)}
            testId={`${id}-edit`}
          >
            Edit
          </Button>
        ) : (
          <Cluster gap={1}>
            <Button
              size="sm"
              variant="primary"
              busy={saving}
              disabled={!changed}
              onClick={() => void save()}
              testId={`${id}-save`}
            >
              Speak again
            </Button>
            <Button size="sm" variant="ghost" disabled={saving} onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Cluster>
        )}
      </td>
    </tr>
  );
}
